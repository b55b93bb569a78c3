import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useComplaintStatus } from './api.ts';
import styles from './complaints.module.css';

/**
 * /complaints/status/:reference#<token> — the complainant's view from the emailed link. The token is
 * in the fragment, which the browser never sends to the server; this page posts it to the API.
 */
export default function ComplaintStatusPage() {
  const { t, i18n } = useTranslation('complaints');
  const { reference = '' } = useParams();
  const token = useLocation().hash.replace(/^#/, '');
  usePageTitle(t('status.title', { reference }));
  const status = useComplaintStatus(reference, token);
  const day = (value: string | null) => (value ? formatDay(value, i18n.language, 'long') : null);

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <h1>{t('status.title', { reference })}</h1>
        {!token ? (
          <Notice type="error">{t('status.missingToken')}</Notice>
        ) : status.isPending ? (
          <PageSpinner />
        ) : status.isError ? (
          <Notice type="error">
            {status.error instanceof ApiError && status.error.status === 404
              ? t('status.notFound')
              : t('status.loadError')}
          </Notice>
        ) : (
          <>
            <dl className={styles.facts}>
              <dt>{t('status.statusLabel')}</dt>
              <dd>
                <strong data-testid="complaint-status">{t(`statuses.${status.data.status}`)}</strong>
              </dd>
              <dt>{t('status.received')}</dt>
              <dd>{day(status.data.received_at)}</dd>
              {status.data.acknowledged_at && (
                <>
                  <dt>{t('status.acknowledged')}</dt>
                  <dd>{day(status.data.acknowledged_at)}</dd>
                </>
              )}
              {!status.data.answered_at && (
                <>
                  <dt>{t('status.answerDue')}</dt>
                  <dd>{day(status.data.answer_due_at)}</dd>
                </>
              )}
              {status.data.answered_at && (
                <>
                  <dt>{t('status.answered')}</dt>
                  <dd>{day(status.data.answered_at)}</dd>
                </>
              )}
              {status.data.closed_at && (
                <>
                  <dt>{t('status.closed')}</dt>
                  <dd>{day(status.data.closed_at)}</dd>
                </>
              )}
            </dl>
            {status.data.answer && (
              <section aria-labelledby="complaint-answer">
                <h2 id="complaint-answer">{t('status.answer')}</h2>
                <p className={styles.answer}>{status.data.answer}</p>
              </section>
            )}
          </>
        )}
      </div>
    </main>
  );
}
