import type { CampaignStatus, CampaignSummaryDto } from '@indiesplit/shared/campaigns';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { CoverArt } from '../../../components/cover-art.tsx';
import { cx } from '../../../components/cx.ts';
import { apiUrl } from '../../../lib/api.ts';
import styles from '../campaigns.module.css';
import { formatAmount, formatShare, opensInText, progressPercent, timeLeftText } from '../format.ts';

/** Says plainly that a demo campaign's money is virtual. */
export function DemoBadge({ className }: { className?: string }) {
  const { t } = useTranslation('campaigns');
  return <span className={cx(styles.demoBadge, className)}>{t('demo.badge')}</span>;
}

export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return <span className={cx(styles.status, styles[`status_${status}`])}>{t(`status.${status}`)}</span>;
}

/** Raised so far against the goal, as a bar and in words. */
export function Progress({ campaign, large = false }: { campaign: CampaignSummaryDto; large?: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const percent = progressPercent(campaign.committed_cents, campaign.goal_cents);
  const raised = formatAmount(t, campaign.committed_cents, campaign.currency, lang);
  const goal = formatAmount(t, campaign.goal_cents, campaign.currency, lang);
  return (
    <div className={cx(styles.progress, large && styles.progressLarge)}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-label={t('progress.label')}
        aria-valuetext={t('progress.percent', { percent })}
      >
        <span className={styles.barFill} style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className={styles.raised}>
        <strong>{raised}</strong> {t('progress.ofGoal', { goal })}
        <span className={styles.percent}>{t('progress.percent', { percent })}</span>
      </p>
    </div>
  );
}

/** One campaign in the list: cover, title, summary, progress and what happens next. */
export function CampaignCard({ campaign }: { campaign: CampaignSummaryDto }) {
  const { t, i18n } = useTranslation('campaigns');
  const cover = apiUrl(campaign.cover_url);
  const open = campaign.status === 'live';
  return (
    <article className={styles.card}>
      <div className={styles.cardCover}>
        {cover ? (
          <img src={cover} alt="" loading="lazy" />
        ) : (
          <CoverArt title={campaign.title} className={styles.coverArt} />
        )}
      </div>
      <div className={styles.cardBody}>
        <div className={styles.badges}>
          <StatusBadge status={campaign.status} />
          {campaign.currency === 'DEMO' && <DemoBadge />}
        </div>
        <h3 className={styles.cardTitle}>
          <Link to={paths.campaign(campaign.slug)} className={styles.cardLink}>
            {campaign.title}
          </Link>
        </h3>
        {campaign.studio_name && (
          <p className={styles.studio}>{t('card.by', { studio: campaign.studio_name })}</p>
        )}
        <p className={styles.summary}>{campaign.summary}</p>
        <Progress campaign={campaign} />
        <dl className={styles.facts}>
          <div>
            <dt>{t('facts.share')}</dt>
            <dd>{formatShare(campaign.revenue_share_bps, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('facts.investors')}</dt>
            <dd>{campaign.investor_count}</dd>
          </div>
          <div>
            <dt>
              {campaign.status === 'scheduled'
                ? t('facts.opens')
                : open
                  ? t('facts.timeLeft')
                  : t('facts.status')}
            </dt>
            <dd>
              {campaign.status === 'scheduled'
                ? opensInText(t, campaign.starts_at)
                : open
                  ? timeLeftText(t, campaign.deadline_at)
                  : t(`status.${campaign.status}`)}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
