import { formatMoney } from '@indiesplit/shared/money';
import type { ReconciliationDifferenceDto, ReconciliationDto } from '@indiesplit/shared/payments';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../funds/format.ts';
import { useReconciliation, useRunReconciliation } from '../../payments/api.ts';
import styles from '../backoffice.module.css';
import { LoadError } from '../load-error.tsx';

// Reconciliation with the payment provider (ADR 0039): the last comparison of every provider
// wallet the platform maps (members' wallets, campaigns' escrows) with the ledger, nightly or
// asked for here, with each difference and the ledger and provider entries behind it.

function Difference({ d }: { d: ReconciliationDifferenceDto }) {
  const { t, i18n } = useTranslation('backoffice');
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, 'EUR', i18n.language));
  return (
    <li className={styles.stack}>
      <p>
        <strong>{t(`reconciliation.kind.${d.kind}`)}</strong>{' '}
        {d.kind === 'balance'
          ? t('reconciliation.balance', {
              account: d.account,
              expected: money(d.expected_cents),
              held: money(d.provider_cents),
            })
          : t('reconciliation.transaction', { id: d.transaction_id, account: d.account || d.wallet_id })}
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">
          {t('reconciliation.entriesCaption', { account: d.account })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('reconciliation.col.source')}</th>
            <th scope="col">{t('reconciliation.col.id')}</th>
            <th scope="col">{t('reconciliation.col.kind')}</th>
            <th scope="col">{t('reconciliation.col.amount')}</th>
            <th scope="col">{t('reconciliation.col.when')}</th>
          </tr>
        </thead>
        <tbody>
          {d.entries.map((e) => (
            <tr key={`${e.source}:${e.id}`}>
              <td>{t(`reconciliation.source.${e.source}`)}</td>
              <td>{e.id}</td>
              <td>{e.status ? `${e.kind} (${e.status})` : e.kind}</td>
              <td>{money(e.amount_cents)}</td>
              <td>{formatDateTime(e.at, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}

function Result({ run }: { run: ReconciliationDto }) {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <div className={styles.stack} role="status">
      <p className={styles.muted}>
        {t('reconciliation.summary', {
          date: formatDateTime(run.finished_at, i18n.language),
          trigger: t(`reconciliation.trigger.${run.trigger}`),
          from: formatDateTime(run.window_start, i18n.language),
          to: formatDateTime(run.window_end, i18n.language),
          accounts: run.accounts_checked,
          transactions: run.transactions_checked,
        })}
      </p>
      {run.ok ? (
        <Notice type="success" live={false}>
          {t('reconciliation.ok')}
        </Notice>
      ) : (
        <Notice type="error" live={false}>
          <p>{t('reconciliation.differences', { count: run.differences.length })}</p>
          <ul>
            {run.differences.map((d) => (
              <Difference key={`${d.kind}:${d.wallet_id}:${d.transaction_id ?? ''}`} d={d} />
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}

export function ReconciliationPanel() {
  const { t } = useTranslation(['backoffice', 'errors']);
  const status = useReconciliation();
  const run = useRunReconciliation();
  return (
    <section className={styles.panel} aria-labelledby="provider-reconciliation">
      <h2 id="provider-reconciliation" className={styles.panelTitle}>
        {t('reconciliation.title')}
      </h2>
      {status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} adminOnly />
      ) : !status.data ? null : status.data.mode === 'manual' ? (
        <p className={styles.muted}>{t('reconciliation.manual')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('reconciliation.intro')}</p>
          <div>
            <Button variant="secondary" loading={run.isPending} onClick={() => run.mutate()}>
              {t('reconciliation.run')}
            </Button>
          </div>
          {run.isError && (
            <Notice type="error">
              {errorText(t, run.error, { fallback: 'backoffice:reconciliation.failed' })}
            </Notice>
          )}
          {status.data.last ? (
            <Result run={status.data.last} />
          ) : (
            <p className={styles.muted}>{t('reconciliation.never')}</p>
          )}
        </>
      )}
    </section>
  );
}
