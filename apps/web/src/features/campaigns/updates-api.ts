import type { FollowResponse, UpdateListResponse } from '@indiesplit/shared/updates';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// A campaign's updates and the member's follow (ADR 0037).

const base = (slug: string) => `/campaigns/${encodeURIComponent(slug)}`;

export const updateKeys = {
  list: (slug: string, page: number, lang: string) => ['campaign-updates', slug, page, lang] as const,
  follow: (slug: string) => ['campaign-follow', slug] as const,
};

export const updatesQuery = (slug: string, page: number, lang: string) =>
  queryOptions({
    queryKey: updateKeys.list(slug, page, lang),
    queryFn: ({ signal }) =>
      apiRequest<UpdateListResponse>(`${base(slug)}/updates/?page=${page}`, { signal }),
  });

export const useUpdates = (slug: string, page: number, lang: string) =>
  useQuery({ ...updatesQuery(slug, page, lang), placeholderData: keepPreviousData });

export const useFollow = (slug: string, enabled: boolean) =>
  useQuery({
    queryKey: updateKeys.follow(slug),
    queryFn: ({ signal }) => apiRequest<FollowResponse>(`${base(slug)}/follow/`, { signal }),
    enabled,
  });

export function useSetFollow(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) =>
      apiRequest<FollowResponse>(`${base(slug)}/follow/`, { method: following ? 'PUT' : 'DELETE' }),
    onSuccess: (data) => client.setQueryData(updateKeys.follow(slug), data),
  });
}
