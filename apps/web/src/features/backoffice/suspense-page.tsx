import { formatMoney } from '@indiesplit/shared/money';
import type { SuspenseItemDto } from '@indiesplit/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { formatDateTime } from '../funds/format.ts';
import { useAssignSuspense, useReturnSuspense, useSuspense } from '../payments/api.ts';
import styles from './backoffice.module.css';
import { ConfirmBox } from './confirm-box.tsx';
import { Forbidden } from './forbidden.tsx';
import { ListTable } from './funds-panels/list-table.tsx';
import { type Result, ResultNotice } from './funds-panels/result-notice.tsx';
import { isForbidden } from './load-error.tsx';
import {
  isAddressRefusal,
  PayinReturnForm,
  type ReturnAddress,
  ReturnStatus,
  returnResultText,
} from './payin-return-form.tsx';
import { RevenueSuspensePanel } from './revenue-suspense-panel.tsx';

// The suspense account (ADR 0039, admins): pay-ins that reached a member's personal IBAN from a
// payer whose name is not the member's are parked there. An admin credits one to the member (the
// payer was theirs after all) or sends it back to the account it came from (a payout to the
// payer's account, at the address the admin gives; the row shows it on its way until the provider
// answers, and a failed payout's reason); either only after a confirmation that names the member,
// the payer and the amount.

export default function SuspensePage() {
  const { t } = useTranslation(['backoffice', 'errors']);
  usePageTitle(t('suspense.title'));
  const list = useSuspense();
  const [result, setResult] = useState<Result>(null);
  if (isForbidden(list.error)) return <Forbidden adminOnly />;
  const rows = list.data?.items ?? [];
  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('suspense.title')}</h1>
        <p className={styles.muted}>{t('suspense.intro')}</p>
      </header>
      <section className={styles.panel} aria-labelledby="suspense-list">
        <h2 id="suspense-list" className={styles.panelTitle}>
          {t('suspense.listTitle')}
        </h2>
        <ResultNotice result={result} onDismiss={() => setResult(null)} />
        <ListTable
          list={list}
          count={rows.length}
          caption={t('suspense.listTitle')}
          empty={t('suspense.empty')}
          head={
            <tr>
              <th scope="col">{t('suspense.col.received')}</th>
              <th scope="col">{t('suspense.col.payer')}</th>
              <th scope="col" className={styles.num}>
                {t('suspense.col.amount')}
              </th>
              <th scope="col">{t('suspense.col.member')}</th>
              <th scope="col">{t('suspense.col.payin')}</th>
              <th scope="col">{t('suspense.col.actions')}</th>
            </tr>
          }
        >
          {rows.map((item) => (
            <SuspenseRow key={item.payin_id} item={item} onResult={setResult} />
          ))}
        </ListTable>
      </section>
      <RevenueSuspensePanel />
    </div>
  );
}

function SuspenseRow({ item, onResult }: { item: SuspenseItemDto; onResult: (r: Result) => void }) {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const assign = useAssignSuspense();
  const giveBack = useReturnSuspense();
  const [asking, setAsking] = useState<'assign' | 'return' | null>(null);
  const amount = formatMoney(item.amount_cents, 'EUR', i18n.language);
  const payer = item.payer_name ?? t('suspense.unknownPayer');
  const member = item.member_name
    ? `${item.member_name} (${item.username ?? '—'})`
    : (item.username ?? t('suspense.unknownMember'));
  const facts = { amount, payer, member };
  const failed = (err: unknown) =>
    onResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:suspense.failed' }) });

  const runAssign = async () => {
    try {
      await assign.mutateAsync(item.payin_id);
      onResult({ ok: true, text: t('suspense.assignedDone', facts) });
    } catch (err) {
      failed(err);
    } finally {
      setAsking(null);
    }
  };
  const runReturn = async (address: ReturnAddress) => {
    try {
      const answer = await giveBack.mutateAsync({ id: item.payin_id, address });
      onResult(returnResultText(t, answer, facts));
      setAsking(null);
    } catch (err) {
      // A refused address keeps the form open with the reasons on its fields.
      if (isAddressRefusal(err)) return;
      failed(err);
      setAsking(null);
    }
  };

  return (
    <tr>
      <td>{formatDateTime(item.received_at, i18n.language)}</td>
      <th scope="row">{payer}</th>
      <td className={styles.num}>{amount}</td>
      <td>{member}</td>
      <td className={styles.breakAll}>{item.payin_id}</td>
      <td>
        <ReturnStatus item={item} />
        {item.state === 'returning' ? null : asking === 'assign' ? (
          <ConfirmBox
            size="sm"
            variant="primary"
            confirmLabel={t('suspense.confirmAssign')}
            pending={assign.isPending}
            onConfirm={() => void runAssign()}
            onCancel={() => setAsking(null)}
          >
            {t('suspense.assignQuestion', facts)}
          </ConfirmBox>
        ) : asking === 'return' ? (
          <PayinReturnForm
            question={t('suspense.returnQuestion', facts)}
            payerIban={item.payer_iban}
            pending={giveBack.isPending}
            serverError={giveBack.error}
            onSend={(address) => void runReturn(address)}
            onCancel={() => {
              giveBack.reset();
              setAsking(null);
            }}
          />
        ) : (
          <div className={styles.formActions}>
            <Button
              size="sm"
              disabled={!item.user_id}
              onClick={() => setAsking('assign')}
              aria-label={t('suspense.assignLabel', facts)}
            >
              {t('suspense.assign')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setAsking('return')}
              aria-label={t('suspense.returnLabel', facts)}
            >
              {t('suspense.return')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
