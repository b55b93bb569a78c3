import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { cx } from '../../components/cx.ts';
import { MenuIcon } from '../../components/icons.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { loadNamespaces } from '../../i18n/index.ts';
import { paths } from '../paths.ts';
import { GuestMenu } from './guest-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import styles from './top-bar.module.css';

// The full-screen menu is fetched the first time someone reaches for it.
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
// Only members see the account menu; visitors never download it.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));
// The notification bell, likewise members only, with its texts (ADR 0037).
const NotificationBell = lazy(() =>
  Promise.all([
    import('../../features/notifications/notification-bell.tsx'),
    loadNamespaces(['notifications']),
  ]).then(([m]) => m),
);

export interface TopBarProps {
  /** Over a hero: no background until the page scrolls. */
  transparent?: boolean;
}

export function TopBar({ transparent = false }: TopBarProps) {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    if (!transparent) return;
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [transparent]);

  const navClass = ({ isActive }: { isActive: boolean }) => cx(styles.navLink, isActive && styles.active);

  return (
    <>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <header
        className={cx(styles.bar, transparent && styles.overlay, transparent && !scrolled && styles.clear)}
      >
        <div className={cx('container', styles.inner)}>
          <Link to={paths.home} className={styles.brand} aria-label={t('nav.homeLabel')}>
            <Logo />
          </Link>
          <nav aria-label={t('nav.main')} className={styles.nav}>
            <NavLink to={paths.home} end className={navClass}>
              {t('nav.home')}
            </NavLink>
            <NavLink to={paths.aboutUs} className={navClass}>
              {t('nav.about')}
            </NavLink>
            <NavLink to={paths.campaigns} className={navClass}>
              {t('nav.campaigns')}
            </NavLink>
            {auth.isAuthenticated && (
              <NavLink to={paths.news} className={navClass}>
                {t('nav.news')}
              </NavLink>
            )}
          </nav>
          <div className={styles.actions}>
            <div className={styles.desktopOnly}>
              <LanguageSwitcher />
            </div>
            {auth.isLoading ? (
              <span className={styles.placeholder} aria-hidden="true" />
            ) : auth.isAuthenticated ? (
              <Suspense fallback={<span className={styles.placeholder} aria-hidden="true" />}>
                <NotificationBell />
                <AccountMenu />
              </Suspense>
            ) : (
              <div className={cx(styles.guest, styles.desktopOnly)}>
                <ButtonLink to={paths.login} size="sm" variant="primary">
                  {t('account.login')}
                </ButtonLink>
                <GuestMenu />
              </div>
            )}
            <button
              type="button"
              className={cx(styles.iconButton, styles.menuButton)}
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
              onPointerEnter={() => void loadMobileMenu()}
              onFocus={() => void loadMobileMenu()}
              onClick={() => {
                setMenuWanted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </button>
          </div>
        </div>
      </header>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
    </>
  );
}
