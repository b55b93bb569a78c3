import { formatIban } from '@indiesplit/shared/funds';
import { formatMoney } from '@indiesplit/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useBackofficeWithdrawals } from '../../funds/api.ts';
import { formatDateTime } from '../../funds/format.ts';
import styles from '../backoffice.module.css';
import { ListTable } from './list-table.tsx';
import { type Result, ResultNotice } from './result-notice.tsx';
import { WithdrawalActions } from './withdrawal-actions.tsx';

/** The queues of the withdrawals panel: requests to start paying, and payments under way. */
const WITHDRAWAL_FILTERS = ['requested', 'processing'] as const;
type WithdrawalFilter = (typeof WITHDRAWAL_FILTERS)[number];

/** The withdrawal requests, one queue at a time (kept in the address), each with its actions. */
export function WithdrawalsPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const [params, setParams] = useSearchParams();
  const filter: WithdrawalFilter = params.get('withdrawals') === 'processing' ? 'processing' : 'requested';
  const list = useBackofficeWithdrawals(filter);
  const [result, setResult] = useState<Result>(null);
  const rows = list.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby="pending-withdrawals">
      <h2 id="pending-withdrawals" className={styles.panelTitle}>
        {t('funds.withdrawals.title')}
      </h2>
      <p className={styles.muted}>{t('funds.withdrawals.intro')}</p>
      <div className={styles.formActions}>
        {WITHDRAWAL_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  if (f === 'requested') next.delete('withdrawals');
                  else next.set('withdrawals', f);
                  return next;
                },
                { replace: true },
              )
            }
          >
            {t(`funds.withdrawals.filter.${f}`)}
          </Button>
        ))}
      </div>
      {filter === 'requested' && (
        <Notice type="info" live={false}>
          {t('funds.withdrawals.startHint')}
        </Notice>
      )}
      <ResultNotice result={result} onDismiss={() => setResult(null)} />
      <ListTable
        list={list}
        count={rows.length}
        caption={t('funds.withdrawals.title')}
        empty={t(filter === 'requested' ? 'funds.withdrawals.empty' : 'funds.withdrawals.emptyProcessing')}
        head={
          <tr>
            <th scope="col">{t('funds.withdrawals.col.member')}</th>
            <th scope="col" className={styles.num}>
              {t('funds.withdrawals.col.amount')}
            </th>
            <th scope="col">{t('funds.withdrawals.col.payTo')}</th>
            <th scope="col">{t('funds.withdrawals.col.requested')}</th>
            <th scope="col">{t('funds.withdrawals.col.actions')}</th>
          </tr>
        }
      >
        {rows.map((w) => (
          <tr key={w.id}>
            <th scope="row">
              <span className={styles.cellMain}>{w.member.username}</span>
              <span className={styles.cellSub}>{w.member.email}</span>
            </th>
            <td className={styles.num}>{formatMoney(w.amount_cents, 'EUR', i18n.language)}</td>
            <td>
              <span className={styles.cellMain}>{w.account_holder}</span>
              <span className={`${styles.cellSub} ${styles.breakAll}`}>{formatIban(w.iban)}</span>
              {w.account_confirmation && (
                <span className={styles.cellSub}>
                  {t(`funds.withdrawals.account.${w.account_confirmation}`)}
                </span>
              )}
            </td>
            <td>
              <span className={styles.cellMain}>{formatDateTime(w.created_at, i18n.language)}</span>
              {w.started_at && (
                <span className={styles.cellSub}>
                  {t('funds.withdrawals.startedBy', {
                    date: formatDateTime(w.started_at, i18n.language),
                    username: w.started_by ?? '—',
                  })}
                </span>
              )}
            </td>
            <td>
              <WithdrawalActions w={w} onResult={setResult} />
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
