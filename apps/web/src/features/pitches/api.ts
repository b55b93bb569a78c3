import type { ContactRequest, MyPitchDto, PitchDto } from '@indiesplit/shared/pitches';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The pitch calls of developers (spec §7 /projects/*): one fetcher each, query options for the
// reads, hooks for the screens. Steps 1 and 2 of the pitch call the fetchers directly: they are
// open to visitors and do not load the query library.

export const pitchKeys = {
  all: ['pitches'] as const,
  mine: ['pitches', 'mine'] as const,
  one: (id: string) => ['pitches', 'one', id] as const,
};

export const addContact = (body: ContactRequest) =>
  apiRequest<{ success: true; id: string }>('/projects/add-contact/', { json: body });

export const submitProject = (form: FormData) =>
  apiRequest<{ success: true; id: string }>('/projects/submit-project/', { form });

export const fetchMyPitches = (signal?: AbortSignal) =>
  apiRequest<{ pitches: MyPitchDto[] }>('/projects/mine/', { signal }).then((r) => r.pitches);

export const myPitchesQuery = () =>
  queryOptions({ queryKey: pitchKeys.mine, queryFn: ({ signal }) => fetchMyPitches(signal) });

export const useMyPitches = () => useQuery(myPitchesQuery());

export const fetchPitch = (id: string, signal?: AbortSignal) =>
  apiRequest<PitchDto>(`/projects/${encodeURIComponent(id)}/`, { signal });

export const pitchQuery = (id: string) =>
  queryOptions({ queryKey: pitchKeys.one(id), queryFn: ({ signal }) => fetchPitch(id, signal) });

export const resubmitPitch = (id: string, form: FormData) =>
  apiRequest<{ success: true; id: string }>(`/projects/${encodeURIComponent(id)}/resubmit/`, { form });

/** Resubmitting changes the pitch's status: every pitch read is refreshed. */
export function useResubmitPitch(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => resubmitPitch(id, form),
    onSuccess: () => client.invalidateQueries({ queryKey: pitchKeys.all }),
  });
}
