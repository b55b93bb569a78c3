import { formatIban } from '@indiesplit/shared/funds';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePaymentAccount, useStartIdentityCheck } from './api.ts';
import styles from './payments.module.css';

/**
 * The wallet's deposit area. In manual mode it shows `manual` (the platform's IBAN and the
 * member's reference); where a payment provider holds the money, the member's identity check and,
 * once verified, their personal IBAN (ADR 0039).
 */
export function ProviderDeposit({ manual }: { manual: ReactNode }) {
  const { t } = useTranslation(['payments', 'errors']);
  const query = usePaymentAccount();
  const start = useStartIdentityCheck();

  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError)
    return (
      <Notice type="error">
        <p>{errorText(t, query.error, { fallback: 'payments:loadError' })}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  const data = query.data;
  if (data.mode === 'manual') return <>{manual}</>;
  const { status, reason } = data.identity;

  return (
    <section className={styles.card} aria-labelledby="provider-deposit-heading">
      <h2 id="provider-deposit-heading" className={styles.heading}>
        {t('title')}
      </h2>
      <p>
        <strong>{t('identity.label')}</strong>{' '}
        <span data-testid="identity-status">{t(`identity.${status}`)}</span>
      </p>
      {status === 'refused' && reason && <Notice type="error">{t('identity.reason', { reason })}</Notice>}
      {status !== 'verified' && (
        <>
          <p className={styles.muted}>{t('identity.why')}</p>
          {start.isError && (
            <Notice type="error">
              {errorText(t, start.error, { fallback: 'errors:serviceUnavailable' })}
            </Notice>
          )}
          <div>
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              {status === 'pending' ? t('identity.continue') : t('identity.start')}
            </Button>
          </div>
        </>
      )}
      {status === 'verified' && data.account && (
        <>
          <p className={styles.muted}>{t('iban.intro')}</p>
          <dl className={styles.details}>
            <div>
              <dt>{t('iban.holder')}</dt>
              <dd>{data.account.holder_name}</dd>
            </div>
            <div>
              <dt>{t('iban.iban')}</dt>
              <dd className={styles.code} data-testid="personal-iban">
                {formatIban(data.account.iban)}
              </dd>
            </div>
            <div>
              <dt>{t('iban.bic')}</dt>
              <dd className={styles.code}>{data.account.bic}</dd>
            </div>
          </dl>
          <Notice type="info" live={false}>
            {t('iban.hint')}
          </Notice>
          {data.sandbox_bank_url && (
            <p>
              <a href={data.sandbox_bank_url} target="_blank" rel="noreferrer">
                {t('iban.sandboxBank')}
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
