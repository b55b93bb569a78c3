import { PUBLIC_CAMPAIGN_STATUSES } from '@indiesplit/shared/campaigns';
import type { BackofficeCampaignDetail } from '@indiesplit/shared/campaigns-backoffice';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBackofficeCampaign } from '../campaigns/backoffice-api.ts';
import { formatAmount } from '../campaigns/format.ts';
import styles from './backoffice.module.css';
import { CampaignEditorForm, type CampaignEditorHandle } from './campaign-editor-form.tsx';
import { CoverPanel, HistoryPanel, ServicesPanel, StatusPanel } from './campaign-editor-panels.tsx';
import { LoadError } from './load-error.tsx';

// The admin's campaign editor: the editable fields on one side; the status moves, the cover, the
// services checklist and the history beside them.

export default function CampaignEditorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const campaign = useBackofficeCampaign(id);
  usePageTitle(campaign.data?.title ?? t('campaigns.listTitle'));
  if (campaign.isPending) return <PageSpinner label={t('campaigns.loading')} />;
  if (campaign.isError) {
    return (
      <div className={styles.page}>
        <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} adminOnly />
      </div>
    );
  }
  return <CampaignEditor campaign={campaign.data} />;
}

export function CampaignEditor({ campaign }: { campaign: BackofficeCampaignDetail }) {
  const { t, i18n } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const editor = useRef<CampaignEditorHandle>(null);
  const isPublic = PUBLIC_CAMPAIGN_STATUSES.includes(campaign.status) && campaign.slug;

  return (
    <div className={styles.page}>
      <p>
        <Link to={paths.backofficeCampaigns}>{t('campaigns.backToList')}</Link>
      </p>
      <header className={styles.detailHead}>
        <div>
          <h1 className={styles.title}>{campaign.title}</h1>
          <p className={styles.muted}>
            {t(`campaigns:status.${campaign.status}`)}
            {campaign.currency === 'DEMO' && ` · ${t('campaigns:demo.badge')}`}
            {campaign.developer &&
              ` · ${t('campaigns.developer', { username: campaign.developer.username })}`}
          </p>
        </div>
        <div className={styles.headSide}>
          <p className={styles.muted}>
            {t('campaigns.raised', {
              raised: formatAmount(t, campaign.committed_cents, campaign.currency, i18n.language),
              count: campaign.investor_count,
            })}
          </p>
          {isPublic && campaign.slug && (
            <Link to={paths.campaign(campaign.slug)}>{t('campaigns.publicPage')}</Link>
          )}
          {campaign.pitch_id && (
            <Link to={paths.backofficePitch(campaign.pitch_id)}>{t('campaigns.pitch')}</Link>
          )}
        </div>
      </header>

      <div className={styles.detailGrid}>
        <CampaignEditorForm campaign={campaign} ref={editor} />
        <div className={styles.stack}>
          <StatusPanel campaign={campaign} onFieldErrors={(err) => editor.current?.showFieldErrors(err)} />
          <CoverPanel campaign={campaign} />
          <ServicesPanel campaign={campaign} />
          <HistoryPanel campaign={campaign} />
        </div>
      </div>
    </div>
  );
}
