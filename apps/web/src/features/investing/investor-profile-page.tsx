import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useInvestorProfile } from './api.ts';
import styles from './investing.module.css';
import { KnowledgeTestForm } from './knowledge-test-form.tsx';
import { LossSimulationForm } from './loss-simulation-form.tsx';
import { SophisticatedRequestForm } from './sophisticated-request-form.tsx';
import { TaxResidenceForm } from './tax-residence-form.tsx';

/** Only a path of this app's campaigns can be the way back (never another site). */
function safeNext(value: string | null): string | null {
  return value && /^\/campaigns\/[\w-]+\/invest$/.test(value) ? value : null;
}

/** The investor profile ECSP asks for: knowledge test, loss simulation, tax residence, sophisticated status. */
export default function InvestorProfilePage() {
  const { t } = useTranslation(['invest', 'errors']);
  usePageTitle(t('profile.title'));
  const profile = useInvestorProfile();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (profile.isPending) return <PageSpinner label={t('loading')} />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 401)
      return <Navigate to={paths.login} replace />;
    return (
      <main id="main" className={styles.page}>
        <div className="container">
          <Notice type="error">{errorText(t, profile.error, { fallback: 'invest:loadError' })}</Notice>
        </div>
      </main>
    );
  }
  const p = profile.data;
  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('profile.title')}</h1>
          <p className={styles.muted}>{t('profile.intro')}</p>
        </header>
        {p.ready && next && (
          <Notice type="success" live={false}>
            <p>{t('profile.readyNext')}</p>
            <ButtonLink to={next}>{t('profile.continue')}</ButtonLink>
          </Notice>
        )}
        <KnowledgeTestForm profile={p} />
        <LossSimulationForm profile={p} />
        <TaxResidenceForm profile={p} />
        <SophisticatedRequestForm profile={p} />
      </div>
    </main>
  );
}
