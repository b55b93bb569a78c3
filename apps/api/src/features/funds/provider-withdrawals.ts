import { maskIban } from '@indiesplit/shared/funds';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { withdrawals } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { closeWithdrawal } from './close-withdrawal.ts';
import { mailTarget, UUID } from './common.ts';
import { withdrawalPaidEmail, withdrawalRejectedEmail } from './emails.ts';
import type { WithdrawalRow } from './repo.ts';

// Withdrawals the payment provider pays (ADR 0039). The payments feature asks the provider for the
// payout; these are the funds feature's side of it, so the withdrawals table keeps one writer.
//
// A request is claimed before the provider is called: under its row lock it moves from requested
// to processing, so the member can no longer cancel money the provider may already be sending. The
// payout's idempotency key is the withdrawal's id, so a claim whose call failed half-way is tried
// again and still makes one payout.

/** A claimed request; `retry` when an earlier round claimed it and never recorded a payout. */
export type ClaimedWithdrawal = WithdrawalRow & { retry: boolean };

/**
 * Claims up to `limit` requests for the provider: requested ones that carry a holder's address
 * (made in a provider mode) move to processing; processing ones without a recorded payout (a call
 * that failed) are returned again, marked as retries. Oldest first.
 */
export async function claimProviderWithdrawals(ctx: AppContext, limit = 50): Promise<ClaimedWithdrawal[]> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(withdrawals)
      .set({ status: 'processing', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        sql`${withdrawals.id} in (select id from withdrawals where status = 'requested'
              and holder_address is not null order by created_at limit ${limit} for update skip locked)`,
      )
      .returning();
    const unsent = await tx
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'processing'),
          isNotNull(withdrawals.holderAddress),
          isNull(withdrawals.providerPayoutId),
        ),
      )
      .orderBy(asc(withdrawals.createdAt))
      .limit(limit);
    const seen = new Set(claimed.map((w) => w.id));
    return [
      ...claimed.map((w) => ({ ...w, retry: false })),
      ...unsent.filter((w) => !seen.has(w.id)).map((w) => ({ ...w, retry: true })),
    ];
  });
}

/** Records the provider's payout of a claimed request (once; a retry finds it recorded). */
export async function recordProviderPayout(ctx: AppContext, id: string, payoutId: string): Promise<void> {
  await ctx.db
    .update(withdrawals)
    .set({ providerPayoutId: payoutId, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), isNull(withdrawals.providerPayoutId)));
}

export type ProviderWithdrawalOutcome = 'paid' | 'rejected' | 'duplicate' | 'unknown';

/**
 * The provider's final answer for a payout: paid posts the reservation, refused voids it (the money
 * is available again) and tells the member why. An answer for a request already closed changes
 * nothing ('duplicate'); one for no request of ours is 'unknown'.
 */
export async function settleProviderWithdrawal(
  ctx: AppContext,
  id: string,
  outcome: { paid: boolean; payoutId: string; amountCents: number; reason?: string },
): Promise<ProviderWithdrawalOutcome> {
  if (!UUID.test(id)) return 'unknown';
  const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  // Only the payout asked for this request, for its amount, closes it.
  if (
    !row?.holderAddress ||
    row.amountCents !== outcome.amountCents ||
    (row.providerPayoutId !== null && row.providerPayoutId !== outcome.payoutId)
  )
    return 'unknown';
  try {
    if (outcome.paid) {
      await closeWithdrawal(
        ctx,
        id,
        { status: 'paid', actorId: null, byProvider: true },
        { bankReference: outcome.payoutId },
        (member, w) =>
          withdrawalPaidEmail(
            mailTarget(member),
            { amountCents: w.amountCents, maskedIban: maskIban(w.iban), bankReference: outcome.payoutId },
            ctx.config.publicUrl,
          ),
      );
      return 'paid';
    }
    const reason = outcome.reason ?? 'The bank refused the transfer.';
    await closeWithdrawal(
      ctx,
      id,
      { status: 'rejected', actorId: null, byProvider: true },
      { note: reason },
      (member, w) =>
        withdrawalRejectedEmail(
          mailTarget(member),
          { amountCents: w.amountCents, note: reason },
          ctx.config.publicUrl,
        ),
    );
    return 'rejected';
  } catch (err) {
    if (err instanceof AppError && err.code === 'withdrawalNotOpen') return 'duplicate';
    throw err;
  }
}
