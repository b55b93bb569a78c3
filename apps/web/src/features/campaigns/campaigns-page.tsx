import {
  CAMPAIGN_GROUPS,
  type CampaignGroup,
  type CampaignListQuery,
  GAME_GENRES,
} from '@indiesplit/shared/campaigns';
import { PITCH_PLATFORMS, platformLabel } from '@indiesplit/shared/pitches';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCampaigns } from './api.ts';
import styles from './campaigns.module.css';
import { CampaignCard } from './components/campaign-bits.tsx';

type Filters = Omit<CampaignListQuery, 'group'>;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters live in the address, so a filtered list can be shared and survives a reload. */
function useFilters(): [Filters, (key: keyof Filters, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    platform: oneOf(PITCH_PLATFORMS, params.get('platform')),
    genre: oneOf(GAME_GENRES, params.get('genre')),
    currency: oneOf(['EUR', 'DEMO'] as const, params.get('currency')),
  };
  const set = (key: keyof Filters, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

/** /campaigns: live, upcoming and funded campaigns, filtered by platform, genre and money. */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  usePageTitle(t('list.title'));
  const [filters, setFilter] = useFilters();

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <header className={styles.head}>
          <h1 className={styles.title}>{t('list.title')}</h1>
          <p className={styles.intro}>{t('list.intro')}</p>
        </header>
        <form className={styles.filters} aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
          <SelectField
            label={t('filters.platform')}
            value={filters.platform ?? ''}
            onChange={(e) => setFilter('platform', e.target.value)}
          >
            <option value="">{t('filters.allPlatforms')}</option>
            {PITCH_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformLabel(p)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('filters.genre')}
            value={filters.genre ?? ''}
            onChange={(e) => setFilter('genre', e.target.value)}
          >
            <option value="">{t('filters.allGenres')}</option>
            {GAME_GENRES.map((g) => (
              <option key={g} value={g}>
                {t(`genre.${g}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('filters.currency')}
            value={filters.currency ?? ''}
            onChange={(e) => setFilter('currency', e.target.value)}
          >
            <option value="">{t('filters.allCurrencies')}</option>
            <option value="EUR">{t('filters.real')}</option>
            <option value="DEMO">{t('filters.demo')}</option>
          </SelectField>
        </form>
        {CAMPAIGN_GROUPS.map((group) => (
          <CampaignGroupSection key={group} group={group} filters={filters} />
        ))}
      </div>
    </main>
  );
}

function CampaignGroupSection({ group, filters }: { group: CampaignGroup; filters: Filters }) {
  const { t } = useTranslation('campaigns');
  const headingId = useId();
  const list = useCampaigns(group, filters);
  return (
    <section className={styles.group} aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId} className={styles.groupTitle}>
        {t(`list.groups.${group}`)}
      </h2>
      {list.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : list.isError ? (
        <Notice type="error">
          <p>{t('list.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t(`list.empty.${group}`)}</p>
      ) : (
        <ul className={styles.grid}>
          {list.data.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
