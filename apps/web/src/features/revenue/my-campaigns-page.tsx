import { formatMoney } from '@indiesplit/shared/money';
import { type DeveloperCampaignDto, monthHealth } from '@indiesplit/shared/revenue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { StudioPayouts } from '../payments/studio-payouts.tsx';
import { useMyCampaigns } from './api.ts';
import { formatBps, periodLabel } from './format.ts';
import styles from './revenue.module.css';
import { SessionGone } from './session-gone.tsx';

/**
 * "My campaigns": the developer's campaigns from the moment they are announced: a live round with
 * what it has raised, then the funded and launched ones with the report that is due.
 */
export default function MyCampaignsPage() {
  const { t } = useTranslation(['revenue', 'errors']);
  const campaigns = useMyCampaigns();
  usePageTitle(t('mine.title'));

  if (campaigns.error instanceof ApiError && campaigns.error.status === 401) return <SessionGone />;

  let body: ReactNode;
  if (campaigns.isPending) body = <PageSpinner label={t('loading')} />;
  else if (campaigns.isError)
    body = (
      <Notice type="error">
        <p>{errorText(t, campaigns.error, { fallback: 'revenue:loadError' })}</p>
        <Button variant="secondary" size="sm" onClick={() => void campaigns.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  else if (campaigns.data.length === 0)
    body = (
      <div className={styles.empty}>
        <p>{t('mine.empty')}</p>
        <ButtonLink to={paths.myPitches} variant="secondary">
          {t('mine.toPitches')}
        </ButtonLink>
      </div>
    );
  else
    body = (
      <ul className={styles.list}>
        {campaigns.data.map((c) => (
          <li key={c.id}>
            <CampaignCard campaign={c} />
          </li>
        ))}
      </ul>
    );

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('mine.title')}</h1>
          <p className={styles.muted}>{t('mine.intro')}</p>
          <p className={styles.muted}>
            {t('mine.verification')}{' '}
            <ButtonLink to={paths.studioVerification} variant="secondary" size="sm">
              {t('mine.verificationLink')}
            </ButtonLink>
          </p>
          <p>
            <ButtonLink to={paths.studioProfile} variant="secondary" size="sm">
              {t('mine.studioProfile')}
            </ButtonLink>
          </p>
        </header>
        <StudioPayouts />
        {body}
      </div>
    </main>
  );
}

/** Launch, term end and share of a campaign, as a description list. */
export function CampaignFacts({ campaign }: { campaign: DeveloperCampaignDto }) {
  const { t, i18n } = useTranslation('revenue');
  const lang = i18n.language;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('campaign.status')}</dt>
        <dd>{t(`campaignStatus.${campaign.status}`, { defaultValue: campaign.status })}</dd>
      </div>
      <div>
        <dt>{t('campaign.launchedOn')}</dt>
        <dd>{campaign.launched_on ? formatDay(campaign.launched_on, lang) : t('campaign.notLaunched')}</dd>
      </div>
      <div>
        <dt>{t('campaign.termEndsOn')}</dt>
        <dd>{campaign.term_ends_on ? formatDay(campaign.term_ends_on, lang) : '—'}</dd>
      </div>
      <div>
        <dt>{t('campaign.share')}</dt>
        <dd>{campaign.revenue_share_bps === null ? '—' : formatBps(campaign.revenue_share_bps, lang)}</dd>
      </div>
      {campaign.currency === 'DEMO' && (
        <div>
          <dt>{t('campaign.money')}</dt>
          <dd>{t('campaign.demoMoney')}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * "A report is due", or "overdue" once its due day has passed: the period and the day it is (was)
 * due. Overdue follows the shared report-health rule (ADR 0032) on today's UTC day, as the server
 * counts days.
 */
export function ReportDueNotice({ campaign }: { campaign: DeveloperCampaignDto }) {
  const { t, i18n } = useTranslation('revenue');
  if (!campaign.report_due) return null;
  const lang = i18n.language;
  const { period_start, period_end, due_on } = campaign.report_due;
  const today = new Date().toISOString().slice(0, 10);
  const health = monthHealth(period_end, null, today);
  const late = health === 'overdue' || health === 'default';
  return (
    <Notice type={late ? 'error' : 'warning'} live={false}>
      {t(late ? 'campaign.reportOverdue' : 'campaign.reportDue', {
        period: periodLabel(t, 'month', period_start, lang),
        date: formatDay(due_on, lang, 'long'),
      })}
    </Notice>
  );
}

const DAY_MS = 86_400_000;
/** Rounds still raising money: no revenue share yet, so no reports to file. */
const RAISING = ['scheduled', 'live'];

/** What a round has raised: amount against the goal, investors and, while open, the days left. */
function RoundFigures({ campaign }: { campaign: DeveloperCampaignDto }) {
  const { t, i18n } = useTranslation('revenue');
  const lang = i18n.language;
  const money = (cents: number) => formatMoney(cents, campaign.currency, lang);
  const daysLeft =
    campaign.status === 'live' && campaign.deadline_at
      ? Math.max(0, Math.ceil((new Date(campaign.deadline_at).getTime() - Date.now()) / DAY_MS))
      : null;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('mine.raised')}</dt>
        <dd>
          {t('mine.raisedOfGoal', {
            raised: money(campaign.committed_cents),
            goal: money(campaign.goal_cents),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('mine.investors')}</dt>
        <dd>{campaign.investor_count}</dd>
      </div>
      {daysLeft !== null && (
        <div>
          <dt>{t('mine.timeLeft')}</dt>
          <dd>{t('mine.daysLeft', { count: daysLeft })}</dd>
        </div>
      )}
    </dl>
  );
}

function CampaignCard({ campaign }: { campaign: DeveloperCampaignDto }) {
  const { t } = useTranslation('revenue');
  const headingId = `campaign-${campaign.id}`;
  const raising = RAISING.includes(campaign.status);
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {campaign.title}
      </h2>
      <CampaignFacts campaign={campaign} />
      <RoundFigures campaign={campaign} />
      <ReportDueNotice campaign={campaign} />
      <div className={styles.cardActions}>
        {raising ? (
          campaign.slug && (
            <ButtonLink
              to={paths.campaign(campaign.slug)}
              variant="secondary"
              aria-label={t('mine.pageLabel', { title: campaign.title })}
            >
              {t('mine.page')}
            </ButtonLink>
          )
        ) : (
          <ButtonLink
            to={paths.myCampaignReports(campaign.id)}
            aria-label={t('mine.reportsLabel', { title: campaign.title })}
          >
            {t('mine.reports')}
          </ButtonLink>
        )}
        {campaign.slug && (
          <ButtonLink
            to={paths.myCampaignUpdates(campaign.slug)}
            variant="secondary"
            aria-label={t('mine.updatesLabel', { title: campaign.title })}
          >
            {t('mine.updates')}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
