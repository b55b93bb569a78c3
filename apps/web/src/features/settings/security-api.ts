import type { MessageResponse } from '@indiesplit/shared/auth';
import type { SessionList, UndoChangeResponse } from '@indiesplit/shared/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// Active sessions and undo links (ADR 0015): one fetcher each, query options for the list.

export const securityKeys = { sessions: ['auth', 'sessions'] as const };

export const fetchSessions = (signal?: AbortSignal) =>
  apiRequest<SessionList>('/auth/sessions', { signal }).then((r) => r.sessions);

export const sessionsQuery = () =>
  queryOptions({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => fetchSessions(signal) });

export const useSessions = () => useQuery(sessionsQuery());

export const revokeSession = (id: string) =>
  apiRequest<MessageResponse>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const revokeOtherSessions = () =>
  apiRequest<MessageResponse>('/auth/sessions/revoke-others', { method: 'POST' });

export const undoChange = (token: string) =>
  apiRequest<UndoChangeResponse>('/auth/undo-change', { json: { token } });
