import { formatMoney } from '@indiesplit/shared/money';
import { useTranslation } from 'react-i18next';
import { useDeposits } from '../../funds/api.ts';
import { formatDateTime, formatDay } from '../../funds/format.ts';
import styles from '../backoffice.module.css';
import { ListTable } from './list-table.tsx';

/** The deposits recorded most recently, by hand or by import. */
export function DepositsPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const list = useDeposits();
  const rows = list.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby="recent-deposits">
      <h2 id="recent-deposits" className={styles.panelTitle}>
        {t('funds.deposits.title')}
      </h2>
      <ListTable
        list={list}
        count={rows.length}
        caption={t('funds.deposits.title')}
        empty={t('funds.deposits.empty')}
        head={
          <tr>
            <th scope="col">{t('funds.deposits.col.valueDate')}</th>
            <th scope="col">{t('funds.deposits.col.member')}</th>
            <th scope="col" className={styles.num}>
              {t('funds.deposits.col.amount')}
            </th>
            <th scope="col">{t('funds.deposits.col.bankId')}</th>
            <th scope="col">{t('funds.deposits.col.payer')}</th>
            <th scope="col">{t('funds.deposits.col.recordedBy')}</th>
          </tr>
        }
      >
        {rows.map((d) => (
          <tr key={d.id}>
            <td>{formatDay(d.value_date, i18n.language)}</td>
            <th scope="row">{d.member.username}</th>
            <td className={styles.num}>{formatMoney(d.amount_cents, 'EUR', i18n.language)}</td>
            <td className={styles.breakAll}>{d.bank_transaction_id}</td>
            <td>{d.payer_name ?? '—'}</td>
            <td>
              {d.recorded_by ?? '—'} · {formatDateTime(d.created_at, i18n.language)}
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
