import type { AuthenticatedResponse } from '@indiesplit/shared/auth';
import type {
  BackofficePitchDetail,
  BackofficePitchSummary,
  ContactDto,
  DecisionRequest,
  PitchEventDto,
  ReviewRequest,
  StaffUserDto,
} from '@indiesplit/shared/pitches';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { type QueueFilters, queueSearch } from './queue-filters.ts';

// The back-office calls (/backoffice/*): one fetcher each, query options for the reads, a hook per
// screen need. Mutations invalidate what they change, so every open screen shows the new state.

export const backofficeKeys = {
  all: ['backoffice'] as const,
  me: ['backoffice', 'me'] as const,
  pitches: ['backoffice', 'pitches'] as const,
  pitchList: (filters: QueueFilters) => ['backoffice', 'pitches', 'list', filters] as const,
  pitch: (id: string) => ['backoffice', 'pitches', 'one', id] as const,
  staff: ['backoffice', 'staff'] as const,
  contacts: ['backoffice', 'contacts'] as const,
  contactList: (called: boolean | null) => ['backoffice', 'contacts', called] as const,
  audit: ['backoffice', 'audit'] as const,
};

// ---- who is looking ----------------------------------------------------------------------------

/** Asked afresh when the back office opens: the role decides what it shows, not a stored copy. */
export const fetchStaffMe = (signal?: AbortSignal) =>
  apiRequest<AuthenticatedResponse>('/auth/authenticated/', { signal });

export const staffMeQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.me,
    queryFn: ({ signal }) => fetchStaffMe(signal),
    staleTime: 60_000,
  });

export const useStaffMe = () => useQuery(staffMeQuery());

// ---- pitches -----------------------------------------------------------------------------------

const pitchPath = (id: string) => `/backoffice/pitches/${encodeURIComponent(id)}`;

export const fetchPitchList = (filters: QueueFilters, signal?: AbortSignal) => {
  const search = queueSearch(filters);
  return apiRequest<{ pitches: BackofficePitchSummary[] }>(
    `/backoffice/pitches${search ? `?${search}` : ''}`,
    { signal },
  ).then((r) => r.pitches);
};

export const pitchListQuery = (filters: QueueFilters) =>
  queryOptions({
    queryKey: backofficeKeys.pitchList(filters),
    queryFn: ({ signal }) => fetchPitchList(filters, signal),
  });

/** While a new filter loads, the previous rows stay (marked busy) instead of a blank table. */
export const usePitchList = (filters: QueueFilters) =>
  useQuery({ ...pitchListQuery(filters), placeholderData: keepPreviousData });

export const fetchPitchDetail = (id: string, signal?: AbortSignal) =>
  apiRequest<BackofficePitchDetail>(pitchPath(id), { signal });

export const pitchDetailQuery = (id: string) =>
  queryOptions({ queryKey: backofficeKeys.pitch(id), queryFn: ({ signal }) => fetchPitchDetail(id, signal) });

export const usePitchDetail = (id: string) => useQuery(pitchDetailQuery(id));

/** Where the browser downloads the deck (an attachment; the session cookie goes with it). */
export const pitchPdfUrl = (id: string) => `/api${pitchPath(id)}/pdf`;

/**
 * Where the browser downloads the annual report of a year (ECSP Art 16, ADR 0031): a CSV attachment,
 * admins only; the session cookie goes with it.
 */
export const annualReportUrl = (year: number) =>
  `/api/backoffice/reports/annual?year=${encodeURIComponent(year)}`;

// ---- staff -------------------------------------------------------------------------------------

export const fetchStaff = (signal?: AbortSignal) =>
  apiRequest<{ staff: StaffUserDto[] }>('/backoffice/reviewers', { signal }).then((r) => r.staff);

export const staffQuery = () =>
  queryOptions({ queryKey: backofficeKeys.staff, queryFn: ({ signal }) => fetchStaff(signal) });

export const useStaff = (enabled: boolean) => useQuery({ ...staffQuery(), enabled });

// ---- changes to a pitch ------------------------------------------------------------------------

export const assignReviewer = (id: string, reviewerId: string) =>
  apiRequest<unknown>(`${pitchPath(id)}/assignments`, { json: { reviewer_id: reviewerId } });

export const unassignReviewer = (id: string, reviewerId: string) =>
  apiRequest<unknown>(`${pitchPath(id)}/assignments/${encodeURIComponent(reviewerId)}`, {
    method: 'DELETE',
  });

export const saveReview = (id: string, body: ReviewRequest) =>
  apiRequest<unknown>(`${pitchPath(id)}/review`, { method: 'PUT', json: body });

export const decidePitch = (id: string, body: DecisionRequest) =>
  apiRequest<{ campaign_id?: string | null }>(`${pitchPath(id)}/decision`, { json: body });

/**
 * A change to one pitch moves its status, its reviews and the audit trail: the pitch, the queue and
 * the audit log are all read again.
 */
function usePitchMutation<V, R>(id: string, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: backofficeKeys.pitch(id) }),
        client.invalidateQueries({ queryKey: [...backofficeKeys.pitches, 'list'] }),
        client.invalidateQueries({ queryKey: backofficeKeys.audit }),
      ]),
  });
}

export const useAssignReviewer = (id: string) =>
  usePitchMutation(id, (reviewerId: string) => assignReviewer(id, reviewerId));

export const useUnassignReviewer = (id: string) =>
  usePitchMutation(id, (reviewerId: string) => unassignReviewer(id, reviewerId));

export const useSaveReview = (id: string) =>
  usePitchMutation(id, (body: ReviewRequest) => saveReview(id, body));

export const useDecidePitch = (id: string) =>
  usePitchMutation(id, (body: DecisionRequest) => decidePitch(id, body));

// ---- call list ---------------------------------------------------------------------------------

export const fetchContacts = (called: boolean | null, signal?: AbortSignal) =>
  apiRequest<{ contacts: ContactDto[] }>(
    `/backoffice/contacts${called === null ? '' : `?called=${called}`}`,
    { signal },
  ).then((r) => r.contacts);

export const contactsQuery = (called: boolean | null) =>
  queryOptions({
    queryKey: backofficeKeys.contactList(called),
    queryFn: ({ signal }) => fetchContacts(called, signal),
  });

export const useContacts = (called: boolean | null) => useQuery(contactsQuery(called));

export const markCalled = (id: string, called: boolean) =>
  apiRequest<unknown>(`/backoffice/contacts/${encodeURIComponent(id)}/called`, { json: { called } });

export function useMarkCalled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, called }: { id: string; called: boolean }) => markCalled(id, called),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.contacts }),
  });
}

// ---- audit log ---------------------------------------------------------------------------------

export const fetchAuditPage = (before: number | null, signal?: AbortSignal) =>
  apiRequest<{ events: PitchEventDto[]; next_before: number | null }>(
    `/backoffice/audit${before === null ? '' : `?before=${before}`}`,
    { signal },
  );

export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: backofficeKeys.audit,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

export const useAuditLog = () => useInfiniteQuery(auditQuery());
