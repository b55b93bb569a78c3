import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useInvariants } from '../../funds/api.ts';
import { formatDateTime } from '../../funds/format.ts';
import styles from '../backoffice.module.css';
import { LoadError } from '../load-error.tsx';

// Runs the ledger's invariant checks on demand and shows each report.

function ReportBlock({ title, report }: { title: string; report: { ok: boolean; violations: string[] } }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className={styles.stack}>
      <h3 className={styles.reviewTitle}>{title}</h3>
      {report.ok ? (
        <Notice type="success" live={false}>
          {t('funds.check.ok')}
        </Notice>
      ) : (
        <Notice type="error" live={false}>
          <p>{t('funds.check.violations', { count: report.violations.length })}</p>
          <ul>
            {report.violations.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}

export function LedgerCheckPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const check = useInvariants();
  return (
    <section className={styles.panel} aria-labelledby="ledger-check">
      <h2 id="ledger-check" className={styles.panelTitle}>
        {t('funds.check.title')}
      </h2>
      <p className={styles.muted}>{t('funds.check.intro')}</p>
      <div>
        <Button variant="secondary" loading={check.isFetching} onClick={() => void check.refetch()}>
          {t('funds.check.run')}
        </Button>
      </div>
      {check.isError ? (
        <LoadError error={check.error} onRetry={() => void check.refetch()} adminOnly />
      ) : check.data ? (
        <div className={styles.stack} role="status">
          <p className={styles.muted}>
            {t('funds.check.checkedAt', {
              date: formatDateTime(check.data.checked_at, i18n.language),
              ms: check.data.duration_ms,
            })}
          </p>
          <ReportBlock title={t('funds.check.ledger')} report={check.data.ledger} />
          <ReportBlock title={t('funds.check.investments')} report={check.data.investments} />
          <ReportBlock title={t('funds.check.revenue')} report={check.data.revenue} />
        </div>
      ) : null}
    </section>
  );
}
