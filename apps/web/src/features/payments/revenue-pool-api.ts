import type {
  PayinReturnDecision,
  PayinReturnDto,
  RevenuePoolAccountDto,
  RevenueSuspenseItemDto,
} from '@indiesplit/shared/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// Revenue pools at the payment provider (ADR 0039): the campaign's revenue IBAN and what the studio
// owes, and the back office's list of wires to a revenue IBAN that paid no distribution.

export const revenuePoolKeys = {
  account: (campaignId: string) => ['payments', 'revenue', campaignId] as const,
  suspense: ['payments', 'backoffice', 'revenue-suspense'] as const,
};

export const revenuePoolQuery = (campaignId: string) =>
  queryOptions({
    queryKey: revenuePoolKeys.account(campaignId),
    queryFn: ({ signal }) =>
      apiRequest<RevenuePoolAccountDto>(`/payments/revenue/${encodeURIComponent(campaignId)}/`, { signal }),
  });

export const useRevenuePool = (campaignId: string) => useQuery(revenuePoolQuery(campaignId));

export const useRevenueSuspense = () =>
  useQuery({
    queryKey: revenuePoolKeys.suspense,
    queryFn: ({ signal }) =>
      apiRequest<{ items: RevenueSuspenseItemDto[] }>('/backoffice/payments/revenue-suspense/', { signal }),
  });

/**
 * Sends a parked revenue pay-in back by a payout to the payer's account, registered at this
 * address. The server asks for the pay-in's id again in the body: the row confirmed is the row
 * returned.
 */
export const useReturnRevenuePayin = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id: string; address: PayinReturnDecision['address'] }) =>
      apiRequest<PayinReturnDto>(`/backoffice/payments/revenue-suspense/${encodeURIComponent(id)}/return`, {
        method: 'POST',
        json: { confirm: id, address },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: revenuePoolKeys.suspense }),
  });
};
