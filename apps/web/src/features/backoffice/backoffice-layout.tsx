import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { Logo } from '../../app/layout/logo.tsx';
import { useNavigationFocusAndScroll } from '../../app/layout/use-navigation-focus.ts';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { queryClient } from '../../app/query-client.ts';
import { Button } from '../../components/button.tsx';
import { cx } from '../../components/cx.ts';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { mfaStatusQuery } from '../settings/two-factor-api.ts';
import { useStaffMe } from './api.ts';
import styles from './backoffice.module.css';
import { type BackofficeUser, BackofficeUserContext, useBackofficeUser } from './backoffice-user.ts';
import { Forbidden, SecondFactorNeeded } from './forbidden.tsx';

// Each screen is a chunk of its own; the texts they need came with this module (see router.tsx).
const PitchQueuePage = lazy(() => import('./pitch-queue-page.tsx'));
const PitchDetailPage = lazy(() => import('./pitch-detail-page.tsx'));
const CallsPage = lazy(() => import('./calls-page.tsx'));
const AuditPage = lazy(() => import('./audit-page.tsx'));
const CampaignListPage = lazy(() => import('./campaign-list-page.tsx'));
const CampaignEditorPage = lazy(() => import('./campaign-editor-page.tsx'));
const FundsPage = lazy(() => import('./funds-page.tsx'));
const InvestorsPage = lazy(() => import('./investors-page.tsx'));
const SuspensePage = lazy(() => import('./suspense-page.tsx'));
const KybListPage = lazy(() => import('./kyb-list-page.tsx'));
const KybDetailPage = lazy(() => import('./kyb-detail-page.tsx'));
const RevenueReportsPage = lazy(() => import('./revenue-reports-page.tsx'));
const DistributionsPage = lazy(() => import('./distributions-page.tsx'));
const ComplaintRegisterPage = lazy(() => import('../complaints/register-page.tsx'));
const ComplaintDetailPage = lazy(() => import('../complaints/complaint-detail-page.tsx'));
const NewsAdminPage = lazy(() => import('../community/news-admin-page.tsx'));
const NewslettersAdminPage = lazy(() => import('../community/newsletters-admin-page.tsx'));
const ModerationPage = lazy(() => import('../community/moderation-page.tsx'));

/**
 * The back office (/backoffice/*): its own frame (no public top bar or footer), its data provider
 * and its routes. The public pages load none of it: the router knows one lazy module, this one.
 */
export default function BackofficeApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BackofficeGate>
        <Routes>
          <Route index element={<PitchQueuePage />} />
          <Route path="pitches" element={<PitchQueuePage />} />
          <Route path="pitches/:id" element={<PitchDetailPage />} />
          <Route path="calls" element={<CallsPage />} />
          <Route path="audit" element={<AdminOnly screen={<AuditPage />} />} />
          <Route path="campaigns" element={<AdminOnly screen={<CampaignListPage />} />} />
          <Route path="campaigns/:id" element={<AdminOnly screen={<CampaignEditorPage />} />} />
          <Route path="funds" element={<AdminOnly screen={<FundsPage />} />} />
          <Route path="investors" element={<AdminOnly screen={<InvestorsPage />} />} />
          <Route path="suspense" element={<AdminOnly screen={<SuspensePage />} />} />
          <Route path="studio-verifications" element={<AdminOnly screen={<KybListPage />} />} />
          <Route path="studio-verifications/:id" element={<AdminOnly screen={<KybDetailPage />} />} />
          <Route path="revenue" element={<AdminOnly screen={<RevenueReportsPage />} />} />
          <Route path="distributions" element={<AdminOnly screen={<DistributionsPage />} />} />
          <Route path="complaints" element={<AdminOnly screen={<ComplaintRegisterPage />} />} />
          <Route path="complaints/:id" element={<AdminOnly screen={<ComplaintDetailPage />} />} />
          <Route path="news" element={<AdminOnly screen={<NewsAdminPage />} />} />
          <Route path="newsletters" element={<AdminOnly screen={<NewslettersAdminPage />} />} />
          <Route path="moderation" element={<AdminOnly screen={<ModerationPage />} />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </BackofficeGate>
    </QueryClientProvider>
  );
}

/**
 * Screens for administrators only: a reviewer who follows a link to one is told so at once, before
 * anything is asked of the server (which refuses it anyway), instead of a blank or failed screen.
 */
function AdminOnly({ screen }: { screen: ReactNode }) {
  const user = useBackofficeUser();
  return user.role === 'admin' ? screen : <Forbidden adminOnly />;
}

function NotFound() {
  const { t } = useTranslation('backoffice');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('missing.title')}</h1>
      <p className={styles.muted}>{t('missing.text')}</p>
      <Link to={paths.backoffice}>{t('forbidden.toQueue')}</Link>
    </div>
  );
}

/** A screen that fails to render leaves the frame and its menu usable; moving on clears it. */
class ScreenErrorBoundary extends Component<{ resetKey: string; fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A back-office screen failed', error);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The session ended under us: forget it locally and ask to log in again. */
function SessionGone() {
  const { clear, isAuthenticated } = useAuth();
  useEffect(() => {
    if (isAuthenticated) clear();
  }, [clear, isAuthenticated]);
  const state: NavigationState = { notice: 'sessionExpired' };
  return <Navigate to={paths.login} replace state={state} />;
}

/** Visitors go to /login; members without a staff role see 403; staff get the back office. */
function BackofficeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('backoffice');
  const auth = useAuth();
  const me = useStaffMe();
  // Staff need a second factor proven in this session (ADR 0016); the server enforces it.
  const mfa = useQuery({ ...mfaStatusQuery(), enabled: Boolean(me.data?.staff_role) });
  useNavigationFocusAndScroll();

  const user = useMemo<BackofficeUser | null>(() => {
    const d = me.data;
    if (!d?.isAuthenticated || !d.id || !d.staff_role) return null;
    return { id: d.id, username: d.username ?? '', role: d.staff_role };
  }, [me.data]);

  if (auth.isLoading)
    return (
      <Frame>
        <PageSpinner />
      </Frame>
    );
  if (!auth.isAuthenticated) return <Navigate to={paths.login} replace />;
  if (me.error instanceof ApiError && me.error.status === 401) return <SessionGone />;
  if (me.isPending)
    return (
      <Frame>
        <PageSpinner label={t('loading')} />
      </Frame>
    );
  if (me.isError) {
    return (
      <Frame>
        <Notice type="error">
          <p>{t('loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void me.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      </Frame>
    );
  }
  if (!me.data.isAuthenticated) return <SessionGone />;
  if (!user) {
    return (
      <Frame>
        <Forbidden />
      </Frame>
    );
  }
  if (mfa.data && !mfa.data.session_verified) {
    return (
      <Frame>
        <SecondFactorNeeded />
      </Frame>
    );
  }
  return (
    <BackofficeUserContext.Provider value={user}>
      <Frame user={user}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </Frame>
    </BackofficeUserContext.Provider>
  );
}

function Frame({ user, children }: { user?: BackofficeUser; children: ReactNode }) {
  const { t } = useTranslation(['backoffice', 'common']);
  const { pathname } = useLocation();
  const fallback = (
    <Notice type="error">
      <p>{t('screenError')}</p>
    </Notice>
  );
  const linkClass = ({ isActive }: { isActive: boolean }) => cx(styles.navLink, isActive && styles.navActive);
  // The queue is the back office's home: its link stays current on a pitch's page too.
  const onPitches = pathname === paths.backoffice || pathname.startsWith(`${paths.backoffice}/pitches`);

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <aside className={styles.side}>
        <Link to={paths.backoffice} className={styles.brand}>
          <Logo />
          <span className={styles.brandTag}>{t('nav.tag')}</span>
        </Link>
        {user && (
          <nav aria-label={t('nav.label')} className={styles.nav}>
            <ul>
              <li>
                <Link
                  to={paths.backoffice}
                  className={cx(styles.navLink, onPitches && styles.navActive)}
                  aria-current={onPitches ? 'page' : undefined}
                >
                  {t('nav.pitches')}
                </Link>
              </li>
              <li>
                <NavLink to={paths.backofficeCalls} className={linkClass}>
                  {t('nav.calls')}
                </NavLink>
              </li>
              {user.role === 'admin' && (
                <>
                  <li>
                    <NavLink to={paths.backofficeAudit} className={linkClass}>
                      {t('nav.audit')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeCampaigns} className={linkClass}>
                      {t('nav.campaigns')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeFunds} className={linkClass}>
                      {t('nav.funds')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeInvestors} className={linkClass}>
                      {t('nav.investors')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeSuspense} className={linkClass}>
                      {t('nav.suspense')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeKybList} className={linkClass}>
                      {t('kyb:backoffice.title')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeRevenue} className={linkClass}>
                      {t('revenue:nav.reports')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeDistributions} className={linkClass}>
                      {t('revenue:nav.distributions')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeComplaints} className={linkClass}>
                      {t('complaints:register.nav')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeNews} className={linkClass}>
                      {t('community:nav.news')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeNewsletters} className={linkClass}>
                      {t('community:nav.newsletter')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.backofficeModeration} className={linkClass}>
                      {t('community:nav.moderation')}
                    </NavLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
        )}
        <div className={styles.sideFoot}>
          {user && (
            <p className={styles.who}>
              <span className={styles.whoLabel}>{t('nav.signedInAs')}</span>
              <strong>{user.username}</strong>
              <span className={styles.role}>{t(`roles.${user.role}`)}</span>
            </p>
          )}
          <Link to={paths.home} className={styles.backLink}>
            <ChevronLeftIcon size={16} />
            {t('nav.backToSite')}
          </Link>
        </div>
      </aside>
      <main id="main" className={styles.main}>
        <ScreenErrorBoundary resetKey={pathname} fallback={fallback}>
          {children}
        </ScreenErrorBoundary>
      </main>
    </div>
  );
}
