import type {
  BackofficeWithdrawalDto,
  DepositDto,
  DepositImportResponse,
  DepositInstructionsDto,
  RecordDepositInput,
  WithdrawalDto,
  WithdrawalRequestInput,
  WithdrawalStatus,
} from '@indiesplit/shared/funds';
import type { InvariantsResponse } from '@indiesplit/shared/settlement';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { useRefreshMoney } from '../../lib/money-queries.ts';

// The funds calls: the member's deposit instructions and withdrawals, and the back office's
// deposits, CSV import and withdrawal queue (start paying, paid, reject). Every change to money
// refreshes every query that shows money (lib/money-queries.ts), so balances on screen follow at once.

export const fundsKeys = {
  all: ['funds'] as const,
  instructions: ['funds', 'instructions'] as const,
  myWithdrawals: ['funds', 'withdrawals', 'mine'] as const,
  deposits: ['funds', 'backoffice', 'deposits'] as const,
  withdrawals: (status: WithdrawalStatus | null) => ['funds', 'backoffice', 'withdrawals', status] as const,
  backofficeWithdrawals: ['funds', 'backoffice', 'withdrawals'] as const,
  invariants: ['funds', 'backoffice', 'invariants'] as const,
};
// ---- member ------------------------------------------------------------------------------------

export const fetchDepositInstructions = (signal?: AbortSignal) =>
  apiRequest<DepositInstructionsDto>('/funds/deposit-instructions/', { signal });

export const depositInstructionsQuery = () =>
  queryOptions({
    queryKey: fundsKeys.instructions,
    queryFn: ({ signal }) => fetchDepositInstructions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDepositInstructions = () => useQuery(depositInstructionsQuery());

export const fetchMyWithdrawals = (signal?: AbortSignal) =>
  apiRequest<{ withdrawals: WithdrawalDto[] }>('/funds/withdrawals/', { signal }).then((r) => r.withdrawals);

/** How often the list is read again while a request waits for the provider (ADR 0039). */
const WAITING_REFRESH_MS = 10_000;

export const myWithdrawalsQuery = () =>
  queryOptions({
    queryKey: fundsKeys.myWithdrawals,
    queryFn: ({ signal }) => fetchMyWithdrawals(signal),
    // A request waiting for its bank account's confirmation, or for the provider's payout once
    // confirmed, changes with the provider's events: the page follows them while it is open.
    refetchInterval: (query) =>
      query.state.data?.some(
        (w) => w.account_confirmation === 'pending' || w.account_confirmation === 'confirmed',
      )
        ? WAITING_REFRESH_MS
        : false,
  });

export const useMyWithdrawals = () => useQuery(myWithdrawalsQuery());

export const requestWithdrawal = (body: WithdrawalRequestInput) =>
  apiRequest<WithdrawalDto>('/funds/withdrawals/', { json: body });

export const cancelWithdrawal = (id: string) =>
  apiRequest<WithdrawalDto>(`/funds/withdrawals/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

/** `alsoOnError`: refresh after a refusal too, when it means the data on screen is out of date. */
function useMoneyMutation<V, R>(fn: (vars: V) => Promise<R>, { alsoOnError = false } = {}) {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: fn,
    onSuccess: refresh,
    ...(alsoOnError ? { onError: () => void refresh() } : {}),
  });
}

export const useRequestWithdrawal = () => useMoneyMutation(requestWithdrawal);
/** A refused cancel usually means an admin has started paying it meanwhile: show its new state. */
export const useCancelWithdrawal = () => useMoneyMutation(cancelWithdrawal, { alsoOnError: true });

// ---- back office -------------------------------------------------------------------------------

export const fetchDeposits = (signal?: AbortSignal) =>
  apiRequest<{ deposits: DepositDto[] }>('/backoffice/funds/deposits', { signal }).then((r) => r.deposits);

export const depositsQuery = () =>
  queryOptions({ queryKey: fundsKeys.deposits, queryFn: ({ signal }) => fetchDeposits(signal) });

export const useDeposits = () => useQuery(depositsQuery());

export const fetchBackofficeWithdrawals = (status: WithdrawalStatus | null, signal?: AbortSignal) =>
  apiRequest<{ withdrawals: BackofficeWithdrawalDto[] }>(
    `/backoffice/funds/withdrawals${status ? `?status=${status}` : ''}`,
    { signal },
  ).then((r) => r.withdrawals);

export const backofficeWithdrawalsQuery = (status: WithdrawalStatus | null) =>
  queryOptions({
    queryKey: fundsKeys.withdrawals(status),
    queryFn: ({ signal }) => fetchBackofficeWithdrawals(status, signal),
  });

export const useBackofficeWithdrawals = (status: WithdrawalStatus | null) =>
  useQuery(backofficeWithdrawalsQuery(status));

export const recordDeposit = (body: RecordDepositInput) =>
  apiRequest<DepositDto>('/backoffice/funds/deposits', { json: body });

export const importDeposits = (csv: string) =>
  apiRequest<DepositImportResponse>('/backoffice/funds/deposits/import', { json: { csv } });

/** Before sending the bank transfer: from then on the member can no longer cancel the request. */
export const startWithdrawalPayment = (id: string) =>
  apiRequest<BackofficeWithdrawalDto>(`/backoffice/funds/withdrawals/${encodeURIComponent(id)}/processing`, {
    method: 'POST',
  });

export const markWithdrawalPaid = ({ id, bank_reference }: { id: string; bank_reference: string }) =>
  apiRequest<BackofficeWithdrawalDto>(`/backoffice/funds/withdrawals/${encodeURIComponent(id)}/paid`, {
    json: { bank_reference },
  });

export const rejectWithdrawal = ({ id, note }: { id: string; note: string }) =>
  apiRequest<BackofficeWithdrawalDto>(`/backoffice/funds/withdrawals/${encodeURIComponent(id)}/reject`, {
    json: { note },
  });

export const useRecordDeposit = () => useMoneyMutation(recordDeposit);
export const useImportDeposits = () => useMoneyMutation(importDeposits);
export const useStartWithdrawalPayment = () => useMoneyMutation(startWithdrawalPayment);
export const useMarkWithdrawalPaid = () => useMoneyMutation(markWithdrawalPaid);
export const useRejectWithdrawal = () => useMoneyMutation(rejectWithdrawal);

// ---- ledger check (the invariants report of the settlement feature) ----------------------------

export const fetchInvariants = (signal?: AbortSignal) =>
  apiRequest<InvariantsResponse>('/backoffice/invariants/', { signal });

/** Run on demand only ("Check now"): it recomputes the whole ledger. */
export const useInvariants = () =>
  useQuery({
    queryKey: fundsKeys.invariants,
    queryFn: ({ signal }) => fetchInvariants(signal),
    enabled: false,
    retry: false,
  });
