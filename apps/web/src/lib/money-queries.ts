import { useQueryClient } from '@tanstack/react-query';

// Every screen that shows the member's money keys its queries under one of these prefixes. A money
// action (invest, revoke, withdraw, cancel, a deposit recorded) refreshes them all, so the balances,
// movements, investments and payouts on screen follow at once, whichever feature made the change.
export const MONEY_QUERY_PREFIXES = [['wallet'], ['investing'], ['funds'], ['payouts']] as const;

/** A function that marks every money query stale (active ones refetch now). */
export function useRefreshMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      MONEY_QUERY_PREFIXES.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
    );
}
