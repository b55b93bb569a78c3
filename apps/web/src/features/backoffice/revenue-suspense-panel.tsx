import { formatMoney } from '@indiesplit/shared/money';
import type { RevenueSuspenseItemDto } from '@indiesplit/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDateTime } from '../funds/format.ts';
import { useReturnRevenuePayin, useRevenueSuspense } from '../payments/revenue-pool-api.ts';
import styles from './backoffice.module.css';
import { ListTable } from './funds-panels/list-table.tsx';
import { type Result, ResultNotice } from './funds-panels/result-notice.tsx';
import {
  isAddressRefusal,
  PayinReturnForm,
  type ReturnAddress,
  ReturnStatus,
  returnResultText,
} from './payin-return-form.tsx';

// Transfers to a campaign's revenue IBAN that paid no distribution (ADR 0039, admins): nothing
// awaited payment, or the amount was not a pool's. An admin sends one back (a payout to the payer's
// account, at the address the admin gives) after a confirmation that names the payer, the campaign
// and the amount; the row shows it on its way until the provider answers.

export function RevenueSuspensePanel() {
  const { t } = useTranslation(['backoffice', 'errors']);
  const list = useRevenueSuspense();
  const [result, setResult] = useState<Result>(null);
  const rows = list.data?.items ?? [];
  return (
    <section className={styles.panel} aria-labelledby="revenue-suspense-list">
      <h2 id="revenue-suspense-list" className={styles.panelTitle}>
        {t('revenueSuspense.title')}
      </h2>
      <p className={styles.muted}>{t('revenueSuspense.intro')}</p>
      <ResultNotice result={result} onDismiss={() => setResult(null)} />
      <ListTable
        list={list}
        count={rows.length}
        caption={t('revenueSuspense.title')}
        empty={t('revenueSuspense.empty')}
        head={
          <tr>
            <th scope="col">{t('revenueSuspense.col.received')}</th>
            <th scope="col">{t('revenueSuspense.col.payer')}</th>
            <th scope="col">{t('revenueSuspense.col.campaign')}</th>
            <th scope="col" className={styles.num}>
              {t('revenueSuspense.col.amount')}
            </th>
            <th scope="col">{t('revenueSuspense.col.payin')}</th>
            <th scope="col">{t('revenueSuspense.col.actions')}</th>
          </tr>
        }
      >
        {rows.map((item) => (
          <RevenueSuspenseRow key={item.payin_id} item={item} onResult={setResult} />
        ))}
      </ListTable>
    </section>
  );
}

function RevenueSuspenseRow({
  item,
  onResult,
}: {
  item: RevenueSuspenseItemDto;
  onResult: (r: Result) => void;
}) {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const giveBack = useReturnRevenuePayin();
  const [asking, setAsking] = useState(false);
  const amount = formatMoney(item.amount_cents, 'EUR', i18n.language);
  const payer = item.payer_name ?? t('revenueSuspense.unknownPayer');
  const facts = { amount, payer, campaign: item.campaign_title };

  const run = async (address: ReturnAddress) => {
    try {
      const answer = await giveBack.mutateAsync({ id: item.payin_id, address });
      onResult(returnResultText(t, answer, facts));
      setAsking(false);
    } catch (err) {
      // A refused address keeps the form open with the reasons on its fields.
      if (isAddressRefusal(err)) return;
      onResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:revenueSuspense.failed' }) });
      setAsking(false);
    }
  };

  return (
    <tr>
      <td>{formatDateTime(item.received_at, i18n.language)}</td>
      <th scope="row">{payer}</th>
      <td>{item.campaign_title}</td>
      <td className={styles.num}>{amount}</td>
      <td className={styles.breakAll}>{item.payin_id}</td>
      <td>
        <ReturnStatus item={item} />
        {item.state === 'returning' ? null : asking ? (
          <PayinReturnForm
            question={t('revenueSuspense.returnQuestion', facts)}
            payerIban={item.payer_iban}
            pending={giveBack.isPending}
            serverError={giveBack.error}
            onSend={(address) => void run(address)}
            onCancel={() => {
              giveBack.reset();
              setAsking(false);
            }}
          />
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setAsking(true)}
            aria-label={t('revenueSuspense.returnLabel', facts)}
          >
            {t('revenueSuspense.return')}
          </Button>
        )}
      </td>
    </tr>
  );
}
