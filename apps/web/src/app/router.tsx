import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import HomePage from '../features/home/home-page.tsx';
import { loadNamespaces } from '../i18n/index.ts';
import { afterFirstPaint } from './after-first-paint.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RequireAuth } from './require-auth.tsx';

// Every screen but home is its own chunk, fetched when first visited (spec §2 routes). A screen's
// code and the text namespaces it needs are fetched together, so there is no second round trip.

type PageModule = { default: ComponentType };

// Screens with texts of their own also have forms or server calls, so they get the error catalogue
// ("errors") with them; the static pages (about, news, 404) need neither.
// Opened directly, a screen is fetched once the frame around it has been painted (after-first-paint.ts).
function lazyPage(load: () => Promise<PageModule>, ns: readonly string[] = []) {
  return lazy(() =>
    afterFirstPaint()
      .then(() => Promise.all([load(), ns.length > 0 ? loadNamespaces([...ns, 'errors']) : undefined]))
      .then(([m]) => m),
  );
}

const AboutPage = lazyPage(() => import('../features/about/about-page.tsx'), ['about']);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/notifications-page.tsx'),
  ['notifications'],
);
const NewsPage = lazyPage(() => import('../features/news/news-page.tsx'), ['news']);
const StudioPage = lazyPage(() => import('../features/community/studio-page.tsx'), ['community']);
const StudioProfilePage = lazyPage(
  () => import('../features/community/studio-profile-page.tsx'),
  ['community'],
);
const NewsItemPage = lazyPage(() => import('../features/news/news-item-page.tsx'), ['news']);
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), ['auth']);
const SecondStepPage = lazyPage(() => import('../features/auth/second-step-page.tsx'), ['auth']);
const RegisterPage = lazyPage(() => import('../features/auth/register/register-page.tsx'), ['auth']);
const WelcomePage = lazyPage(() => import('../features/auth/welcome-page.tsx'), ['auth']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page.tsx'), ['auth']);
const RecoverPasswordPage = lazyPage(() => import('../features/auth/recover-password-page.tsx'), ['auth']);
const VerifyEmailPage = lazyPage(() => import('../features/auth/verify-email-page.tsx'), ['auth']);
const QueryLayout = lazyPage(() => import('./query-layout.tsx'), ['security']);
const SettingsPage = lazyPage(() => import('../features/settings/settings-page.tsx'), ['settings', 'auth']);
const UndoChangePage = lazyPage(
  () => import('../features/settings/undo-change-page.tsx'),
  ['security', 'auth'],
);
const PitchContactPage = lazyPage(() => import('../features/pitches/pitch-contact-page.tsx'), ['pitch']);
const ProjectDetailsPage = lazyPage(() => import('../features/pitches/project-details-page.tsx'), ['pitch']);
const ProjectSuccessPage = lazyPage(() => import('../features/pitches/project-success-page.tsx'), ['pitch']);
const MyPitchesPage = lazyPage(() => import('../features/pitches/my-pitches-page.tsx'), ['pitch']);
const MyCampaignsPage = lazyPage(() => import('../features/revenue/my-campaigns-page.tsx'), ['revenue']);
const StudioVerificationPage = lazyPage(
  () => import('../features/kyb/studio-verification-page.tsx'),
  ['kyb'],
);
const RevenueReportsPage = lazyPage(() => import('../features/revenue/reports-page.tsx'), ['revenue']);
const UpdateEditorPage = lazyPage(
  () => import('../features/campaigns/update-editor-page.tsx'),
  ['notifications'],
);
const NotFoundPage = lazyPage(() => import('./not-found-page.tsx'));
const CampaignsPage = lazyPage(() => import('../features/campaigns/campaigns-page.tsx'), ['campaigns']);
const CampaignPage = lazyPage(
  () => import('../features/campaigns/campaign-page.tsx'),
  ['campaigns', 'payouts', 'outcomes', 'community'],
);
const LegalPage = lazyPage(() => import('../features/legal/legal-page.tsx'), ['legal']);
const AcceptTermsPage = lazyPage(() => import('../features/legal/accept-terms-page.tsx'), ['legal']);
const OutcomesPage = lazyPage(() => import('../features/outcomes/outcomes-page.tsx'), ['outcomes']);
const ConflictsPage = lazyPage(
  () => import('../features/policies/conflicts-of-interest-page.tsx'),
  ['conflicts'],
);
const ComplaintsPage = lazyPage(() => import('../features/complaints/complaints-page.tsx'), ['complaints']);
const ComplaintStatusPage = lazyPage(
  () => import('../features/complaints/complaint-status-page.tsx'),
  ['complaints'],
);
const InvestPage = lazyPage(() => import('../features/investing/invest-page.tsx'), ['invest', 'campaigns']);
const InvestorProfilePage = lazyPage(
  () => import('../features/investing/investor-profile-page.tsx'),
  ['invest'],
);
const PortfolioPage = lazyPage(() => import('./portfolio-route.tsx'), ['invest', 'funds', 'payouts']);
const StatementPage = lazyPage(() => import('../features/payouts/statement-page.tsx'), ['payouts', 'invest']);
const DemoPage = lazyPage(() => import('../features/investing/demo-page.tsx'), ['invest', 'campaigns']);

// The back office: its own frame (no public top bar or footer) and its own routes, in its own chunks.
const BackofficeApp = lazyPage(
  () => import('../features/backoffice/backoffice-layout.tsx'),
  ['backoffice', 'pitch', 'revenue', 'complaints', 'kyb', 'community', 'news'],
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="about-us" element={<AboutPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="login/verify" element={<SecondStepPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="register/welcome" element={<WelcomePage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        {/* Links with a missing part still land on the screen, which explains the problem. */}
        <Route path="recover-password/:user_id?/:user_token?" element={<RecoverPasswordPage />} />
        <Route path="auth/verify-email/:user_id?/:verification_code?" element={<VerifyEmailPage />} />
        <Route path="account/undo/:token?" element={<UndoChangePage />} />
        {/* Screens that read server data through TanStack Query. */}
        <Route element={<QueryLayout />}>
          <Route path="settings" element={<SettingsPage />} />
          <Route
            path="notifications"
            element={
              <RequireAuth>
                <NotificationsPage />
              </RequireAuth>
            }
          />
          <Route
            path="news"
            element={
              <RequireAuth>
                <NewsPage />
              </RequireAuth>
            }
          />
          <Route
            path="news/:id"
            element={
              <RequireAuth>
                <NewsItemPage />
              </RequireAuth>
            }
          />
          <Route
            path="my-pitches"
            element={
              <RequireAuth>
                <MyPitchesPage />
              </RequireAuth>
            }
          />
          <Route
            path="my-campaigns"
            element={
              <RequireAuth>
                <MyCampaignsPage />
              </RequireAuth>
            }
          />
          <Route
            path="studio-verification"
            element={
              <RequireAuth>
                <StudioVerificationPage />
              </RequireAuth>
            }
          />
          <Route
            path="my-campaigns/updates/:slug"
            element={
              <RequireAuth>
                <UpdateEditorPage />
              </RequireAuth>
            }
          />
          <Route
            path="my-campaigns/:id/reports"
            element={
              <RequireAuth>
                <RevenueReportsPage />
              </RequireAuth>
            }
          />
          <Route path="campaigns" element={<CampaignsPage />} />
          <Route path="campaigns/:slug" element={<CampaignPage />} />
          <Route path="studios/:username" element={<StudioPage />} />
          <Route
            path="studio-profile"
            element={
              <RequireAuth>
                <StudioProfilePage />
              </RequireAuth>
            }
          />
          <Route path="outcomes" element={<OutcomesPage />} />
          <Route path="conflicts-of-interest" element={<ConflictsPage />} />
          <Route path="complaints" element={<ComplaintsPage />} />
          <Route path="complaints/status/:reference" element={<ComplaintStatusPage />} />
          <Route
            path="legal/accept"
            element={
              <RequireAuth>
                <AcceptTermsPage />
              </RequireAuth>
            }
          />
          <Route path="legal/:document" element={<LegalPage />} />
          <Route path="legal/:document/versions/:version" element={<LegalPage />} />
          <Route
            path="campaigns/:slug/invest"
            element={
              <RequireAuth>
                <InvestPage />
              </RequireAuth>
            }
          />
          <Route
            path="investor-profile"
            element={
              <RequireAuth>
                <InvestorProfilePage />
              </RequireAuth>
            }
          />
          <Route
            path="portfolio"
            element={
              <RequireAuth>
                <PortfolioPage />
              </RequireAuth>
            }
          />
          <Route
            path="portfolio/:section"
            element={
              <RequireAuth>
                <PortfolioPage />
              </RequireAuth>
            }
          />
          <Route
            path="portfolio/statements/:campaignId/:year"
            element={
              <RequireAuth>
                <StatementPage />
              </RequireAuth>
            }
          />
          <Route path="demo" element={<DemoPage />} />
          {/* Reads the member's name and email to fill them in. */}
          <Route path="split-project-form" element={<PitchContactPage />} />
        </Route>
        <Route path="project-details" element={<ProjectDetailsPage />} />
        <Route path="projects/success" element={<ProjectSuccessPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path="backoffice/*"
        element={
          <Suspense fallback={<PageSpinner />}>
            <BackofficeApp />
          </Suspense>
        }
      />
    </Routes>
  );
}
