import type {
  FollowResponse,
  UpdateDto,
  UpdateListResponse,
  UpdateRequest,
  UpdateVisibility,
} from '@indiesplit/shared/updates';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// A campaign's updates and the member's follow (ADR 0037).

const base = (slug: string) => `/campaigns/${encodeURIComponent(slug)}`;

export const updateKeys = {
  list: (slug: string, page: number, lang: string) => ['campaign-updates', slug, page, lang] as const,
  follow: (slug: string) => ['campaign-follow', slug] as const,
  /** Every page of a campaign's list, whatever the language: what a post or an edit makes stale. */
  lists: (slug: string) => ['campaign-updates', slug] as const,
  source: (slug: string, id: string) => ['campaign-update-source', slug, id] as const,
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

/** What the studio edits: both languages' Markdown sources (GET …/updates/:id/ as the studio). */
export interface UpdateSource {
  id: string;
  visibility: UpdateVisibility;
  title_en: string;
  body_en: string;
  title_it: string;
  body_it: string;
  created_at: string;
  edited_at: string | null;
}

export const fetchUpdateSource = (slug: string, id: string, signal?: AbortSignal) =>
  apiRequest<{ update: UpdateDto; source: UpdateSource | null }>(
    `${base(slug)}/updates/${encodeURIComponent(id)}/`,
    { signal },
  );

/** Posts a new update (no id) or edits one; the campaign's lists are fetched again afterwards. */
export function useSaveUpdate(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: UpdateRequest }) =>
      id
        ? apiRequest<UpdateDto>(`${base(slug)}/updates/${encodeURIComponent(id)}/`, {
            method: 'PUT',
            json: values,
          })
        : apiRequest<UpdateDto>(`${base(slug)}/updates/`, { method: 'POST', json: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: updateKeys.lists(slug) }),
  });
}

/** Uploads an image for an update; answers the URL to put in the Markdown. */
export function uploadUpdateImage(slug: string, file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  return apiRequest<{ url: string }>(`${base(slug)}/updates/images/`, { form });
}
