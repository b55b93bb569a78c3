import type { PayinReturnDecision, PayinReturnDto } from '@indiesplit/shared/payments';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type Payout, ProviderError, type RecipientInput } from '../../platform/payments/provider.ts';
import { applyRecipient, ensureRecipient } from '../../platform/payments/recipients.ts';
import { earlierAttempt } from './earlier-attempt.ts';
import { atProvider, keyFor, providerOf } from './service.ts';

// Sending a parked pay-in back (ADR 0039, "Suspense"). Wired pay-ins have no refund at the
// provider: the money goes back by a payout from the wallet the pay-in credited, to the payer's
// account registered as a Recipient of that wallet's owner, with a `PaymentRef` naming the pay-in.
// Such a payout settles later, so the pay-in is `returning` in between: the money has left the
// provider wallet while the ledger still holds it in suspense (the reconciliation counts it on its
// way). The payout's PAYOUT_NORMAL_SUCCEEDED, read back by id, releases the suspense holding once
// and makes it `returned`; PAYOUT_NORMAL_FAILED parks it again with the provider's reason, and an
// admin may try again (a new attempt: a key and a tag of its own).
//
// A member's parked pay-ins (service.ts) and a revenue pool's (revenue-pool.ts) are returned the
// same way: each side says where its pay-ins are kept, whose wallet they reached, and how its
// suspense holding leaves the ledger.

/** A parked pay-in as the return reads it (the same columns on both sides). */
export interface ReturnRow {
  payinId: string;
  amountCents: number;
  payerName: string | null;
  outcome: string;
  /** The member (user_id) or the campaign (campaign_id) whose wallet received it. */
  ownerRef: string | null;
  returnAttempt: number;
  returnAskedAt: Date | null;
  returnPayoutId: string | null;
  decidedBy: string | null;
}

export interface ReturnSide {
  table: 'provider_payins' | 'provider_revenue_payins';
  ownerColumn: 'user_id' | 'campaign_id';
  /** Its payouts' tags start with it, so an event's payout is looked for on its side first. */
  tagPrefix: 'payin-return' | 'revenue-return';
  notParked: () => AppError;
  /**
   * The wallet the pay-in was paid into and its owner at the provider (the payout's author and the
   * recipient's owner), with our account the recipient is kept under. Null when there is none.
   */
  owner(
    ctx: AppContext,
    row: ReturnRow,
  ): Promise<{ walletId: string; providerUserId: string; userId: string } | null>;
  /** The suspense holding leaves the ledger (`suspense → world`), once per pay-in. */
  release(tx: Db, row: ReturnRow): Promise<void>;
  /** What the audit log says about the pay-in besides the decision. */
  audit(row: ReturnRow): Record<string, unknown>;
}

/** A second decision while a return is on its way (the list shows its payout). */
const inProgress = () => new AppError('payinReturnInProgress', 409);

export const isReturnPayout = (payout: Payout) => payout.paymentRef?.reasonType === 'PAYIN_REFUND';

const returnTag = (side: ReturnSide, payinId: string, attempt: number) =>
  `${side.tagPrefix}:${payinId}:${attempt}`;

function columns(side: ReturnSide) {
  return sql`payin_id as "payinId", amount_cents::text as "amountCents", payer_name as "payerName",
    outcome, ${sql.identifier(side.ownerColumn)}::text as "ownerRef", return_attempt as "returnAttempt",
    return_asked_at as "returnAskedAt", return_payout_id as "returnPayoutId",
    decided_by::text as "decidedBy"`;
}

type RawRow = Omit<ReturnRow, 'amountCents' | 'returnAskedAt'> & {
  amountCents: string;
  returnAskedAt: string | Date | null;
};

async function selectRow(db: Db, side: ReturnSide, where: ReturnType<typeof sql>, lock: boolean) {
  const result = (await db.execute(
    sql`select ${columns(side)} from ${sql.identifier(side.table)} where ${where}${lock ? sql` for update` : sql``}`,
  )) as unknown as { rows: RawRow[] };
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    ...r,
    amountCents: Number(r.amountCents),
    returnAttempt: Number(r.returnAttempt),
    returnAskedAt: r.returnAskedAt === null ? null : new Date(r.returnAskedAt),
  } satisfies ReturnRow;
}

/** "Mario Rossi" is a person's account; one word (or none usable) is a business's. */
export function holderOf(payerName: string): RecipientInput['holder'] {
  const words = payerName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (first && rest.length > 0) return { type: 'Individual', firstName: first, lastName: rest.join(' ') };
  return { type: 'Business', name: payerName.trim() };
}

/**
 * An admin sends a parked pay-in back to the account it came from, to the address they give. The
 * payer's name and IBAN are the provider's (the pay-in read back by id), never the caller's. Each
 * attempt is claimed before the provider is asked, so two clicks at once ask for one payout (same
 * key) and the second is told the return is under way; an attempt whose answer was lost is found
 * again by its tag, even after the provider forgot its key.
 */
export async function askReturn(
  ctx: AppContext,
  side: ReturnSide,
  admin: { id: string; ip: string },
  payinId: string,
  address: PayinReturnDecision['address'],
): Promise<PayinReturnDto> {
  const provider = providerOf(ctx);
  const row = await selectRow(ctx.db, side, sql`payin_id = ${payinId}`, false);
  if (row?.outcome === 'returning') throw inProgress();
  if (row?.outcome !== 'suspense') throw side.notParked();
  const payin = await atProvider(ctx, () => provider.getPayIn(payinId));
  if (!payin?.payerIban || !payin.payerName?.trim()) throw new AppError('payinPayerAccountUnknown', 409);
  const owner = await side.owner(ctx, row);
  if (!owner || owner.walletId !== payin.creditedWalletId) throw side.notParked();
  const recipient = await atProvider(ctx, () =>
    ensureRecipient(
      ctx.db,
      provider,
      { userId: owner.userId, providerUserId: owner.providerUserId, purpose: 'payin_return' },
      {
        holder: holderOf(payin.payerName ?? ''),
        iban: payin.payerIban ?? '',
        address: {
          line1: address.line1,
          city: address.city,
          postalCode: address.postal_code,
          country: address.country,
        },
        scaContext: 'USER_NOT_PRESENT',
        tag: `${side.tagPrefix}:${payinId}`,
      },
    ),
  );
  if (recipient.status !== 'ACTIVE') throw new AppError('payinReturnAccountNotReady', 409);

  // The attempt: the one whose answer was lost (asked, no payout recorded) is asked again with its
  // key and looked for by its tag; otherwise the next one is claimed, or another admin is at it.
  let attempt = row.returnAttempt;
  let since: Date | null = row.returnAskedAt;
  if (row.returnPayoutId !== null || row.returnAskedAt === null) {
    attempt = row.returnAttempt + 1;
    since = null;
    const claimed = (await ctx.db.execute(sql`
      update ${sql.identifier(side.table)}
      set return_attempt = ${attempt}, return_asked_at = now(), return_payout_id = null,
          return_failure = null, updated_at = now()
      where payin_id = ${payinId} and outcome = 'suspense' and return_attempt = ${row.returnAttempt}
      returning payin_id`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) throw inProgress();
  }
  const tag = returnTag(side, payinId, attempt);
  const payout = await atProvider(ctx, async () => {
    try {
      return (
        (await earlierAttempt(provider, { walletId: owner.walletId, type: 'PAYOUT', tag, since }, (id) =>
          provider.getPayout(id),
        )) ??
        (await provider.createPayout(
          {
            authorId: owner.providerUserId,
            debitedWalletId: owner.walletId,
            recipientId: recipient.recipientId,
            amount: row.amountCents,
            fees: 0,
            paymentRef: { reasonType: 'PAYIN_REFUND', referenceId: payinId },
            tag,
          },
          keyFor(tag),
        ))
      );
    } catch (err) {
      // A refusal (not a fault): no payout was made. The attempt is given up, with the provider's
      // words for the admin, and the pay-in may be credited or sent again; the recipient is read
      // back, so one the provider no longer pays to is replaced on the next attempt.
      if (!(err instanceof ProviderError) || err.retryable) throw err;
      await ctx.db.execute(sql`
        update ${sql.identifier(side.table)}
        set return_asked_at = null, return_failure = ${err.message}, updated_at = now()
        where payin_id = ${payinId} and outcome = 'suspense' and return_attempt = ${attempt}
          and return_payout_id is null`);
      const read = await provider.getRecipient(recipient.recipientId).catch(() => null);
      if (read) await applyRecipient(ctx.db, read);
      throw new AppError('payinReturnRefused', 409, { params: { reason: err.message } });
    }
  });
  await ctx.db.transaction(async (tx) => {
    const locked = await selectRow(
      tx,
      side,
      sql`payin_id = ${payinId} and outcome = 'suspense' and return_attempt = ${attempt}`,
      true,
    );
    // Recorded already by a second click on the same attempt (same payout): that one answers.
    if (!locked) throw inProgress();
    await tx.execute(sql`
      update ${sql.identifier(side.table)}
      set outcome = 'returning', return_payout_id = ${payout.id}, payer_iban = ${payin.payerIban},
          decided_by = ${admin.id}::uuid, updated_at = now()
      where payin_id = ${payinId}`);
    await recordEvent(tx, {
      userId: admin.id,
      kind: 'payment_suspense_decided',
      ip: admin.ip,
      data: {
        payinId,
        decision: 'returning',
        payoutId: payout.id,
        attempt,
        amountCents: locked.amountCents,
        ...side.audit(locked),
      },
    });
  });
  // Settled in the answer (the provider refused it at once, say): no event may follow, apply it now.
  if (payout.status !== 'CREATED') await applyReturnPayout(ctx, [side], payout);
  const after = await selectRow(ctx.db, side, sql`payin_id = ${payinId}`, false);
  return {
    state:
      after?.outcome === 'returned' ? 'returned' : after?.outcome === 'returning' ? 'returning' : 'parked',
    payout_id: payout.id,
    failure: after?.outcome === 'suspense' ? (payout.resultMessage ?? 'FAILED') : null,
  };
}

export type ReturnOutcome = 'returned' | 'return_failed' | 'pending' | 'duplicate' | 'unknown';

/**
 * Applies a payout read from the provider to the pay-in it sends back, found by the payout's id
 * on our side (the tag and the payment reference only say where to look first). Once: the row
 * leaves `returning` in the transaction that releases the suspense, so a duplicate, late or
 * racing event finds nothing left to do; the event of an earlier, failed attempt names a payout
 * no longer recorded and moves nothing.
 */
export async function applyReturnPayout(
  ctx: AppContext,
  sides: ReturnSide[],
  payout: Payout,
): Promise<ReturnOutcome> {
  if (!isReturnPayout(payout)) return 'unknown';
  const ordered = [...sides].sort(
    (a, b) =>
      Number(payout.tag?.startsWith(`${b.tagPrefix}:`)) - Number(payout.tag?.startsWith(`${a.tagPrefix}:`)),
  );
  for (const side of ordered) {
    const outcome = await ctx.db.transaction(async (tx): Promise<ReturnOutcome> => {
      const row = await selectRow(tx, side, sql`return_payout_id = ${payout.id}`, true);
      if (!row || row.payinId !== payout.paymentRef?.referenceId) return 'unknown';
      if (row.outcome !== 'returning') return 'duplicate';
      if (payout.status === 'CREATED') return 'pending';
      if (payout.status === 'SUCCEEDED') {
        await side.release(tx, row);
        await tx.execute(sql`
          update ${sql.identifier(side.table)} set outcome = 'returned', updated_at = now()
          where payin_id = ${row.payinId}`);
        return 'returned';
      }
      // The provider gave the money back to the wallet: parked again, the reason kept for the admin.
      await tx.execute(sql`
        update ${sql.identifier(side.table)}
        set outcome = 'suspense', return_failure = ${payout.resultMessage ?? 'FAILED'}, updated_at = now()
        where payin_id = ${row.payinId}`);
      return 'return_failed';
    });
    if (outcome === 'return_failed')
      ctx.log.warn(
        { payinId: payout.paymentRef?.referenceId, payoutId: payout.id, reason: payout.resultMessage },
        'payout sending a pay-in back failed: parked again for an admin',
      );
    if (outcome !== 'unknown') return outcome;
  }
  return 'unknown';
}

/**
 * Returns asked for whose payout's event has not come since before `before` (lost, or it arrived
 * before the payout's id was recorded and was answered as unknown): read back by id and applied.
 * Answers how many could not be read (a provider fault; the next round tries again).
 */
export async function readBackReturns(
  ctx: AppContext,
  sides: ReturnSide[],
  before: Date,
  limit: number,
): Promise<number> {
  const provider = providerOf(ctx);
  let failed = 0;
  for (const side of sides) {
    const stale = (await ctx.db.execute(sql`
      select return_payout_id as id from ${sql.identifier(side.table)}
      where outcome = 'returning' and updated_at < ${before.toISOString()}
      order by updated_at limit ${limit}`)) as unknown as { rows: Array<{ id: string }> };
    for (const { id } of stale.rows)
      try {
        const payout = await provider.getPayout(id);
        if (payout) await applyReturnPayout(ctx, [side], payout);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        failed++;
      }
  }
  return failed;
}
