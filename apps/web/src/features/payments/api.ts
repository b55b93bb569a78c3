import type { PaymentAccountDto, StartIdentityResponse } from '@indiesplit/shared/payments';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The payment provider's side of the wallet (ADR 0039): the mode, the member's identity check and
// their personal IBAN.

export const paymentKeys = { account: ['payments', 'account'] as const };

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
