// The zod-free modules: the list's page loads no validation library.
import {
  CAMPAIGN_GROUPS,
  CAMPAIGN_PAGE_SIZE_MAX,
  CAMPAIGN_SEARCH_MAX,
  CAMPAIGN_SORTS,
  GAME_GENRES,
} from '@indiesplit/shared/campaign-discovery';
import type { CampaignListQuery } from '@indiesplit/shared/campaigns';
import { PITCH_PLATFORMS, platformLabel } from '@indiesplit/shared/platforms';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCampaignPage } from './api.ts';
import styles from './campaigns.module.css';
import { CampaignCard } from './components/campaign-bits.tsx';

/** What the visitor chose; the money is not one of them: demo campaigns have their own section. */
type Filters = Pick<CampaignListQuery, 'q' | 'sort' | 'group' | 'platform' | 'genre'>;
const FILTER_KEYS = ['q', 'sort', 'group', 'platform', 'genre'] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** A whole number from the address within the contract's bounds; anything else is `fallback`. */
function boundedOf<T>(value: string | null, max: number, fallback: T): number | T {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/**
 * The search, order, filters and page live in the address, so a link keeps them and the back
 * button returns to the previous search (each change is a new history entry). A change of the
 * search or of a filter goes back to the first page.
 */
function useDiscovery() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim().slice(0, CAMPAIGN_SEARCH_MAX) || undefined;
  const filters: Filters = {
    q,
    sort: oneOf(CAMPAIGN_SORTS, params.get('sort')),
    group: oneOf(CAMPAIGN_GROUPS, params.get('group')),
    platform: oneOf(PITCH_PLATFORMS, params.get('platform')),
    genre: oneOf(GAME_GENRES, params.get('genre')),
  };
  const page = boundedOf(params.get('page'), 1000, 1);
  // Not offered as a control; a shared link may carry it, and the API bounds it anyway.
  const pageSize = boundedOf(params.get('page_size'), CAMPAIGN_PAGE_SIZE_MAX, undefined);
  const set = (key: (typeof FILTER_KEYS)[number], value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const clear = () => setParams(new URLSearchParams());
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    const search = next.toString();
    return search ? `?${search}` : '?';
  };
  // The order is not a filter: with only an order chosen, nothing is hidden.
  const filtered = Boolean(filters.q || filters.group || filters.platform || filters.genre);
  return { filters, page, pageSize, set, clear, pageHref, filtered };
}

/** /campaigns: real campaigns searched, sorted and paged, then the demo ones in their own section. */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  usePageTitle(t('list.title'));
  const discovery = useDiscovery();
  const { filters, set } = discovery;

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('q');
    set('q', typeof value === 'string' ? value.trim() : '');
  };

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <header className={styles.head}>
          <h1 className={styles.title}>{t('list.title')}</h1>
          <p className={styles.intro}>{t('list.intro')}</p>
        </header>
        <div className={styles.discovery}>
          <search aria-label={t('search.label')}>
            <form className={styles.searchForm} onSubmit={onSearch}>
              {/* Keyed by the search so clearing the filters (or going back) empties the box too. */}
              <Field
                key={filters.q ?? ''}
                label={t('search.field')}
                type="search"
                name="q"
                defaultValue={filters.q ?? ''}
                maxLength={CAMPAIGN_SEARCH_MAX}
                className={styles.searchField}
              />
              <Button type="submit" className={styles.searchButton}>
                {t('search.submit')}
              </Button>
            </form>
          </search>
          <form
            className={styles.filters}
            aria-label={t('filters.label')}
            onSubmit={(e) => e.preventDefault()}
          >
            <SelectField
              label={t('sort.label')}
              value={filters.sort ?? ''}
              onChange={(e) => set('sort', e.target.value)}
            >
              <option value="">{t('sort.default')}</option>
              <option value="most_funded">{t('sort.most_funded')}</option>
              <option value="newest">{t('sort.newest')}</option>
            </SelectField>
            <SelectField
              label={t('filters.status')}
              value={filters.group ?? ''}
              onChange={(e) => set('group', e.target.value)}
            >
              <option value="">{t('filters.allStatuses')}</option>
              {CAMPAIGN_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`list.groups.${g}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('filters.platform')}
              value={filters.platform ?? ''}
              onChange={(e) => set('platform', e.target.value)}
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
              onChange={(e) => set('genre', e.target.value)}
            >
              <option value="">{t('filters.allGenres')}</option>
              {GAME_GENRES.map((g) => (
                <option key={g} value={g}>
                  {t(`genre.${g}`)}
                </option>
              ))}
            </SelectField>
          </form>
        </div>
        <RealResults discovery={discovery} />
        <DemoResults filters={filters} />
      </div>
    </main>
  );
}

function RealResults({ discovery }: { discovery: ReturnType<typeof useDiscovery> }) {
  const { t } = useTranslation('campaigns');
  const headingId = useId();
  const { filters, page, pageSize, clear, pageHref, filtered } = discovery;
  const list = useCampaignPage({ ...filters, currency: 'EUR', page, page_size: pageSize });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <section className={styles.group} aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId} className={styles.groupTitle}>
        {t('list.real')}
      </h2>
      {/* Always in the page, so a screen reader hears each new count after a search. */}
      <p role="status" className={styles.muted}>
        {data && !list.isPlaceholderData ? t('list.found', { count: data.total }) : ''}
      </p>
      {list.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : list.isError ? (
        <Notice type="error">
          <p>{t('list.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : data && data.campaigns.length === 0 ? (
        filtered ? (
          <div className={styles.emptyFiltered}>
            <p className={styles.muted}>{t('list.noMatch')}</p>
            <Button variant="secondary" onClick={clear}>
              {t('search.clear')}
            </Button>
          </div>
        ) : page > 1 ? (
          <p className={styles.muted}>
            <Link to={pageHref(1)}>{t('pages.first')}</Link>
          </p>
        ) : (
          <p className={styles.muted}>{t('list.empty.live')}</p>
        )
      ) : (
        <>
          <ul className={styles.grid}>
            {data?.campaigns.map((c) => (
              <li key={c.id}>
                <CampaignCard campaign={c} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pages} aria-label={t('pages.label')}>
              {page > 1 ? (
                <Link to={pageHref(page - 1)} rel="prev">
                  {t('pages.previous')}
                </Link>
              ) : (
                <span aria-hidden="true" />
              )}
              <span>{t('pages.current', { page, pages })}</span>
              {page < pages ? (
                <Link to={pageHref(page + 1)} rel="next">
                  {t('pages.next')}
                </Link>
              ) : (
                <span aria-hidden="true" />
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** Demo rounds run on virtual money and only while open: a few at a time, all on one page. */
function DemoResults({ filters }: { filters: Filters }) {
  const { t } = useTranslation('campaigns');
  const headingId = useId();
  const list = useCampaignPage({ ...filters, currency: 'DEMO', page_size: CAMPAIGN_PAGE_SIZE_MAX });
  if (!list.data || list.data.campaigns.length === 0) return null;
  return (
    <section className={styles.group} aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId} className={styles.groupTitle}>
        {t('list.demo')}
      </h2>
      <p className={styles.muted}>{t('list.demoIntro')}</p>
      <ul className={styles.grid}>
        {list.data.campaigns.map((c) => (
          <li key={c.id}>
            <CampaignCard campaign={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}
