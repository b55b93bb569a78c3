import type { NotificationListResponse } from '@indiesplit/shared/notifications';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The notification centre's server calls (ADR 0037). The bell reads the unread count without the
// query library (it sits in the top bar of every page, the home page included).

export const notificationKeys = { all: ['notifications'] as const };

export const fetchUnreadCount = (signal?: AbortSignal) =>
  apiRequest<{ unread: number }>('/notifications/unread-count/', { signal });

/** Told when the member reads notifications here, so the bell follows at once. */
export const UNREAD_CHANGED = 'indiesplit:notifications-read';

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationListResponse>(`/notifications/${pageParam ? `?before=${pageParam}` : ''}`, {
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQuery());

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      apiRequest(id === 'all' ? '/notifications/read-all/' : `/notifications/${id}/read/`, { json: {} }),
    onSuccess: () => {
      window.dispatchEvent(new Event(UNREAD_CHANGED));
      return client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
