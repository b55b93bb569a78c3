import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { platformLabel } from '@indiesplit/shared/platforms';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Countdown } from '../../components/countdown.tsx';
import { CoverArt } from '../../components/cover-art.tsx';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { loadNamespaces } from '../../i18n/index.ts';
import { ApiError, apiUrl } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { CampaignDiscussion } from '../community/campaign-discussion.tsx';
import { StudioLink } from '../community/studio-page.tsx';
import { CampaignHealthBadge } from '../outcomes/health-badge.tsx';
import { useCampaign, useWatchCampaign } from './api.ts';
import styles from './campaigns.module.css';
import { DemoBadge, Progress, StatusBadge } from './components/campaign-bits.tsx';
import { KeyInformation } from './components/key-information.tsx';
import { KeyInformationVersionLine } from './components/key-information-version.tsx';
import { Trailer } from './components/trailer.tsx';
import { formatAmount, formatDay, formatShare, progressPercent, timeLeftText } from './format.ts';

// The payout simulator is its own chunk: the page shows first, the calculator follows.
const PayoutSimulator = lazy(() => import('./components/payout-simulator.tsx'));
// The updates and the follow button come with their own texts (ADR 0037).
const CampaignUpdates = lazy(() =>
  Promise.all([import('./components/campaign-updates.tsx'), loadNamespaces(['notifications'])]).then(
    ([m]) => m,
  ),
);

/** /campaigns/:slug — a campaign's public page. */
export default function CampaignPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('campaigns');
  const campaign = useCampaign(slug);
  usePageTitle(campaign.data?.title ?? t('list.title'));

  if (campaign.isPending) return <PageSpinner label={t('page.loading')} />;
  if (campaign.isError) {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return (
      <main id="main" className={styles.page}>
        <div className="container">
          <Notice type={missing ? 'info' : 'error'}>
            <p>{missing ? t('page.notFound') : t('page.loadError')}</p>
            {missing ? (
              <Link to={paths.campaigns}>{t('page.backToList')}</Link>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => void campaign.refetch()}>
                {t('retry')}
              </Button>
            )}
          </Notice>
        </div>
      </main>
    );
  }
  return <CampaignView campaign={campaign.data} />;
}

export function CampaignView({ campaign }: { campaign: CampaignDetailDto }) {
  const { t, i18n } = useTranslation(['campaigns', 'payouts']);
  const lang = i18n.language;
  const cover = apiUrl(campaign.cover_url);
  const demo = campaign.currency === 'DEMO';
  const money = (cents: number) => formatAmount(t, cents, campaign.currency, lang);

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <p className={styles.back}>
          <Link to={paths.campaigns}>{t('page.backToList')}</Link>
        </p>
        <header className={styles.hero}>
          {cover ? (
            <img className={styles.heroCover} src={cover} alt="" fetchPriority="high" />
          ) : (
            <CoverArt title={campaign.title} className={styles.heroCover} />
          )}
          <div className={styles.badges}>
            <StatusBadge status={campaign.status} />
            {demo && <DemoBadge />}
            <CampaignHealthBadge
              slug={campaign.slug}
              launched={!demo && (campaign.status === 'launched' || campaign.status === 'completed')}
            />
            {campaign.genre && <span className={styles.tag}>{t(`genre.${campaign.genre}`)}</span>}
            {campaign.platforms.map((p) => (
              <span key={p} className={styles.tag}>
                {platformLabel(p)}
              </span>
            ))}
          </div>
          <h1 className={styles.title}>{campaign.title}</h1>
          <p className={styles.intro}>{campaign.summary}</p>
          {campaign.studio_name && (
            <p className={styles.muted}>{t('page.by', { studio: campaign.studio_name })}</p>
          )}
        </header>
        {demo && (
          <Notice type="info" live={false} className={styles.demoNotice}>
            <p>{t('demo.notice')}</p>
          </Notice>
        )}
        <div className={styles.layout}>
          <aside className={styles.panel} aria-label={t('page.panel')}>
            <Progress campaign={campaign} large />
            <dl className={styles.facts}>
              <div>
                <dt>{t('facts.investors')}</dt>
                <dd>{campaign.investor_count}</dd>
              </div>
              {campaign.status === 'live' && (
                <div>
                  <dt>{t('facts.timeLeft')}</dt>
                  <dd>{timeLeftText(t, campaign.deadline_at)}</dd>
                </div>
              )}
              <div>
                <dt>{t('facts.share')}</dt>
                <dd>{formatShare(campaign.revenue_share_bps, lang)}</dd>
              </div>
              {campaign.term_ends_on && (
                <div>
                  <dt>{t('payouts:campaign.termEnds')}</dt>
                  <dd>{formatDay(campaign.term_ends_on, lang)}</dd>
                </div>
              )}
              <div>
                <dt>{t('facts.minTicket')}</dt>
                <dd>{money(campaign.min_ticket_cents)}</dd>
              </div>
              <div>
                <dt>{t('facts.max')}</dt>
                <dd>{money(campaign.max_cents)}</dd>
              </div>
            </dl>
            <p className={styles.hint}>
              {campaign.conflicted_investments.count > 0
                ? t('conflicts.disclosure', {
                    count: campaign.conflicted_investments.count,
                    amount: money(campaign.conflicted_investments.total_cents),
                  })
                : t('conflicts.none')}{' '}
              <Link to={paths.conflictsOfInterest}>{t('conflicts.policy')}</Link>
            </p>
            <CampaignAction campaign={campaign} />
          </aside>
          <div className={styles.main}>
            <section className={styles.section} aria-labelledby="story">
              <h2 id="story">{t('page.story')}</h2>
              <p className={styles.text}>{campaign.story}</p>
              {campaign.trailer_url && <Trailer url={campaign.trailer_url} title={campaign.title} />}
            </section>
            <section className={styles.section} aria-labelledby="use-of-funds">
              <h2 id="use-of-funds">{t('page.useOfFunds')}</h2>
              <p className={styles.text}>{campaign.use_of_funds}</p>
            </section>
            <section className={styles.section} aria-labelledby="risks">
              <h2 id="risks">{t('page.risks')}</h2>
              <Notice type="warning" live={false}>
                <p>{t('page.riskWarning')}</p>
              </Notice>
              <p className={styles.text}>{campaign.risks}</p>
            </section>
            <section className={styles.section} aria-labelledby="services">
              <h2 id="services">{t('page.services')}</h2>
              {campaign.services.length === 0 ? (
                <p className={styles.muted}>{t('page.noServices')}</p>
              ) : (
                <ul className={styles.services}>
                  {campaign.services.map((s) => (
                    <li key={s.service}>
                      <span>{t(`service.${s.service}`)}</span>
                      {campaign.status === 'services_active' ||
                      campaign.status === 'launched' ||
                      campaign.status === 'completed' ? (
                        <span className={styles.muted}>{t(`serviceStatus.${s.status}`)}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={styles.section} aria-labelledby="key-information">
              <h2 id="key-information">{t('kiis.title')}</h2>
              {campaign.key_information_version && (
                <KeyInformationVersionLine slug={campaign.slug} version={campaign.key_information_version} />
              )}
              <KeyInformation info={campaign.key_information} slug={campaign.slug} />
            </section>
            <Suspense fallback={null}>
              <PayoutSimulator campaign={campaign} />
            </Suspense>
            <section className={styles.section} aria-labelledby="developer">
              <h2 id="developer">{t('page.developer')}</h2>
              <p className={styles.text}>{campaign.studio_name ?? t('page.noDeveloper')}</p>
              <StudioLink slug={campaign.slug} />
              {campaign.expected_release_date && (
                <p className={styles.muted}>
                  {t('page.expectedRelease', { date: formatDay(campaign.expected_release_date, lang) })}
                </p>
              )}
              {campaign.launched_on && (
                <p className={styles.muted}>
                  {t('page.launchedOn', { date: formatDay(campaign.launched_on, lang) })}
                </p>
              )}
            </section>
            <section className={styles.section} aria-labelledby="updates">
              <h2 id="updates">{t('page.updates')}</h2>
              <Suspense fallback={null}>
                <CampaignUpdates slug={campaign.slug} />
              </Suspense>
            </section>
            <CampaignDiscussion slug={campaign.slug} />
          </div>
        </div>
        {campaign.status === 'live' && <StickyInvestBar campaign={campaign} />}
      </div>
    </main>
  );
}

/** Phones: how far the campaign is and the Invest button, always in reach. */
function StickyInvestBar({ campaign }: { campaign: CampaignDetailDto }) {
  const { t, i18n } = useTranslation('campaigns');
  const percent = progressPercent(campaign.committed_cents, campaign.goal_cents);
  const raised = formatAmount(t, campaign.committed_cents, campaign.currency, i18n.language);
  return (
    <div className={styles.stickyBar} data-testid="sticky-invest" data-sticky-bar="">
      <p>
        {raised} · {t('progress.percent', { percent })}
      </p>
      <ButtonLink to={paths.invest(campaign.slug)} size="sm">
        {campaign.currency === 'DEMO' ? t('action.investDemo') : t('action.invest')}
      </ButtonLink>
    </div>
  );
}

/** What a reader can do now: invest while live, ask for a reminder while scheduled, else read. */
function CampaignAction({ campaign }: { campaign: CampaignDetailDto }) {
  const { t } = useTranslation('campaigns');
  const auth = useAuth();
  const demo = campaign.currency === 'DEMO';
  if (campaign.status === 'live') {
    return (
      <div className={styles.action}>
        <ButtonLink to={paths.invest(campaign.slug)} block>
          {demo ? t('action.investDemo') : t('action.invest')}
        </ButtonLink>
        {!auth.isAuthenticated ? (
          <p className={styles.hint}>{t('action.loginToInvest')}</p>
        ) : !auth.isEmailVerified ? (
          <p className={styles.hint}>{t('action.verifyToInvest')}</p>
        ) : null}
      </div>
    );
  }
  if (campaign.status === 'scheduled') {
    return (
      <div className={styles.action}>
        <p className={styles.actionTitle}>{t('action.opensIn')}</p>
        <Countdown target={campaign.starts_at} endedMessage={t('action.openingNow')} />
        <NotifyForm slug={campaign.slug} />
      </div>
    );
  }
  return <p className={styles.hint}>{t(`action.after.${campaign.status}`)}</p>;
}

function NotifyForm({ slug }: { slug: string }) {
  const { t } = useTranslation(['campaigns', 'errors']);
  const auth = useAuth();
  const [email, setEmail] = useState(auth.email ?? '');
  const watch = useWatchCampaign(slug);
  const error = watch.error;
  const emailError = error instanceof ApiError ? fieldErrorText(t, error, 'email') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    watch.mutate(email);
  };

  if (watch.isSuccess) {
    return (
      <Notice type="success">
        <p>{t('errors:watchingCampaign')}</p>
      </Notice>
    );
  }
  return (
    // POST: on a page the server rendered, a submit before the app took over must not put the
    // email into the address (ADR 0041).
    <form method="post" className={styles.notify} onSubmit={submit} noValidate>
      <Field
        label={t('action.notifyLabel')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        required
      />
      {error && !emailError && (
        <Notice type="error">
          <p>{errorText(t, error, { fallback: 'errors:serverError' })}</p>
        </Notice>
      )}
      <Button type="submit" variant="secondary" block disabled={watch.isPending}>
        {watch.isPending ? t('action.notifySending') : t('action.notify')}
      </Button>
    </form>
  );
}
