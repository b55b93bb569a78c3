import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import { TermsGate } from '../../features/legal/terms-gate.tsx';
import { onConsentSettingsRequested, useConsent } from '../../lib/consent.ts';
import { paths } from '../paths.ts';
import { RouteErrorBoundary } from '../route-error.tsx';
import styles from './app-layout.module.css';
import { ChatLink } from './chat-link.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';
import { RouteNotices } from './route-notices.tsx';
import { TopBar } from './top-bar.tsx';
import { useNavigationFocusAndScroll } from './use-navigation-focus.ts';

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
 * Marks the page as taken over by the app once the screen inside the route's boundary is hydrated
 * (or drawn): a page the server rendered is readable earlier, but only interactive from then on.
 * The browser tests wait for it (e2e/helpers.ts).
 */
function AppReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

export function AppLayout() {
  const { pathname } = useLocation();
  useNavigationFocusAndScroll();

  return (
    <div className={styles.shell}>
      {/* Over the home page's hero the bar starts transparent. */}
      <TopBar transparent={pathname === paths.home} />
      <TermsGate />
      <div className={styles.content}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <AppReadyMark />
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
