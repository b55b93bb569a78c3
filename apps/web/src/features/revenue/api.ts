import type {
  DeveloperCampaignDto,
  DistributionDto,
  DistributionStatus,
  FundDistributionRequest,
  ReportStatus,
  RevenueReportDto,
  RevenueReportInput,
} from '@indiesplit/shared/revenue';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api.ts';

// The revenue-share calls for developers (their campaigns and reports) and for admins (review of
// reports, distributions). One fetcher each; a mutation refreshes every list it changes.

export const revenueKeys = {
  all: ['revenue'] as const,
  myCampaigns: ['revenue', 'my-campaigns'] as const,
  campaignReports: (campaignId: string) => ['revenue', 'campaign-reports', campaignId] as const,
  backofficeReports: (status: ReportStatus | null, includeDemo = false) =>
    ['revenue', 'backoffice-reports', status, includeDemo] as const,
  distributions: (status: DistributionStatus | null, includeDemo = false) =>
    ['revenue', 'distributions', status, includeDemo] as const,
};

const enc = encodeURIComponent;

// ---- developers ----------------------------------------------------------------------------------

export const fetchMyCampaigns = (signal?: AbortSignal) =>
  apiRequest<{ campaigns: DeveloperCampaignDto[] }>('/my-campaigns/', { signal }).then((r) => r.campaigns);

export const myCampaignsQuery = () =>
  queryOptions({ queryKey: revenueKeys.myCampaigns, queryFn: ({ signal }) => fetchMyCampaigns(signal) });

export const useMyCampaigns = () => useQuery(myCampaignsQuery());

export interface CampaignReports {
  campaign: DeveloperCampaignDto;
  reports: RevenueReportDto[];
}

export const fetchCampaignReports = (campaignId: string, signal?: AbortSignal) =>
  apiRequest<CampaignReports>(`/my-campaigns/${enc(campaignId)}/revenue-reports/`, { signal });

export const campaignReportsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: revenueKeys.campaignReports(campaignId),
    queryFn: ({ signal }) => fetchCampaignReports(campaignId, signal),
  });

export const useCampaignReports = (campaignId: string) => useQuery(campaignReportsQuery(campaignId));

export const createReport = (campaignId: string, body: RevenueReportInput) =>
  apiRequest<RevenueReportDto>(`/my-campaigns/${enc(campaignId)}/revenue-reports`, { json: body });

export const updateReport = (reportId: string, body: RevenueReportInput) =>
  apiRequest<RevenueReportDto>(`/revenue-reports/${enc(reportId)}`, { method: 'PUT', json: body });

export function uploadStatement(reportId: string, file: File) {
  const form = new FormData();
  form.append('statement', file);
  return apiRequest<RevenueReportDto>(`/revenue-reports/${enc(reportId)}/statement`, { form });
}

/** Where the browser downloads a report's statement (an attachment; the session cookie goes with it). */
export const statementUrl = (reportId: string) => `${API_BASE}/revenue-reports/${enc(reportId)}/statement`;

/** Files a new report (no id) or changes one; then attaches the statement file, if one was chosen. */
export interface SaveReportVars {
  reportId: string | null;
  body: RevenueReportInput;
}

export function useSaveReport(campaignId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: SaveReportVars) =>
      reportId ? updateReport(reportId, body) : createReport(campaignId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: revenueKeys.all }),
  });
}

export function useUploadStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, file }: { reportId: string; file: File }) => uploadStatement(reportId, file),
    onSuccess: () => client.invalidateQueries({ queryKey: revenueKeys.all }),
  });
}

// ---- back office: reports ------------------------------------------------------------------------

/** The back office's list query: demo rounds (virtual money) are left out unless asked for. */
function listSearch(status: string | null, includeDemo: boolean): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (includeDemo) params.set('include_demo', 'true');
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const fetchBackofficeReports = (
  status: ReportStatus | null,
  signal?: AbortSignal,
  includeDemo = false,
) =>
  apiRequest<{ reports: RevenueReportDto[] }>(
    `/backoffice/revenue-reports/${listSearch(status, includeDemo)}`,
    {
      signal,
    },
  ).then((r) => r.reports);

export const useBackofficeReports = (status: ReportStatus | null, includeDemo = false) =>
  useQuery({
    queryKey: revenueKeys.backofficeReports(status, includeDemo),
    queryFn: ({ signal }) => fetchBackofficeReports(status, signal, includeDemo),
    placeholderData: keepPreviousData,
  });

/** `updatedAt`: the report as the admin saw it; the server refuses if it has changed since. */
export const verifyReport = (reportId: string, updatedAt: string) =>
  apiRequest<RevenueReportDto>(`/backoffice/revenue-reports/${enc(reportId)}/verify`, {
    json: { updated_at: updatedAt },
  });

export const returnReport = (reportId: string, comment: string, updatedAt: string) =>
  apiRequest<RevenueReportDto>(`/backoffice/revenue-reports/${enc(reportId)}/return`, {
    json: { comment, updated_at: updatedAt },
  });

export function useVerifyReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, updatedAt }: { reportId: string; updatedAt: string }) =>
      verifyReport(reportId, updatedAt),
    // A refusal may mean the report changed meanwhile: show the list as it is now either way.
    onSettled: () => client.invalidateQueries({ queryKey: revenueKeys.all }),
  });
}

export function useReturnReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      reportId,
      comment,
      updatedAt,
    }: {
      reportId: string;
      comment: string;
      updatedAt: string;
    }) => returnReport(reportId, comment, updatedAt),
    onSettled: () => client.invalidateQueries({ queryKey: revenueKeys.all }),
  });
}

// ---- back office: distributions ------------------------------------------------------------------

export const fetchDistributions = (
  status: DistributionStatus | null,
  signal?: AbortSignal,
  includeDemo = false,
) =>
  apiRequest<{ distributions: DistributionDto[] }>(
    `/backoffice/distributions/${listSearch(status, includeDemo)}`,
    { signal },
  ).then((r) => r.distributions);

export const useDistributions = (status: DistributionStatus | null, includeDemo = false) =>
  useQuery({
    queryKey: revenueKeys.distributions(status, includeDemo),
    queryFn: ({ signal }) => fetchDistributions(status, signal, includeDemo),
    placeholderData: keepPreviousData,
  });

export const fundDistribution = (distributionId: string, body: FundDistributionRequest) =>
  apiRequest<DistributionDto>(`/backoffice/distributions/${enc(distributionId)}/funding`, { json: body });

export function useFundDistribution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FundDistributionRequest }) => fundDistribution(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: revenueKeys.all }),
  });
}
