import { formatIban } from '@indiesplit/shared/funds';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDay } from '../../lib/format.ts';
import styles from './payments.module.css';
import { useRevenuePool } from './revenue-pool-api.ts';

/**
 * On a campaign's revenue page, where a payment provider holds client money (ADR 0039): the IBAN
 * the studio pays each revenue pool to, and the pools awaiting payment. Nothing in manual mode.
 */
export function RevenuePoolPanel({ campaignId }: { campaignId: string }) {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const query = useRevenuePool(campaignId);
  if (query.isPending) return null;
  if (query.isError)
    return (
      <Notice type="error">
        <p>{errorText(t, query.error, { fallback: 'payments:revenuePool.loadError' })}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  const data = query.data;
  if (data.mode === 'manual' || !data.account) return null;
  const { account, due } = data;
  return (
    <section className={styles.card} aria-labelledby="revenue-pool-heading">
      <h2 id="revenue-pool-heading" className={styles.heading}>
        {t('revenuePool.title')}
      </h2>
      <p className={styles.muted}>{t('revenuePool.intro')}</p>
      <dl className={styles.details}>
        <div>
          <dt>{t('revenuePool.holder')}</dt>
          <dd>{account.holder_name}</dd>
        </div>
        <div>
          <dt>{t('revenuePool.iban')}</dt>
          <dd className={styles.code} data-testid="revenue-iban">
            {formatIban(account.iban)}
          </dd>
        </div>
        <div>
          <dt>{t('revenuePool.bic')}</dt>
          <dd className={styles.code}>{account.bic}</dd>
        </div>
      </dl>
      {due.length === 0 ? (
        <p>{t('revenuePool.nothingDue')}</p>
      ) : (
        <>
          <h3 className={styles.subheading}>{t('revenuePool.dueTitle')}</h3>
          <ul className={styles.dueList}>
            {due.map((d) => (
              <li key={d.distribution_id}>
                {t('revenuePool.dueItem', {
                  sequence: d.sequence,
                  from: formatDay(d.period_start, i18n.language),
                  to: formatDay(d.period_end, i18n.language),
                })}{' '}
                <strong>
                  <Money cents={d.amount_cents} currency="EUR" />
                </strong>
              </li>
            ))}
          </ul>
          <Notice type="info" live={false}>
            {t('revenuePool.hint')}
          </Notice>
        </>
      )}
      {data.sandbox_bank_url && due.length > 0 && (
        <p>
          <a href={data.sandbox_bank_url} target="_blank" rel="noreferrer">
            {t('revenuePool.sandboxBank')}
          </a>
        </p>
      )}
    </section>
  );
}
