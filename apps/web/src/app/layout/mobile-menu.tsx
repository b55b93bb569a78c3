import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { cx } from '../../components/cx.ts';
import { Dialog } from '../../components/dialog.tsx';
import {
  CheckIcon,
  HourglassIcon,
  LockIcon,
  LogoutIcon,
  SettingsIcon,
  UploadIcon,
  UserIcon,
} from '../../components/icons.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { paths } from '../paths.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import styles from './mobile-menu.module.css';
import { SocialLinks } from './social-links.tsx';

/** The full-screen menu below 768 px (spec §2); page scroll is locked while it is open. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const logout = useLogout();
  const location = useLocation();

  // Any navigation closes it.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== shownAt.current) {
      shownAt.current = location.key;
      onClose();
    }
  }, [location.key, onClose]);

  // Growing past the breakpoint with the menu open closes it: there is nothing to show it for.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia('(min-width: 768px)');
    const onChange = () => query.matches && onClose();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, onClose]);

  const linkClass = ({ isActive }: { isActive: boolean }) => cx(styles.link, isActive && styles.active);

  return (
    <Dialog open={open} onClose={onClose} title={t('nav.menu')} variant="sheet" className={styles.menu}>
      <nav aria-label={t('nav.mobile')}>
        <ul className={styles.list}>
          <li>
            <NavLink to={paths.home} end className={linkClass}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.aboutUs} className={linkClass}>
              {t('nav.about')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.campaigns} className={linkClass}>
              {t('nav.campaigns')}
            </NavLink>
          </li>
          {auth.isAuthenticated && (
            <li>
              <NavLink to={paths.news} className={linkClass}>
                {t('nav.news')}
              </NavLink>
            </li>
          )}
        </ul>
      </nav>

      <div className={styles.section}>
        {auth.isAuthenticated ? (
          <div className={styles.account}>
            <p className={styles.signedIn}>
              {t('account.signedInAs')} <strong>{auth.username}</strong>
            </p>
            {!auth.isEmailVerified && <p className={styles.unverified}>{t('account.emailNotVerified')}</p>}
            {/* The same places as the account menu of wider screens. */}
            <ButtonLink to={paths.myPitches} variant="ghost" block icon={<UploadIcon size={18} />}>
              {t('account.myPitches')}
            </ButtonLink>
            <ButtonLink to={paths.myCampaigns} variant="ghost" block icon={<UploadIcon size={18} />}>
              {t('account.myCampaigns')}
            </ButtonLink>
            <ButtonLink to={paths.portfolio} variant="ghost" block icon={<UserIcon size={18} />}>
              {t('account.portfolio')}
            </ButtonLink>
            <ButtonLink to={paths.investorProfile} variant="ghost" block icon={<CheckIcon size={18} />}>
              {t('account.investorProfile')}
            </ButtonLink>
            <ButtonLink to={paths.demo} variant="ghost" block icon={<HourglassIcon size={18} />}>
              {t('account.demo')}
            </ButtonLink>
            {auth.staffRole && (
              <ButtonLink to={paths.backoffice} variant="ghost" block icon={<LockIcon size={18} />}>
                {t('account.backoffice')}
              </ButtonLink>
            )}
            <ButtonLink to={paths.settings} variant="secondary" block icon={<SettingsIcon size={18} />}>
              {t('account.preferences')}
            </ButtonLink>
            <button type="button" className="btn btn-ghost btn-block" onClick={() => void logout(paths.home)}>
              <LogoutIcon size={18} />
              {t('account.logout')}
            </button>
          </div>
        ) : (
          <div className={styles.account}>
            <ButtonLink to={paths.login} block>
              {t('account.login')}
            </ButtonLink>
            <ButtonLink to={paths.registerWelcome} variant="secondary" block>
              {t('account.register')}
            </ButtonLink>
          </div>
        )}
      </div>

      <div className={styles.section}>
        <h3 className={styles.heading}>{t('language.title')}</h3>
        <LanguageSwitcher />
      </div>

      <div className={styles.section}>
        <h3 className={styles.heading}>{t('social.title')}</h3>
        <SocialLinks />
      </div>
    </Dialog>
  );
}
