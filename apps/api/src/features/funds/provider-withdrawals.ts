import { maskIban } from '@indiesplit/shared/funds';
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { withdrawals } from '../../db/schema-campaigns.ts';
import { providerRecipients } from '../../db/schema-payments.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { closeWithdrawal } from './close-withdrawal.ts';
import { mailTarget, UUID } from './common.ts';
import { withdrawalPaidEmail, withdrawalRejectedEmail } from './emails.ts';
import type { WithdrawalRow } from './repo.ts';

// Withdrawals the payment provider pays (ADR 0039). The payments feature asks the provider for the
// payout; these are the funds feature's side of it, so the withdrawals table keeps one writer.
//
// The provider pays only to a bank account the member confirmed with it (an ACTIVE Recipient,
// platform/payments/recipients.ts): until then a request stays requested, which the member may
// still cancel, and the job does not pick it up.
//
// A request is claimed before the provider is called: under its row lock it moves from requested
// to processing, so the member can no longer cancel money the provider may already be sending. The
// payout's idempotency key is the withdrawal's id, so a claim whose call failed half-way is tried
// again and still makes one payout.

/** A claimed request; `retry` when an earlier round claimed it and never recorded a payout. */
export type ClaimedWithdrawal = WithdrawalRow & { retry: boolean };

/**
 * Claims up to `limit` requests for the provider: requested ones that carry a holder's address
 * (made in a provider mode) and whose IBAN the member has confirmed move to processing; processing
 * ones without a recorded payout (a call that failed) are returned again, marked as retries. Oldest
 * first. A request whose account is not confirmed is not looked at, so however many of them wait,
 * they neither fill a round nor come back to it.
 */
export async function claimProviderWithdrawals(ctx: AppContext, limit = 50): Promise<ClaimedWithdrawal[]> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(withdrawals)
      .set({ status: 'processing', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        sql`${withdrawals.id} in (select w.id from withdrawals w where w.status = 'requested'
              and w.holder_address is not null
              and exists (select 1 from provider_recipients r where r.user_id = w.user_id
                and r.purpose = 'payout' and r.iban = w.iban and r.status = 'ACTIVE')
              order by w.created_at limit ${limit} for update of w skip locked)`,
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

/**
 * Gives a claimed request back to the member (processing to requested) when it has no payout and
 * its account can no longer be paid to (the recipient was withdrawn after the claim): it waits for
 * a new confirmation, and the member may cancel it again. False when it moved meanwhile.
 */
export async function releaseProviderWithdrawal(ctx: AppContext, id: string): Promise<boolean> {
  const released = await ctx.db
    .update(withdrawals)
    .set({ status: 'requested', startedAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'processing'),
        isNotNull(withdrawals.holderAddress),
        isNull(withdrawals.providerPayoutId),
        isNull(withdrawals.startedBy),
      ),
    )
    .returning({ id: withdrawals.id });
  return released.length > 0;
}

/**
 * The member's own request that waits for the provider (requested, made in a provider mode), the
 * one whose bank account they are about to confirm. Another member's, or an unknown id: 404
 * withdrawalNotFound (the same answer, so ids cannot be probed); one being paid or closed: 409.
 */
export async function waitingWithdrawalOf(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<WithdrawalRow> {
  if (!UUID.test(id)) throw notFound('withdrawalNotFound');
  const [row] = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  if (!row) throw notFound('withdrawalNotFound');
  if (row.status !== 'requested' || !row.holderAddress)
    throw new AppError('withdrawalAccountNotWaiting', 409);
  return row;
}

/**
 * The PENDING recipients that waiting requests depend on and that nothing has changed for since
 * `before` (their event may have been lost): the job reads them back from the provider.
 */
export async function stalePendingRecipients(ctx: AppContext, before: Date, limit = 20): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ recipientId: providerRecipients.recipientId, updatedAt: providerRecipients.updatedAt })
    .from(providerRecipients)
    .innerJoin(
      withdrawals,
      and(eq(withdrawals.userId, providerRecipients.userId), eq(withdrawals.iban, providerRecipients.iban)),
    )
    .where(
      and(
        eq(providerRecipients.purpose, 'payout'),
        eq(providerRecipients.status, 'PENDING'),
        lt(providerRecipients.updatedAt, before),
        eq(withdrawals.status, 'requested'),
        isNotNull(withdrawals.holderAddress),
      ),
    )
    .orderBy(asc(providerRecipients.updatedAt))
    .limit(limit);
  return rows.map((r) => r.recipientId);
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
