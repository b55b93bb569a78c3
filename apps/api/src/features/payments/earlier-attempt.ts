import type { PaymentProvider } from '../../platform/payments/provider.ts';

// A money move asked for again (ADR 0039). Every request carries an Idempotency-Key, so a retry
// whose first attempt reached the provider gets the first answer back instead of a second move.
// But the provider keeps that answer for 24 hours only: a retry after the jobs were stopped for a
// day would move the money twice. So before asking again, a retry looks among the debited wallet's
// transactions since its first attempt for one carrying the tag that attempt gave it, and adopts it.

/** How far before the first attempt the search starts: our clock and the provider's may differ. */
const CLOCK_MARGIN_MS = 60 * 60 * 1000;

/**
 * The transfer or payout an earlier attempt made, read back with `read`; null when there was no
 * earlier attempt (`since` null) or the provider has nothing with its tag.
 */
export async function earlierAttempt<T>(
  provider: PaymentProvider,
  attempt: { walletId: string; type: 'TRANSFER' | 'PAYOUT'; tag: string; since: Date | null },
  read: (id: string) => Promise<T | null>,
): Promise<T | null> {
  if (!attempt.since) return null;
  const made = await provider.listWalletTransactions(attempt.walletId, {
    after: new Date(attempt.since.getTime() - CLOCK_MARGIN_MS),
    before: new Date(Date.now() + CLOCK_MARGIN_MS),
  });
  const found = made.find((x) => x.type === attempt.type && x.tag === attempt.tag);
  return found ? read(found.id) : null;
}
