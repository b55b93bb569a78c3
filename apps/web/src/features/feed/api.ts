import type { FeedResponse } from '@indiesplit/shared/feed';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The member's feed (ADR 0040): one fetcher, one query, pages chained by the server's cursor.

export const feedKeys = { all: ['feed'] as const };

export const fetchFeedPage = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest<FeedResponse>(`/feed/${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

/** Keyed by language: the server gives each title in the reader's language. */
export const feedQuery = (language: string) =>
  infiniteQueryOptions({
    queryKey: [...feedKeys.all, language],
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useFeed = (language: string) => useInfiniteQuery(feedQuery(language));
