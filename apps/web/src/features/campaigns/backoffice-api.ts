import type { DeveloperService, ServiceStatus } from '@indiesplit/shared/campaigns';
import type {
  BackofficeCampaignDetail,
  BackofficeCampaignQuery,
  BackofficeCampaignSummary,
  CampaignEditRequest,
  CampaignStatusRequest,
} from '@indiesplit/shared/campaigns-backoffice';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { campaignKeys } from './api.ts';

// The back office's campaign calls (/backoffice/campaigns/*, admins only). Every change answers
// with the campaign as it now is: the answer replaces the cached detail, the list and the public
// pages are read again.

export const backofficeCampaignKeys = {
  all: ['backoffice', 'campaigns'] as const,
  list: (query: BackofficeCampaignQuery) => ['backoffice', 'campaigns', 'list', query] as const,
  one: (id: string) => ['backoffice', 'campaigns', 'one', id] as const,
};

const idPath = (id: string) => `/backoffice/campaigns/${encodeURIComponent(id)}`;

export const fetchBackofficeCampaigns = (query: BackofficeCampaignQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.include_demo === 'true') params.set('include_demo', 'true');
  const search = params.toString();
  return apiRequest<{ campaigns: BackofficeCampaignSummary[] }>(
    `/backoffice/campaigns${search ? `?${search}` : ''}`,
    { signal },
  ).then((r) => r.campaigns);
};

export const backofficeCampaignsQuery = (query: BackofficeCampaignQuery) =>
  queryOptions({
    queryKey: backofficeCampaignKeys.list(query),
    queryFn: ({ signal }) => fetchBackofficeCampaigns(query, signal),
  });

export const useBackofficeCampaigns = (query: BackofficeCampaignQuery) =>
  useQuery({ ...backofficeCampaignsQuery(query), placeholderData: keepPreviousData });

export const fetchBackofficeCampaign = (id: string, signal?: AbortSignal) =>
  apiRequest<BackofficeCampaignDetail>(idPath(id), { signal });

export const backofficeCampaignQuery = (id: string) =>
  queryOptions({
    queryKey: backofficeCampaignKeys.one(id),
    queryFn: ({ signal }) => fetchBackofficeCampaign(id, signal),
  });

export const useBackofficeCampaign = (id: string) => useQuery(backofficeCampaignQuery(id));

export const editCampaign = (id: string, body: CampaignEditRequest) =>
  apiRequest<BackofficeCampaignDetail>(idPath(id), { method: 'PATCH', json: body });

export const moveCampaign = (id: string, body: CampaignStatusRequest) =>
  apiRequest<BackofficeCampaignDetail>(`${idPath(id)}/status`, { json: body });

export const setServiceStatus = (id: string, service: DeveloperService, status: ServiceStatus) =>
  apiRequest<BackofficeCampaignDetail>(`${idPath(id)}/services/${service}`, {
    method: 'PUT',
    json: { status },
  });

export const uploadCover = (id: string, file: File) => {
  const form = new FormData();
  form.append('cover', file);
  return apiRequest<BackofficeCampaignDetail>(`${idPath(id)}/cover`, { form });
};

function useCampaignMutation<V>(id: string, fn: (vars: V) => Promise<BackofficeCampaignDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      client.setQueryData(backofficeCampaignKeys.one(id), detail);
      return Promise.all([
        client.invalidateQueries({ queryKey: [...backofficeCampaignKeys.all, 'list'] }),
        client.invalidateQueries({ queryKey: campaignKeys.all }),
      ]);
    },
  });
}

export const useEditCampaign = (id: string) =>
  useCampaignMutation(id, (body: CampaignEditRequest) => editCampaign(id, body));
export const useMoveCampaign = (id: string) =>
  useCampaignMutation(id, (body: CampaignStatusRequest) => moveCampaign(id, body));
export const useSetServiceStatus = (id: string) =>
  useCampaignMutation(id, (v: { service: DeveloperService; status: ServiceStatus }) =>
    setServiceStatus(id, v.service, v.status),
  );
export const useUploadCover = (id: string) => useCampaignMutation(id, (file: File) => uploadCover(id, file));
