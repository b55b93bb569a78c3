// What the public campaign list is searched, filtered, sorted and paged by, and the addresses of
// the list and of a campaign. No schemas here (campaigns.ts builds its contracts on these and
// re-exports them): the public campaign pages use this without loading the validation library.

export const GAME_GENRES = [
  'action',
  'adventure',
  'rpg',
  'strategy',
  'simulation',
  'puzzle',
  'platformer',
  'shooter',
  'horror',
  'sports',
  'racing',
  'other',
] as const;
export type GameGenre = (typeof GAME_GENRES)[number];

/** Public list groups: live (open or closing), upcoming (scheduled), funded (and after). */
export const CAMPAIGN_GROUPS = ['live', 'upcoming', 'funded'] as const;
export type CampaignGroup = (typeof CAMPAIGN_GROUPS)[number];

/** The orders of the public list; without one, each group has its own (see the API's query). */
export const CAMPAIGN_SORTS = ['ending_soon', 'most_funded', 'newest'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
/** Cards per page of the public list, and the most a client may ask for. */
export const CAMPAIGN_PAGE_SIZE = 12;
export const CAMPAIGN_PAGE_SIZE_MAX = 48;
export const CAMPAIGN_SEARCH_MAX = 100;

/** A query of the public list, as CampaignListQuery (campaigns.ts) validates it. */
export interface CampaignListParams {
  group?: string;
  platform?: string;
  genre?: string;
  currency?: string;
  q?: string;
  sort?: string;
  page?: number;
  page_size?: number;
}

/**
 * The public list's address for a query, relative to the API root, its parameters always in the
 * same order: the web app asks for it, and the server names the answers it writes into a page's
 * HTML by it (apps/api/src/app/page-shell.ts), so both must spell it alike.
 */
export function campaignListPath(query: CampaignListParams): string {
  const params = new URLSearchParams();
  for (const key of ['group', 'platform', 'genre', 'currency', 'q', 'sort'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.page_size) params.set('page_size', String(query.page_size));
  const search = params.toString();
  return `/campaigns/${search ? `?${search}` : ''}`;
}

/** A public campaign's address, relative to the API root. */
export const campaignPath = (slug: string) => `/campaigns/${encodeURIComponent(slug)}`;
