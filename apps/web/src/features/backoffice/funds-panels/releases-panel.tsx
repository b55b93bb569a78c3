import type { BackofficeReleaseDto } from '@indiesplit/shared/escrow-release';
import { formatMoney } from '@indiesplit/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api.ts';
import { formatDateTime } from '../../funds/format.ts';
import styles from '../backoffice.module.css';
import { LoadError } from '../load-error.tsx';

// Funded campaigns' escrows paid to their studios through the payment provider (ADR 0042): what
// each studio receives, the fee kept, where the payment stands, and the provider's ids of the
// transfer and the payout to look them up there. A refused step says why, and money held in a
// studio's wallet says what it waits for (a confirmed payout account, a running verification);
// nothing is done here.

const fetchReleases = (signal?: AbortSignal) =>
  apiRequest<{ items: BackofficeReleaseDto[] }>('/backoffice/payments/releases/', { signal });

export function ReleasesPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'payments']);
  const query = useQuery({
    queryKey: ['payments', 'backoffice', 'releases'],
    queryFn: ({ signal }) => fetchReleases(signal),
  });
  const money = (cents: number) => formatMoney(cents, 'EUR', i18n.language);
  return (
    <section className={styles.panel} aria-labelledby="escrow-releases">
      <h2 id="escrow-releases" className={styles.panelTitle}>
        {t('releases.title')}
      </h2>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} adminOnly />
      ) : !query.data ? null : query.data.items.length === 0 ? (
        <p className={styles.muted}>{t('releases.none')}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('releases.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('releases.col.campaign')}</th>
              <th scope="col">{t('releases.col.studio')}</th>
              <th scope="col">{t('releases.col.raised')}</th>
              <th scope="col">{t('releases.col.fee')}</th>
              <th scope="col">{t('releases.col.status')}</th>
              <th scope="col">{t('releases.col.provider')}</th>
              <th scope="col">{t('releases.col.when')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((r) => (
              <tr key={r.campaign_id}>
                <td>{r.campaign_title}</td>
                <td>{r.studio_username}</td>
                <td>{money(r.amount_cents)}</td>
                <td>{money(r.fee_cents)}</td>
                <td>
                  {t(`payments:studioPayouts.states.${r.status}`)}
                  {r.reason && <p className={styles.muted}>{r.reason}</p>}
                  {r.waiting_for && (
                    <p className={styles.muted}>{t(`releases.waitingFor.${r.waiting_for}`)}</p>
                  )}
                </td>
                <td>{[r.transfer_id, r.payout_id].filter(Boolean).join(' · ') || '—'}</td>
                <td>{formatDateTime(r.updated_at, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
