import type { CampaignSummaryDto } from '@indiesplit/shared/campaigns';
import type { PlatformFiguresDto } from '@indiesplit/shared/figures';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { queryClient } from '../../../app/query-client.ts';
import { Money } from '../../../components/money.tsx';
import { apiRequest } from '../../../lib/api.ts';
import { useCampaigns } from '../../campaigns/api.ts';
import { CampaignCard } from '../../campaigns/components/campaign-bits.tsx';
import styles from '../home-page.module.css';

// The home page's campaigns and figures, right under the first screen: the live campaigns, the
// platform's figures read from the ledger, then what opens soon and what was funded lately. Real
// money only (the demo has its own page). Loaded after the first paint with the campaigns' texts.

const LIVE_SHOWN = 6;
const OTHERS_SHOWN = 3;

export default function HomeCampaigns() {
  return (
    <QueryClientProvider client={queryClient}>
      <Campaigns />
    </QueryClientProvider>
  );
}

function Campaigns() {
  const { t } = useTranslation('campaigns');
  const live = useCampaigns('live', { currency: 'EUR' });
  const upcoming = useCampaigns('upcoming', { currency: 'EUR' });
  const funded = useCampaigns('funded', { currency: 'EUR' });
  const figures = useQuery({
    queryKey: ['figures'],
    queryFn: ({ signal }) => apiRequest<PlatformFiguresDto>('/figures', { signal }),
    staleTime: 60_000,
  });

  return (
    <>
      <section className={styles.section} aria-labelledby="home-live-title">
        <div className="container">
          <div className={styles.campaignsHead}>
            <h2 id="home-live-title" className={styles.sectionTitle}>
              {t('home.live')}
            </h2>
            <Link to={paths.campaigns}>{t('home.all')}</Link>
          </div>
          {live.data && live.data.length === 0 && <p className={styles.lead}>{t('home.noneLive')}</p>}
          <CampaignGrid campaigns={live.data?.slice(0, LIVE_SHOWN)} />
        </div>
      </section>
      {figures.data && (
        <section className={styles.figures} aria-labelledby="home-figures-title">
          <div className="container">
            <h2 id="home-figures-title" className="visually-hidden">
              {t('home.figures')}
            </h2>
            {/* Each figure is read as "raised: €…"; the number is shown above its label. */}
            <dl className={styles.figureList}>
              <div>
                <dt>{t('home.raised')}</dt>
                <dd>
                  <Money cents={figures.data.raised_cents} currency="EUR" />
                </dd>
              </div>
              <div>
                <dt>{t('home.investors', { count: figures.data.investors })}</dt>
                <dd>{figures.data.investors}</dd>
              </div>
              <div>
                <dt>{t('home.paidOut')}</dt>
                <dd>
                  <Money cents={figures.data.paid_out_cents} currency="EUR" />
                </dd>
              </div>
            </dl>
            <p className={styles.figuresNote}>{t('home.asOf')}</p>
          </div>
        </section>
      )}
      <MoreCampaigns id="home-upcoming-title" title={t('home.upcoming')} campaigns={upcoming.data} />
      <MoreCampaigns id="home-funded-title" title={t('home.funded')} campaigns={funded.data} />
    </>
  );
}

function MoreCampaigns({
  id,
  title,
  campaigns,
}: {
  id: string;
  title: string;
  campaigns?: CampaignSummaryDto[];
}) {
  if (!campaigns || campaigns.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        <CampaignGrid campaigns={campaigns.slice(0, OTHERS_SHOWN)} />
      </div>
    </section>
  );
}

function CampaignGrid({ campaigns }: { campaigns?: CampaignSummaryDto[] }) {
  if (!campaigns || campaigns.length === 0) return null;
  return (
    <ul className={styles.campaignGrid}>
      {campaigns.map((c) => (
        <li key={c.id}>
          <CampaignCard campaign={c} />
        </li>
      ))}
    </ul>
  );
}
