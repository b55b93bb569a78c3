import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { cx } from '../../components/cx.ts';
import {
  ChevronDownIcon,
  CloseIcon,
  DiscordIcon,
  LockIcon,
  LogoutIcon,
  MailIcon,
  UserIcon,
} from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useLogout } from '../auth/use-logout.ts';
import { useUser } from './api.ts';
import { LegalSection } from './legal-section.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SecuritySection } from './security-section.tsx';
import styles from './settings.module.css';
import { SETTINGS_SECTIONS, type SettingsSection, sectionFromHash } from './settings-logic.ts';
import { SocialSection } from './social-section.tsx';
import { SubscriptionsSection } from './subscriptions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const ICONS: Record<SettingsSection, ReactNode> = {
  profile: <UserIcon size={18} />,
  security: <LockIcon size={18} />,
  subscriptions: <MailIcon size={18} />,
  notifications: <MailIcon size={18} />,
  social: <DiscordIcon size={18} />,
  legal: <LockIcon size={18} />,
};

/** The session ended under us: forget it locally and ask to log in again. */
function SessionGone({ expired }: { expired: boolean }) {
  const { clear, isAuthenticated } = useAuth();
  useEffect(() => {
    if (isAuthenticated) clear();
  }, [clear, isAuthenticated]);
  const state: NavigationState = expired ? { notice: 'sessionExpired' } : {};
  return <Navigate to={paths.login} replace state={state} />;
}

export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const auth = useAuth();
  const location = useLocation();
  const logout = useLogout();
  const section = sectionFromHash(location.hash);
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const expired = useRef(false);
  const user = useUser();
  usePageTitle(t('title'));

  // Switching section from the menu moves focus to the section's heading.
  const switched = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the section changes
  useEffect(() => {
    if (switched.current) focusSoon(() => headingRef.current);
    switched.current = false;
  }, [section]);

  const refused = user.error instanceof ApiError && (user.error.status === 401 || user.error.status === 403);
  // A member we believed logged in whose session the server refuses: it expired. Remembered, as
  // clearing the session re-renders this screen as a visitor's before the redirect lands.
  if (refused && !auth.isLoading && auth.isAuthenticated) expired.current = true;
  if (!auth.isLoading && (refused || !auth.isAuthenticated)) return <SessionGone expired={expired.current} />;

  const onLogout = async () => {
    setLoggingOut(true);
    await logout(paths.login);
  };

  let body: ReactNode;
  if (user.isPending || refused) body = <PageSpinner label={t('loading')} />;
  else if (user.isError) {
    body = (
      <Notice type="error">
        <p>{t('loadError')}</p>
        <Button variant="secondary" size="sm" onClick={() => void user.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else if (section === 'profile') body = <ProfileSection user={user.data} />;
  else if (section === 'subscriptions') body = <SubscriptionsSection />;
  else if (section === 'notifications') body = <NotificationPreferences />;
  else if (section === 'social') body = <SocialSection />;
  // Settings → Security: two-factor authentication (ADR 0016) above the active sessions (ADR 0015).
  else if (section === 'security')
    body = (
      <SecuritySection>
        <TwoFactorSection />
      </SecuritySection>
    );
  else body = <LegalSection />;

  return (
    <main id="main" className={styles.page}>
      <div className={cx('container', styles.shell)}>
        <header className={styles.head}>
          <div>
            <p className={styles.eyebrow}>{t('eyebrow')}</p>
            <h1 className={styles.title}>{t('title')}</h1>
          </div>
          <Link to={paths.home} className={styles.close} aria-label={t('close')}>
            <CloseIcon />
          </Link>
        </header>

        <div className={styles.layout}>
          <aside className={styles.aside}>
            <button
              type="button"
              className={styles.menuToggle}
              aria-expanded={menuOpen}
              aria-controls="settings-menu"
              onClick={() => setMenuOpen((v) => !v)}
            >
              <span>
                <span className="visually-hidden">{t('menu')}: </span>
                {t(`sections.${section}`)}
              </span>
              <ChevronDownIcon className={cx(styles.chevron, menuOpen && styles.chevronOpen)} />
            </button>
            <nav
              id="settings-menu"
              aria-label={t('menu')}
              className={cx(styles.menu, menuOpen && styles.menuOpen)}
            >
              <ul>
                {SETTINGS_SECTIONS.map((s) => (
                  <li key={s}>
                    <Link
                      to={{ hash: s }}
                      preventScrollReset
                      replace
                      className={cx(styles.menuLink, s === section && styles.menuActive)}
                      aria-current={s === section ? 'page' : undefined}
                      onClick={() => {
                        switched.current = true;
                        setMenuOpen(false);
                      }}
                    >
                      {ICONS[s]}
                      <span>{t(`sections.${s}`)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Button
                variant="ghost"
                className={styles.logout}
                onClick={() => void onLogout()}
                loading={loggingOut}
                icon={<LogoutIcon size={18} />}
              >
                {t('logout')}
              </Button>
            </nav>
          </aside>

          <section className={styles.panel} aria-labelledby="settings-section-title">
            <h2 id="settings-section-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
              {t(`sections.${section}`)}
            </h2>
            <p className={styles.sectionIntro}>{t(`intros.${section}`)}</p>
            {body}
          </section>
        </div>
      </div>
    </main>
  );
}
