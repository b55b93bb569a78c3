import type {
  CampaignPostsResponse,
  MyStudioProfile,
  PostKind,
  ReportedPostDto,
  StudioPage,
  StudioProfileRequest,
} from '@indiesplit/shared/community';
import type {
  BackofficeNewsDto,
  NewsDraftRequest,
  NewsListResponse,
  NewsletterDraftRequest,
  NewsletterDto,
  NewsletterPreview,
} from '@indiesplit/shared/news';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The community's calls (ADR 0038): a campaign page's questions and comments, their moderation,
// news for members, and the back office of news and newsletters. One fetcher each, query options
// for reads, one hook each; a change refreshes what shows it.

export const communityKeys = {
  posts: (slug: string) => ['community', 'posts', slug] as const,
  postsPage: (slug: string, page: number) => ['community', 'posts', slug, page] as const,
  reports: ['community', 'reports'] as const,
  news: ['news'] as const,
  newsPage: (page: number) => ['news', 'page', page] as const,
  backofficeNews: ['backoffice', 'news'] as const,
  newsletters: ['backoffice', 'newsletters'] as const,
  preview: (id: string, language: string) => ['backoffice', 'newsletters', id, 'preview', language] as const,
};

// ---- questions and comments ---------------------------------------------------------------------

export const fetchPosts = (slug: string, page: number, signal?: AbortSignal) =>
  apiRequest<CampaignPostsResponse>(`/campaigns/${encodeURIComponent(slug)}/posts?page=${page}`, { signal });

export const postsQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: communityKeys.postsPage(slug, page),
    queryFn: ({ signal }) => fetchPosts(slug, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePosts = (slug: string, page: number) => useQuery(postsQuery(slug, page));

function useCommunityMutation<T>(slug: string, fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: communityKeys.posts(slug) }),
  });
}

export const useAsk = (slug: string) =>
  useCommunityMutation(slug, (input: { kind: PostKind; body: string }) =>
    apiRequest<{ id: string }>(`/campaigns/${encodeURIComponent(slug)}/posts`, { json: input }),
  );

export const useReply = (slug: string) =>
  useCommunityMutation(slug, (input: { id: string; body: string }) =>
    apiRequest<{ id: string }>(`/community/posts/${input.id}/replies`, { json: { body: input.body } }),
  );

export const useReport = (slug: string) =>
  useCommunityMutation(slug, (input: { id: string; reason: string }) =>
    apiRequest(`/community/posts/${input.id}/report`, { json: { reason: input.reason } }),
  );

export const useHide = (slug: string) =>
  useCommunityMutation(slug, (input: { id: string; reason: string }) =>
    apiRequest(`/backoffice/community/posts/${input.id}/hide`, { json: { reason: input.reason } }),
  );

export const useUnhide = (slug: string) =>
  useCommunityMutation(slug, (id: string) =>
    apiRequest(`/backoffice/community/posts/${id}/unhide`, { method: 'POST' }),
  );

export const usePin = (slug: string) =>
  useCommunityMutation(slug, (input: { id: string; pinned: boolean }) =>
    apiRequest(`/backoffice/community/posts/${input.id}/pin`, { json: { pinned: input.pinned } }),
  );

export const fetchReports = (signal?: AbortSignal) =>
  apiRequest<{ posts: ReportedPostDto[] }>('/backoffice/community/reports', { signal }).then((r) => r.posts);
export const useReports = () =>
  useQuery({ queryKey: communityKeys.reports, queryFn: ({ signal }) => fetchReports(signal) });

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'hide' | 'dismiss'; reason?: string }) =>
      apiRequest(`/backoffice/community/posts/${input.id}/${input.action}`, {
        method: 'POST',
        ...(input.action === 'hide' ? { json: { reason: input.reason ?? '' } } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['community'] }),
  });
}

// ---- news ---------------------------------------------------------------------------------------

export const fetchNews = (page: number, signal?: AbortSignal) =>
  apiRequest<NewsListResponse>(`/news/?page=${page}`, { signal });
export const useNews = (page: number) =>
  useQuery({
    queryKey: communityKeys.newsPage(page),
    queryFn: ({ signal }) => fetchNews(page, signal),
    placeholderData: keepPreviousData,
  });

export const fetchBackofficeNews = (signal?: AbortSignal) =>
  apiRequest<{ items: BackofficeNewsDto[] }>('/backoffice/news/', { signal }).then((r) => r.items);
export const useBackofficeNews = () =>
  useQuery({ queryKey: communityKeys.backofficeNews, queryFn: ({ signal }) => fetchBackofficeNews(signal) });

function useBackofficeMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}

export const useSaveNews = () =>
  useBackofficeMutation((input: { id?: string; body: NewsDraftRequest }) =>
    apiRequest<BackofficeNewsDto>(input.id ? `/backoffice/news/${input.id}` : '/backoffice/news/', {
      method: input.id ? 'PUT' : 'POST',
      json: input.body,
    }),
  );

export const usePublishNews = () =>
  useBackofficeMutation((input: { id: string; published: boolean }) =>
    apiRequest<BackofficeNewsDto>(`/backoffice/news/${input.id}/publish`, {
      json: { published: input.published },
    }),
  );

export const useNewsImage = () =>
  useBackofficeMutation((input: { id: string; file: File }) => {
    const form = new FormData();
    form.append('image', input.file);
    return apiRequest<BackofficeNewsDto>(`/backoffice/news/${input.id}/image`, { method: 'POST', form });
  });

// ---- newsletters ---------------------------------------------------------------------------------

export const fetchNewsletters = (signal?: AbortSignal) =>
  apiRequest<{ items: NewsletterDto[] }>('/backoffice/newsletters/', { signal }).then((r) => r.items);
export const useNewsletters = () =>
  useQuery({ queryKey: communityKeys.newsletters, queryFn: ({ signal }) => fetchNewsletters(signal) });

export const fetchNewsletterPreview = (id: string, language: string, signal?: AbortSignal) =>
  apiRequest<NewsletterPreview>(`/backoffice/newsletters/${id}/preview?language=${language}`, { signal });
export const useNewsletterPreview = (id: string | null, language: string) =>
  useQuery({
    queryKey: communityKeys.preview(id ?? '', language),
    queryFn: ({ signal }) => fetchNewsletterPreview(id ?? '', language, signal),
    enabled: Boolean(id),
  });

export const useSaveNewsletter = () =>
  useBackofficeMutation((input: { id?: string; body: NewsletterDraftRequest }) =>
    apiRequest<NewsletterDto>(input.id ? `/backoffice/newsletters/${input.id}` : '/backoffice/newsletters/', {
      method: input.id ? 'PUT' : 'POST',
      json: input.body,
    }),
  );

export const useNewsletterAction = () =>
  useBackofficeMutation((input: { id: string; action: 'test' | 'send' }) =>
    apiRequest(`/backoffice/newsletters/${input.id}/${input.action}`, { method: 'POST' }),
  );

// ---- studio profiles -----------------------------------------------------------------------------

export const studioKeys = {
  page: (username: string) => ['studios', username] as const,
  ofCampaign: (slug: string) => ['studios', 'campaign', slug] as const,
  mine: ['studios', 'mine'] as const,
};

export const fetchStudioPage = (username: string, signal?: AbortSignal) =>
  apiRequest<StudioPage>(`/studios/${encodeURIComponent(username)}`, { signal });
export const useStudioPage = (username: string) =>
  useQuery({
    queryKey: studioKeys.page(username),
    queryFn: ({ signal }) => fetchStudioPage(username, signal),
    retry: false,
  });

export const fetchStudioOfCampaign = (slug: string, signal?: AbortSignal) =>
  apiRequest<{ username: string }>(`/campaigns/${encodeURIComponent(slug)}/studio`, { signal });
export const useStudioOfCampaign = (slug: string) =>
  useQuery({
    queryKey: studioKeys.ofCampaign(slug),
    queryFn: ({ signal }) => fetchStudioOfCampaign(slug, signal),
    retry: false,
  });

export const fetchMyStudioProfile = (signal?: AbortSignal) =>
  apiRequest<MyStudioProfile>('/studio-profile/', { signal });
export const useMyStudioProfile = () =>
  useQuery({ queryKey: studioKeys.mine, queryFn: ({ signal }) => fetchMyStudioProfile(signal) });

export function useSaveStudioProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioProfileRequest) =>
      apiRequest<MyStudioProfile>('/studio-profile/', { method: 'PUT', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['studios'] }),
  });
}

export function useStudioLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return apiRequest<MyStudioProfile>('/studio-profile/logo', { method: 'POST', form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['studios'] }),
  });
}
