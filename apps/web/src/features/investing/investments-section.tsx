import type { InvestmentDto } from '@indiesplit/shared/investing';
import type { Currency } from '@indiesplit/shared/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { keyInformationPdfUrl } from '../campaigns/components/key-information-version.tsx';
import { usePortfolio, useRevoke } from './api.ts';
import { formatDateTime } from './format.ts';
import styles from './investing.module.css';

/** The portfolio's Investments section: each investment, its state and dates, revoke while allowed. */
export function InvestmentsSection() {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const portfolio = usePortfolio();
  const [revoking, setRevoking] = useState<InvestmentDto | null>(null);
  const revoke = useRevoke();
  const lang = i18n.language;
  const investments = portfolio.data?.investments ?? [];

  return (
    <section className={styles.card} aria-labelledby="investments">
      <h2 id="investments" className={styles.cardTitle}>
        {t('portfolio.investments')}
      </h2>
      {revoke.isSuccess && <Notice type="success">{t('portfolio.revoked')}</Notice>}
      {revoke.isError && (
        <Notice type="error">
          {errorText(t, revoke.error, { fallback: 'invest:portfolio.revokeFailed' })}
        </Notice>
      )}
      {investments.length === 0 ? (
        <div>
          <p>{t('portfolio.empty')}</p>
          <ButtonLink to={paths.campaigns}>{t('portfolio.browse')}</ButtonLink>
        </div>
      ) : (
        <ul className={styles.list}>
          {investments.map((inv) => (
            <li key={inv.id} className={styles.card}>
              <div className={styles.row}>
                <strong>
                  {inv.campaign.slug ? (
                    <Link to={paths.campaign(inv.campaign.slug)}>{inv.campaign.title}</Link>
                  ) : (
                    inv.campaign.title
                  )}
                </strong>
                <span className={styles.status}>{t(`status.${inv.status}`)}</span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('portfolio.amount')}</dt>
                  <dd>
                    <Money cents={inv.amount_cents} currency={inv.currency as Currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('portfolio.invested')}</dt>
                  <dd>{formatDateTime(inv.created_at, lang)}</dd>
                </div>
                {inv.status === 'reserved' && (
                  <div>
                    <dt>{t('portfolio.reflectionEnds')}</dt>
                    <dd>{formatDateTime(inv.reflection_ends_at, lang)}</dd>
                  </div>
                )}
                {inv.key_information_version !== null && (
                  <div>
                    <dt>{t('portfolio.keyInformation')}</dt>
                    <dd>
                      {inv.campaign.slug ? (
                        <a
                          href={keyInformationPdfUrl(inv.campaign.slug, inv.key_information_version, lang)}
                          target="_blank"
                          rel="noopener"
                        >
                          {t('portfolio.keyInformationVersion', { number: inv.key_information_version })}
                        </a>
                      ) : (
                        t('portfolio.keyInformationVersion', { number: inv.key_information_version })
                      )}
                    </dd>
                  </div>
                )}
                {inv.campaign.deadline_at && (
                  <div>
                    <dt>{t('portfolio.deadline')}</dt>
                    <dd>{formatDateTime(inv.campaign.deadline_at, lang)}</dd>
                  </div>
                )}
                {inv.revoked_at && (
                  <div>
                    <dt>{t('portfolio.revokedAt')}</dt>
                    <dd>{formatDateTime(inv.revoked_at, lang)}</dd>
                  </div>
                )}
                {inv.settled_at && !inv.revoked_at && (
                  <div>
                    <dt>{t('portfolio.settledAt')}</dt>
                    <dd>{formatDateTime(inv.settled_at, lang)}</dd>
                  </div>
                )}
              </dl>
              {inv.revocable && (
                <div className={styles.actions}>
                  <Button variant="danger" size="sm" onClick={() => setRevoking(inv)}>
                    {t('portfolio.revoke')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('portfolio.confirmTitle')}
        footer={
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              {t('portfolio.keep')}
            </Button>
            <Button
              variant="danger"
              disabled={revoke.isPending}
              onClick={() => {
                if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
              }}
            >
              {t('portfolio.confirmRevoke')}
            </Button>
          </div>
        }
      >
        {revoking && (
          <p>
            {t('portfolio.confirmText', { title: revoking.campaign.title })}{' '}
            <Money cents={revoking.amount_cents} currency={revoking.currency as Currency} />
          </p>
        )}
      </Dialog>
    </section>
  );
}

/**
 * The portfolio's documents of investing: the key information sheet each investment acknowledged,
 * in the version it acknowledged.
 */
export function KeyInformationDocuments() {
  const { t, i18n } = useTranslation('invest');
  const portfolio = usePortfolio();
  const lang = i18n.language;
  const withSheet = (portfolio.data?.investments ?? []).filter((i) => i.key_information_version !== null);
  return (
    <section className={styles.card} aria-labelledby="key-information-documents">
      <h2 id="key-information-documents" className={styles.cardTitle}>
        {t('documents.keyInformation')}
      </h2>
      <p className={styles.muted}>{t('documents.keyInformationIntro')}</p>
      {withSheet.length === 0 ? (
        <p className={styles.muted}>{t('documents.noKeyInformation')}</p>
      ) : (
        <ul>
          {withSheet.map((inv) => {
            const label = t('documents.sheetFor', {
              title: inv.campaign.title,
              number: inv.key_information_version,
              date: formatDateTime(inv.created_at, lang),
            });
            return (
              <li key={inv.id} className={styles.breakable}>
                {inv.campaign.slug && inv.key_information_version !== null ? (
                  <a
                    href={keyInformationPdfUrl(inv.campaign.slug, inv.key_information_version, lang)}
                    target="_blank"
                    rel="noopener"
                  >
                    {label}
                  </a>
                ) : (
                  label
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className={styles.muted}>{t('documents.receipts')}</p>
    </section>
  );
}
