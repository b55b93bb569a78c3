import type {
  BackofficeKybDetail,
  BackofficeKybList,
  KybDecisionRequest,
  KybPayoutAccountConfirmDto,
  StudioKybDto,
} from '@indiesplit/shared/kyb';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api.ts';

// The studio's verification (KYB, ADR 0036): the studio's own status and form, and the back
// office's review list, detail and decision. A decision refreshes every KYB read.

export const kybKeys = {
  all: ['kyb'] as const,
  mine: ['kyb', 'mine'] as const,
  list: (filter: string) => ['kyb', 'backoffice', 'list', filter] as const,
  detail: (id: string) => ['kyb', 'backoffice', 'detail', id] as const,
};

export const fetchStudioKyb = (signal?: AbortSignal) =>
  apiRequest<StudioKybDto>('/studio-verification', { signal });
export const studioKybQuery = () =>
  queryOptions({ queryKey: kybKeys.mine, queryFn: ({ signal }) => fetchStudioKyb(signal) });
export const useStudioKyb = () => useQuery(studioKybQuery());

/** The multipart form: `data` (the JSON of KybSubmission) and the file `registration_proof`. */
export function useSubmitKyb() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<StudioKybDto>('/studio-verification', { form }),
    onSuccess: (kyb) => client.setQueryData(kybKeys.mine, kyb),
  });
}

/**
 * The representative confirms the studio's payout account (provider mode): the account is
 * registered again when its last registration was not confirmed, and the browser goes to the
 * provider's page, which brings it back to the verification page. Already confirmed: the page is
 * read again.
 */
export function useConfirmPayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<KybPayoutAccountConfirmDto>('/studio-verification/payout-account/confirm', {
        method: 'POST',
      }),
    onSuccess: (r) => {
      if (r.confirm_url) window.location.assign(r.confirm_url);
      else void client.invalidateQueries({ queryKey: kybKeys.mine });
    },
  });
}

/** Where a verification's registration proof downloads (its studio or an admin). */
export const kybDocumentUrl = (id: string) =>
  `${API_BASE}/studio-verification/${encodeURIComponent(id)}/document`;

export type KybFilter = 'submitted' | 'approved' | 'refused' | 'all';

export const fetchKybList = (filter: KybFilter, signal?: AbortSignal) =>
  apiRequest<BackofficeKybList>(
    `/backoffice/studio-verifications/${filter === 'all' ? '' : `?status=${filter}`}`,
    { signal },
  ).then((r) => r.items);
export const useKybList = (filter: KybFilter) =>
  useQuery({ queryKey: kybKeys.list(filter), queryFn: ({ signal }) => fetchKybList(filter, signal) });

export const fetchKybDetail = (id: string, signal?: AbortSignal) =>
  apiRequest<BackofficeKybDetail>(`/backoffice/studio-verifications/${encodeURIComponent(id)}`, { signal });
export const useKybDetail = (id: string) =>
  useQuery({ queryKey: kybKeys.detail(id), queryFn: ({ signal }) => fetchKybDetail(id, signal) });

export function useDecideKyb(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KybDecisionRequest) =>
      apiRequest<BackofficeKybDetail>(`/backoffice/studio-verifications/${encodeURIComponent(id)}/decision`, {
        json: body,
      }),
    onSuccess: (detail) => {
      client.setQueryData(kybKeys.detail(id), detail);
      void client.invalidateQueries({ queryKey: ['kyb', 'backoffice', 'list'] });
    },
  });
}
