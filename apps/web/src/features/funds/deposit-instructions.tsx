import { formatIban } from '@indiesplit/shared/funds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useDepositInstructions } from './api.ts';
import styles from './funds.module.css';

/** A copy button that says, for a moment, that it copied. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('funds');
  const [copied, setCopied] = useState(false);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return <span />;
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={t('deposit.copyLabel', { what: label })}
      onClick={() =>
        void navigator.clipboard.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        })
      }
    >
      {copied ? t('deposit.copied') : t('deposit.copy')}
    </Button>
  );
}

/** Where to send euros: the platform's account and the member's personal reference. */
export function DepositInstructions() {
  const { t } = useTranslation(['funds', 'errors']);
  const query = useDepositInstructions();

  return (
    <section className={styles.card} aria-labelledby="deposit-heading">
      <h2 id="deposit-heading" className={styles.heading}>
        {t('deposit.title')}
      </h2>
      <p className={styles.muted}>{t('deposit.intro')}</p>
      {query.isPending ? (
        <Spinner label={t('loading')} />
      ) : query.isError ? (
        <Notice type="error">
          <p>{errorText(t, query.error, { fallback: 'funds:loadError' })}</p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : (
        <>
          {/* A dl holds only dt and dd in each group: the copy button is part of the value. */}
          <dl className={styles.details}>
            <div>
              <dt>{t('deposit.beneficiary')}</dt>
              <dd>
                <span>{query.data.beneficiary}</span>
                <CopyButton value={query.data.beneficiary} label={t('deposit.beneficiary')} />
              </dd>
            </div>
            <div>
              <dt>{t('deposit.iban')}</dt>
              <dd>
                <span className={styles.code}>{formatIban(query.data.iban)}</span>
                <CopyButton value={query.data.iban} label={t('deposit.iban')} />
              </dd>
            </div>
            <div>
              <dt>{t('deposit.bic')}</dt>
              <dd>
                <span className={styles.code}>{query.data.bic}</span>
                <CopyButton value={query.data.bic} label={t('deposit.bic')} />
              </dd>
            </div>
            <div>
              <dt>{t('deposit.reference')}</dt>
              <dd>
                <span className={styles.reference}>{query.data.reference}</span>
                <CopyButton value={query.data.reference} label={t('deposit.reference')} />
              </dd>
            </div>
          </dl>
          <Notice type="info" live={false}>
            {t('deposit.referenceHint')}
          </Notice>
        </>
      )}
    </section>
  );
}
