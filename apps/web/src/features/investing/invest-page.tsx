import type { InvestmentDto } from '@indiesplit/shared/investing';
import type { Currency } from '@indiesplit/shared/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCampaign } from '../campaigns/api.ts';
import { KeyInformation } from '../campaigns/components/key-information.tsx';
import { useInvestorProfile, useWallet } from './api.ts';
import { CurrencyBanner } from './currency-banner.tsx';
import { formatDateTime } from './format.ts';
import { InvestForm } from './invest-form.tsx';
import styles from './investing.module.css';
import { TaxResidenceForm } from './tax-residence-form.tsx';

/** Invest in one campaign: summary, key information, amount, acknowledgements, consent. */
export default function InvestPage() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation(['invest', 'errors']);
  usePageTitle(t('invest.title'));
  const campaign = useCampaign(slug);
  const profile = useInvestorProfile();
  const wallet = useWallet();
  const [done, setDone] = useState<InvestmentDto | null>(null);

  if (campaign.isPending || profile.isPending || wallet.isPending)
    return <PageSpinner label={t('loading')} />;
  if (campaign.isError || profile.isError || wallet.isError) {
    const err = campaign.error ?? profile.error ?? wallet.error;
    if (err instanceof ApiError && err.status === 401) return <Navigate to={paths.login} replace />;
    return (
      <main id="main" className={styles.page}>
        <div className={`container ${styles.shell}`}>
          <Notice type="error">{errorText(t, err, { fallback: 'invest:loadError' })}</Notice>
        </div>
      </main>
    );
  }
  // Before the first investment: the knowledge test and the loss simulation, then back here.
  if (!profile.data.ready)
    return (
      <Navigate to={`${paths.investorProfile}?next=${encodeURIComponent(paths.invest(slug))}`} replace />
    );

  const c = campaign.data;
  const currency = c.currency as Currency;
  const available = wallet.data.balances.find((b) => b.currency === currency)?.available_cents ?? 0;

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('invest.heading', { title: c.title })}</h1>
          <p className={styles.muted}>{c.summary}</p>
        </header>
        <CurrencyBanner currency={currency} />
        {done ? (
          <Success investment={done} />
        ) : (
          <>
            <section className={styles.card} aria-labelledby="campaign-facts">
              <h2 id="campaign-facts" className={styles.cardTitle}>
                {t('invest.summary')}
              </h2>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('invest.goal')}</dt>
                  <dd>
                    <Money cents={c.goal_cents} currency={currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('invest.committed')}</dt>
                  <dd>
                    <Money cents={c.committed_cents} currency={currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('invest.remaining')}</dt>
                  <dd>
                    <Money cents={Math.max(0, c.max_cents - c.committed_cents)} currency={currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('invest.minTicket')}</dt>
                  <dd>
                    <Money cents={c.min_ticket_cents} currency={currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('invest.share')}</dt>
                  <dd>
                    {t('invest.shareValue', { percent: c.revenue_share_bps / 100, months: c.term_months })}
                  </dd>
                </div>
                <div>
                  <dt>{t('invest.deadline')}</dt>
                  <dd>{formatDateTime(c.deadline_at, i18n.language)}</dd>
                </div>
                <div>
                  <dt>{t('invest.available')}</dt>
                  <dd>
                    <Money cents={available} currency={currency} />
                  </dd>
                </div>
              </dl>
            </section>
            <KeyInformationCard campaign={c} />
            {currency === 'EUR' && !profile.data.email_verified ? (
              <Notice type="warning">{t('errors:emailNotVerifiedToInvest')}</Notice>
            ) : currency === 'EUR' && !profile.data.tax_residence ? (
              // Asked once, in place, before the first real-euro investment (ADR 0033); once saved
              // the profile query holds it and the form below takes its place.
              <>
                <Notice type="info" live={false}>
                  {t('invest.taxFirst')}
                </Notice>
                <TaxResidenceForm profile={profile.data} headingLevel={2} />
              </>
            ) : (
              <InvestForm
                campaignId={c.id}
                currency={currency}
                limits={{
                  minTicketCents: c.min_ticket_cents,
                  remainingCents: c.max_cents - c.committed_cents,
                  availableCents: available,
                }}
                profile={profile.data}
                keyInformationVersion={c.key_information_version?.number}
                onSheetChanged={() => void campaign.refetch()}
                onDone={setDone}
              />
            )}
          </>
        )}
      </div>
    </main>
  );
}

type Campaign = NonNullable<ReturnType<typeof useCampaign>['data']>;

/** The key investment information sheet, as the server states it, before the acknowledgement. */
function KeyInformationCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('invest');
  return (
    <details className={styles.card}>
      <summary>
        <strong>{t('kiis.title')}</strong>
      </summary>
      <KeyInformation info={campaign.key_information} slug={campaign.slug} />
    </details>
  );
}

function Success({ investment }: { investment: InvestmentDto }) {
  const { t, i18n } = useTranslation('invest');
  return (
    <section className={styles.card} aria-live="polite">
      <h2 className={styles.cardTitle}>{t('success.title')}</h2>
      <p>
        {t('success.amount')} <Money cents={investment.amount_cents} currency={investment.currency} />
      </p>
      {investment.revocable ? (
        <p>
          {t('success.reflection', { date: formatDateTime(investment.reflection_ends_at, i18n.language) })}
        </p>
      ) : (
        <p>{t('success.noReflection')}</p>
      )}
      {investment.key_information_version !== null && (
        <p>{t('success.keyInformation', { number: investment.key_information_version })}</p>
      )}
      <div className={styles.actions}>
        <ButtonLink to={paths.portfolio}>{t('success.portfolio')}</ButtonLink>
        <Link to={paths.campaigns}>{t('success.more')}</Link>
      </div>
    </section>
  );
}
