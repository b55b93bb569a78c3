import type {
  ConfirmAccountResponse,
  PayinReturnDecision,
  PayinReturnDto,
  PaymentAccountDto,
  ReconciliationDto,
  ReconciliationStatusDto,
  StartIdentityResponse,
  SuspenseItemDto,
} from '@indiesplit/shared/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { useRefreshMoney } from '../../lib/money-queries.ts';

// The payment provider's side of the wallet (ADR 0039): the mode, the member's identity check and
// their personal IBAN.

export const paymentKeys = {
  account: ['payments', 'account'] as const,
  suspense: ['payments', 'backoffice', 'suspense'] as const,
  reconciliation: ['payments', 'backoffice', 'reconciliation'] as const,
};

export const fetchPaymentAccount = (signal?: AbortSignal) =>
  apiRequest<PaymentAccountDto>('/payments/account/', { signal });

export const paymentAccountQuery = () =>
  queryOptions({ queryKey: paymentKeys.account, queryFn: ({ signal }) => fetchPaymentAccount(signal) });

export const usePaymentAccount = () => useQuery(paymentAccountQuery());

export const startIdentityCheck = () =>
  apiRequest<StartIdentityResponse>('/payments/identity/', { method: 'POST' });

/** Starts the hosted check and sends the browser to the provider's page. */
export const useStartIdentityCheck = () =>
  useMutation({
    mutationFn: startIdentityCheck,
    onSuccess: (r) => window.location.assign(r.hosted_url),
  });

// ---- the bank account a withdrawal is paid to ------------------------------------------------

/** Registers the bank account of the member's waiting withdrawal with the provider. */
export const confirmWithdrawalAccount = (withdrawalId: string) =>
  apiRequest<ConfirmAccountResponse>(
    `/payments/withdrawals/${encodeURIComponent(withdrawalId)}/confirm-account/`,
    { method: 'POST' },
  );

/**
 * The provider pays a withdrawal only to a bank account the member confirmed on its page (strong
 * customer authentication): while the account waits for that, the browser goes there and comes
 * back to the wallet; an account already confirmed needs nothing, and the withdrawals on screen
 * refresh.
 */
export const useConfirmWithdrawalAccount = () => {
  const refreshMoney = useRefreshMoney();
  return useMutation({
    mutationFn: confirmWithdrawalAccount,
    onSuccess: (r) => {
      if (r.status === 'PENDING' && r.confirm_url) window.location.assign(r.confirm_url);
      else void refreshMoney();
    },
    // A refusal usually means the request moved meanwhile (cancelled, being paid): show its state.
    onError: () => void refreshMoney(),
  });
};

// ---- back office: the suspense account ---------------------------------------------------------

export const fetchSuspense = (signal?: AbortSignal) =>
  apiRequest<{ items: SuspenseItemDto[] }>('/backoffice/payments/suspense/', { signal });

export const suspenseQuery = () =>
  queryOptions({ queryKey: paymentKeys.suspense, queryFn: ({ signal }) => fetchSuspense(signal) });

export const useSuspense = () => useQuery(suspenseQuery());

/** The server asks for the pay-in's id again in the body: the row confirmed is the row moved. */
export const assignSuspense = (id: string) =>
  apiRequest<null>(`/backoffice/payments/suspense/${encodeURIComponent(id)}/assign`, {
    method: 'POST',
    json: { confirm: id },
  });

/** Sends a parked pay-in back by a payout to the payer's account, registered at this address. */
export const returnSuspense = ({ id, address }: { id: string; address: PayinReturnDecision['address'] }) =>
  apiRequest<PayinReturnDto>(`/backoffice/payments/suspense/${encodeURIComponent(id)}/return`, {
    method: 'POST',
    json: { confirm: id, address },
  });

/** After a decision, or a refusal (someone else decided first), the list and every balance refresh. */
function useSuspenseMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  const refreshMoney = useRefreshMoney();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: paymentKeys.suspense }), refreshMoney()]),
  });
}

export const useAssignSuspense = () => useSuspenseMutation(assignSuspense);
export const useReturnSuspense = () => useSuspenseMutation(returnSuspense);

// ---- back office: reconciliation with the provider ---------------------------------------------

export const fetchReconciliation = (signal?: AbortSignal) =>
  apiRequest<ReconciliationStatusDto>('/backoffice/payments/reconciliation/', { signal });

export const useReconciliation = () =>
  useQuery({ queryKey: paymentKeys.reconciliation, queryFn: ({ signal }) => fetchReconciliation(signal) });

/** Compares the provider with the ledger now; the answer becomes the last result shown. */
export const useRunReconciliation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ReconciliationDto>('/backoffice/payments/reconciliation/', { method: 'POST' }),
    onSuccess: (last) =>
      client.setQueryData<ReconciliationStatusDto>(paymentKeys.reconciliation, (old) =>
        old ? { ...old, last } : old,
      ),
  });
};
