import type { EscrowReleaseDto } from '@indiesplit/shared/escrow-release';
import { formatMoney } from '@indiesplit/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { apiRequest } from '../../lib/api.ts';
import styles from './payments.module.css';

// The money the studio's funded campaigns raised, paid to it through the payment provider
// (ADR 0042): for each campaign the amount, the platform's fee, what reaches the studio's bank and
// how far that payment has come. Nothing is shown before a first campaign's money moves. Money
// waiting in the studio's wallet (for a confirmed payout account, or a running verification) says
// so, with the way to the verification page.

const fetchReleases = (signal?: AbortSignal) =>
  apiRequest<{ items: EscrowReleaseDto[] }>('/payments/studio/releases/', { signal });

export function StudioPayouts() {
  const { t, i18n } = useTranslation('payments');
  const query = useQuery({
    queryKey: ['payments', 'studio', 'releases'],
    queryFn: ({ signal }) => fetchReleases(signal),
  });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, 'EUR', i18n.language);
  return (
    <section className={styles.card} aria-labelledby="studio-payouts-heading">
      <h2 id="studio-payouts-heading" className={styles.heading}>
        {t('studioPayouts.title')}
      </h2>
      <ul className={styles.releases}>
        {items.map((r) => (
          <li key={r.campaign_id} data-testid="studio-payout">
            <strong>{r.campaign_title}</strong>
            <dl className={styles.details}>
              <div>
                <dt>{t('studioPayouts.raised')}</dt>
                <dd>{money(r.amount_cents)}</dd>
              </div>
              <div>
                <dt>{t('studioPayouts.fee')}</dt>
                <dd>{money(r.fee_cents)}</dd>
              </div>
              <div>
                <dt>{t('studioPayouts.net')}</dt>
                <dd>{money(r.net_cents)}</dd>
              </div>
              <div>
                <dt>{t('studioPayouts.status')}</dt>
                <dd data-testid="studio-payout-status">
                  {t(
                    r.waiting_for && r.status === 'transferred'
                      ? `studioPayouts.waitingFor.${r.waiting_for}`
                      : `studioPayouts.states.${r.status}`,
                  )}
                </dd>
              </div>
            </dl>
            {r.reason && <p className={styles.muted}>{t('studioPayouts.reason', { reason: r.reason })}</p>}
            {r.waiting_for && (
              <p>
                <Link to={paths.studioVerification}>{t('studioPayouts.toVerification')}</Link>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
