import { CSRF_COOKIE } from '@indiesplit/shared/constants';
import type {
  InvestmentDto,
  InvestorProfileDto,
  InvestRequest,
  KnowledgeTestRequest,
  LossSimulationRequest,
  PortfolioDto,
  TaxResidenceRequest,
} from '@indiesplit/shared/investing';
import type {
  Currency,
  WalletBalanceDto,
  WalletMovementsResponse,
  WalletResponse,
} from '@indiesplit/shared/wallet';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { API_BASE, ApiError, apiRequest, fetchCsrfToken } from '../../lib/api.ts';
import { readCookie } from '../../lib/cookies.ts';
import { useRefreshMoney } from '../../lib/money-queries.ts';

// The investing calls: investor profile, investing with an Idempotency-Key, revoking, portfolio,
// wallet, its movements and the demo wallet. Every money mutation refreshes every read that shows
// money (lib/money-queries.ts): the wallet keys sit under ['wallet'], which the funds feature's
// withdrawals refresh too.

export const investingKeys = {
  all: ['investing'] as const,
  profile: ['investing', 'profile'] as const,
  portfolio: ['investing', 'portfolio'] as const,
  wallet: ['wallet', 'summary'] as const,
  movements: (currency: Currency) => ['wallet', 'movements', currency] as const,
};

export const fetchProfile = (signal?: AbortSignal) =>
  apiRequest<InvestorProfileDto>('/investor-profile/', { signal });
export const profileQuery = () =>
  queryOptions({ queryKey: investingKeys.profile, queryFn: ({ signal }) => fetchProfile(signal) });
export const useInvestorProfile = () => useQuery(profileQuery());

export const fetchPortfolio = (signal?: AbortSignal) => apiRequest<PortfolioDto>('/portfolio/', { signal });
export const usePortfolio = () =>
  useQuery({ queryKey: investingKeys.portfolio, queryFn: ({ signal }) => fetchPortfolio(signal) });

export const fetchWallet = (signal?: AbortSignal) => apiRequest<WalletResponse>('/wallet/', { signal });
// A deposit is credited by the back office, out of this page's sight: coming back to the tab reads
// the wallet again, so a transfer that arrived meanwhile shows without a reload.
export const useWallet = () =>
  useQuery({
    queryKey: investingKeys.wallet,
    queryFn: ({ signal }) => fetchWallet(signal),
    refetchOnWindowFocus: true,
  });

/** One page of a wallet's movements of its available balance, newest first. */
export const fetchMovements = (currency: Currency, before: number | null, signal?: AbortSignal) =>
  apiRequest<WalletMovementsResponse>(
    `/wallet/movements?currency=${currency}${before === null ? '' : `&before=${before}`}`,
    { signal },
  );

export const movementsQuery = (currency: Currency) =>
  infiniteQueryOptions({
    queryKey: investingKeys.movements(currency),
    queryFn: ({ pageParam, signal }) => fetchMovements(currency, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    refetchOnWindowFocus: true,
  });

export const useMovements = (currency: Currency) => useInfiniteQuery(movementsQuery(currency));

export function useTakeKnowledgeTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KnowledgeTestRequest) =>
      apiRequest<InvestorProfileDto>('/investor-profile/knowledge-test', { method: 'PUT', json: body }),
    onSuccess: (profile) => client.setQueryData(investingKeys.profile, profile),
  });
}

export function useSaveLossSimulation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LossSimulationRequest) =>
      apiRequest<InvestorProfileDto>('/investor-profile/loss-simulation', { method: 'PUT', json: body }),
    onSuccess: (profile) => client.setQueryData(investingKeys.profile, profile),
  });
}

/** The multipart form of a sophisticated-investor request: its criteria and evidence files. */
export function useRequestSophisticated() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest<InvestorProfileDto>('/investor-profile/sophisticated-request', { form }),
    onSuccess: (profile) => client.setQueryData(investingKeys.profile, profile),
  });
}

/** Where an evidence file downloads (its investor or an admin). */
export const evidenceUrl = (id: string) => `${API_BASE}/investor-profile/evidence/${encodeURIComponent(id)}`;

export function useSaveTaxResidence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxResidenceRequest) =>
      apiRequest<InvestorProfileDto>('/investor-profile/tax-residence', { method: 'PUT', json: body }),
    onSuccess: (profile) => client.setQueryData(investingKeys.profile, profile),
  });
}

/**
 * POST /campaigns/:id/investments with its Idempotency-Key header (the shared request helper
 * sends no custom headers). A retry with the same key can never invest twice.
 */
export async function postInvestment(
  campaignId: string,
  body: InvestRequest,
  key: string,
): Promise<InvestmentDto> {
  const send = async (fresh: boolean) => {
    const token = fresh ? await fetchCsrfToken() : (readCookie(CSRF_COOKIE) ?? (await fetchCsrfToken()));
    return fetch(`${API_BASE}/campaigns/${encodeURIComponent(campaignId)}/investments`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
        ...(token ? { 'X-CSRFToken': token } : {}),
      },
      body: JSON.stringify(body),
    });
  };
  let res: Response;
  let json: Record<string, unknown> | null;
  try {
    res = await send(false);
    json = await res.json().catch(() => null);
    if (res.status === 403 && json?.code === 'csrfFailed') {
      res = await send(true);
      json = await res.json().catch(() => null);
    }
  } catch {
    throw new ApiError({ status: 0, code: 'networkError' });
  }
  if (!res.ok) {
    const b = json ?? {};
    throw new ApiError({
      status: res.status,
      code: typeof b.code === 'string' ? b.code : res.status >= 500 ? 'serverError' : 'invalidRequest',
      fieldCodes: (b.error_codes as Record<string, string> | undefined) ?? {},
      fieldMessages: (b.errors as Record<string, string> | undefined) ?? {},
      serverMessage: typeof b.message === 'string' ? b.message : undefined,
    });
  }
  return json as unknown as InvestmentDto;
}

export function useInvest(campaignId: string) {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: InvestRequest; key: string }) =>
      postInvestment(campaignId, body, key),
    onSuccess: () => void refresh(),
  });
}

export function useRevoke() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<InvestmentDto>(`/investments/${encodeURIComponent(id)}/revoke`, { method: 'POST' }),
    onSettled: () => void refresh(),
  });
}

export function useOpenDemoWallet() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ success: true; balance: WalletBalanceDto }>('/wallet/demo/', { method: 'POST' }),
    onSuccess: () => void refresh(),
  });
}
