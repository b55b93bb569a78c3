import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import { onConsentSettingsRequested, useConsent } from '../../lib/consent.ts';
import { paths } from '../paths.ts';
import { RouteErrorBoundary } from '../route-error.tsx';
import styles from './app-layout.module.css';
import { ChatLink } from './chat-link.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';
import { RouteNotices } from './route-notices.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The consent banner, for a visitor who has not chosen yet or asks to change. Its code (about 1 kB)
 * ships with the first bundle: a first visit shows it in the first paint, not after another request.
 */
function ConsentGate() {
  const consent = useConsent();
  const [reopened, setReopened] = useState(0);
  useEffect(() => onConsentSettingsRequested(() => setReopened((n) => n + 1)), []);
  if (consent.decided && reopened === 0) return null;
  return <CookieBanner reopenRequest={reopened} onClosed={() => setReopened(0)} />;
}

/**
 * After a client-side navigation: a new page starts at the top (back and forward keep the
 * browser's position) and keyboard focus moves to it, as after a full page load.
 */
function useNavigationFocusAndScroll() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main || main.contains(document.activeElement)) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }, [pathname]);
}

export function AppLayout() {
  const { pathname } = useLocation();
  useNavigationFocusAndScroll();

  return (
    <div className={styles.shell}>
      {/* Over the home page's hero the bar starts transparent. */}
      <TopBar transparent={pathname === paths.home} />
      <div className={styles.content}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      <Footer />
      <ChatLink />
      <RouteNotices />
      <ConsentGate />
    </div>
  );
}
