import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBackofficeWithdrawals } from '../funds/api.ts';
import styles from './backoffice.module.css';
import { Forbidden } from './forbidden.tsx';
import { DepositsPanel } from './funds-panels/deposits-panel.tsx';
import { ImportPanel } from './funds-panels/import-panel.tsx';
import { LedgerCheckPanel } from './funds-panels/ledger-check-panel.tsx';
import { ReconciliationPanel } from './funds-panels/reconciliation-panel.tsx';
import { RecordDepositPanel } from './funds-panels/record-deposit-panel.tsx';
import { ReleasesPanel } from './funds-panels/releases-panel.tsx';
import { WithdrawalsPanel } from './funds-panels/withdrawals-panel.tsx';
import { isForbidden } from './load-error.tsx';

// Deposits and withdrawals (admins): record a received bank transfer or import the bank's CSV,
// start paying, pay or reject withdrawal requests, check that the ledger adds up, and see the last
// reconciliation with the payment provider, and the funded campaigns' money paid to their studios.
// Each panel is a file of its own in funds-panels/.

export default function FundsPage() {
  const { t } = useTranslation(['backoffice', 'errors']);
  usePageTitle(t('funds.title'));
  // The pending withdrawals answer first whether this viewer is an admin at all.
  const probe = useBackofficeWithdrawals('requested');
  if (isForbidden(probe.error)) return <Forbidden adminOnly />;
  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('funds.title')}</h1>
        <p className={styles.muted}>{t('funds.intro')}</p>
      </header>
      <WithdrawalsPanel />
      <RecordDepositPanel />
      <ImportPanel />
      <DepositsPanel />
      <LedgerCheckPanel />
      <ReconciliationPanel />
      <ReleasesPanel />
    </div>
  );
}
