import { campaignListPath, campaignPath } from '@indiesplit/shared/campaign-discovery';
import type {
  CampaignDetailDto,
  CampaignGroup,
  CampaignListQuery,
  CampaignListResponse,
  CampaignSummaryDto,
} from '@indiesplit/shared/campaigns';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api.ts';
import { takePageAnswer } from '../../lib/page-data.ts';

// The public campaign calls (/campaigns/*): one fetcher each, query options, a hook per need. The
// server writes the texts in the request's language, so the language is part of every key: a
// language switch reads the campaign again instead of showing the other language's texts.

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (query: CampaignListQuery, lang: string) => ['campaigns', 'list', query, lang] as const,
  page: (query: CampaignListQuery, lang: string) => ['campaigns', 'page', query, lang] as const,
  one: (slug: string, lang: string) => ['campaigns', 'one', slug, lang] as const,
};

export const fetchCampaigns = (query: CampaignListQuery, signal?: AbortSignal) =>
  apiRequest<{ campaigns: CampaignSummaryDto[] }>(campaignListPath(query), { signal }).then(
    (r) => r.campaigns,
  );

/** One page of the list with its total, for the searchable /campaigns screen. */
export const fetchCampaignPage = (query: CampaignListQuery, signal?: AbortSignal) =>
  apiRequest<CampaignListResponse>(campaignListPath(query), { signal });

export const campaignsQuery = (query: CampaignListQuery, lang: string) =>
  queryOptions({
    queryKey: campaignKeys.list(query, lang),
    queryFn: ({ signal }) => fetchCampaigns(query, signal),
  });

export const campaignPageQuery = (query: CampaignListQuery, lang: string) =>
  queryOptions({
    queryKey: campaignKeys.page(query, lang),
    queryFn: ({ signal }) => fetchCampaignPage(query, signal),
    // The page opened at this list may have come with it (lib/page-data.ts): shown at once, and
    // not asked for again while it is fresh, like any other answer (the app's own default).
    initialData: () => takePageAnswer<CampaignListResponse>(campaignListPath(query), lang),
    staleTime: 30_000,
  });

const useLang = () => useTranslation().i18n.language?.slice(0, 2) ?? 'en';

/** One group of the public list; while a new filter loads, the previous cards stay. */
export function useCampaigns(group: CampaignGroup, filters: Omit<CampaignListQuery, 'group'> = {}) {
  const lang = useLang();
  return useQuery({ ...campaignsQuery({ ...filters, group }, lang), placeholderData: keepPreviousData });
}

/** A page of the list as searched, sorted and paged; the previous page stays while the next loads. */
export function useCampaignPage(query: CampaignListQuery) {
  const lang = useLang();
  return useQuery({ ...campaignPageQuery(query, lang), placeholderData: keepPreviousData });
}

export const fetchCampaign = (slug: string, signal?: AbortSignal) =>
  apiRequest<CampaignDetailDto>(campaignPath(slug), { signal });

export const campaignQuery = (slug: string, lang: string) =>
  queryOptions({
    queryKey: campaignKeys.one(slug, lang),
    queryFn: ({ signal }) => fetchCampaign(slug, signal),
    // The campaign's own page may have come with it (lib/page-data.ts): shown at once.
    initialData: () => takePageAnswer<CampaignDetailDto>(campaignPath(slug), lang),
    // Progress moves while people invest: a page left open refreshes when looked at again.
    staleTime: 15_000,
  });

/** A public campaign by its address (also used by the invest screen). 404 for anything not public. */
export function useCampaign(slug: string) {
  const lang = useLang();
  return useQuery(campaignQuery(slug, lang));
}

export const watchCampaign = (slug: string, email: string) =>
  apiRequest<{ success: true; message: string }>(`${campaignPath(slug)}/watchers`, { json: { email } });

export const useWatchCampaign = (slug: string) =>
  useMutation({ mutationFn: (email: string) => watchCampaign(slug, email) });
