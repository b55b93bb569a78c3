import type { InvestmentDto } from '@indiesplit/shared/investing';
import type { Currency } from '@indiesplit/shared/wallet';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { keyInformationPdfUrl } from '../campaigns/components/key-information-version.tsx';
import { DepositInstructions } from '../funds/deposit-instructions.tsx';
import { WithdrawalSection } from '../funds/withdrawal-section.tsx';
import { ProviderDeposit } from '../payments/provider-deposit.tsx';
import { usePortfolio, useRevoke, useWallet } from './api.ts';
import { formatDateTime } from './format.ts';
import styles from './investing.module.css';

/**
 * My investments (state, dates, revoke while allowed), wallets, movements and deposits. `revenue`
 * is the revenue-share section, which belongs to the payouts feature: the app puts it in
 * (app/portfolio-route.tsx), so that neither feature imports the other's screens.
 */
export default function PortfolioPage({ revenue }: { revenue?: ReactNode }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  usePageTitle(t('portfolio.title'));
  const portfolio = usePortfolio();
  const wallet = useWallet();
  const [revoking, setRevoking] = useState<InvestmentDto | null>(null);
  const revoke = useRevoke();

  if (portfolio.isPending || wallet.isPending) return <PageSpinner label={t('loading')} />;
  if (portfolio.isError || wallet.isError) {
    const err = portfolio.error ?? wallet.error;
    if (err instanceof ApiError && err.status === 401) return <Navigate to={paths.login} replace />;
    return (
      <main id="main" className={styles.page}>
        <div className="container">
          <Notice type="error">{errorText(t, err, { fallback: 'invest:loadError' })}</Notice>
        </div>
      </main>
    );
  }
  const lang = i18n.language;

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('portfolio.title')}</h1>
          <p className={styles.muted}>{t('portfolio.intro')}</p>
        </header>

        <section className={styles.card} aria-labelledby="balances">
          <h2 id="balances" className={styles.cardTitle}>
            {t('portfolio.balances')}
          </h2>
          <ul className={styles.list}>
            {wallet.data.balances.map((b) => (
              <li key={b.currency}>
                <h3>{b.currency === 'DEMO' ? t('portfolio.demoWallet') : t('portfolio.realWallet')}</h3>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('portfolio.available')}</dt>
                    <dd>
                      <Money cents={b.available_cents} currency={b.currency} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('portfolio.reserved')}</dt>
                    <dd>
                      <Money cents={b.reserved_cents} currency={b.currency} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>

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
          {portfolio.data.investments.length === 0 ? (
            <div>
              <p>{t('portfolio.empty')}</p>
              <ButtonLink to={paths.campaigns}>{t('portfolio.browse')}</ButtonLink>
            </div>
          ) : (
            <ul className={styles.list}>
              {portfolio.data.investments.map((inv) => (
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
                              href={keyInformationPdfUrl(
                                inv.campaign.slug,
                                inv.key_information_version,
                                lang,
                              )}
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
        </section>

        {revenue}

        <section className={styles.card} aria-labelledby="movements">
          <h2 id="movements" className={styles.cardTitle}>
            {t('portfolio.movements')}
          </h2>
          {wallet.data.transactions.length === 0 ? (
            <p className={styles.muted}>{t('portfolio.noMovements')}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('portfolio.when')}</th>
                  <th scope="col">{t('portfolio.what')}</th>
                  <th scope="col">{t('portfolio.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {wallet.data.transactions.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(m.created_at, lang)}</td>
                    <td>
                      {t(`movement.${m.phase}`, { kind: t(`kind.${m.kind}`, { defaultValue: m.kind }) })}
                    </td>
                    <td>
                      <Money cents={m.amount_cents} currency={m.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <ProviderDeposit manual={<DepositInstructions />} />
        <WithdrawalSection />
      </div>

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
    </main>
  );
}
