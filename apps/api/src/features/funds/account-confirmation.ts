import type { AccountConfirmation, WithdrawalDto } from '@indiesplit/shared/funds';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { providerRecipients } from '../../db/schema-payments.ts';
import type { AppContext } from '../../platform/context.ts';
import { toWithdrawalDto } from './presenters/withdrawal.ts';
import type * as repo from './repo.ts';

// Where the payment provider pays withdrawals (ADR 0039), a request waits until the member has
// confirmed its bank account with the provider (an ACTIVE Recipient for its IBAN, kept by
// platform/payments/recipients.ts). The member's list says, for each waiting request, how far that
// confirmation is, so the wallet page can say why the payout waits and offer to confirm.

/** Whether the request waits for the provider's payout: requested in a provider mode. */
export const waitsForProvider = (ctx: AppContext, row: repo.WithdrawalRow): boolean =>
  ctx.config.payments.mode !== 'manual' && row.status === 'requested' && row.holderAddress !== null;

/**
 * The member's confirmation of each IBAN among `ibans`: confirmed (an ACTIVE recipient), pending (a
 * PENDING one, or none asked for yet), not_confirmed (only ended ones: cancelled or withdrawn).
 */
async function confirmationsOf(
  ctx: AppContext,
  userId: string,
  ibans: string[],
): Promise<Map<string, AccountConfirmation>> {
  const out = new Map<string, AccountConfirmation>();
  if (ibans.length === 0) return out;
  const rows = await ctx.db
    .select({ iban: providerRecipients.iban, status: providerRecipients.status })
    .from(providerRecipients)
    .where(
      and(
        eq(providerRecipients.userId, userId),
        eq(providerRecipients.purpose, 'payout'),
        inArray(providerRecipients.iban, ibans),
      ),
    )
    .orderBy(desc(providerRecipients.createdAt));
  for (const iban of ibans) {
    const mine = rows.filter((r) => r.iban === iban);
    // The same choice as the payout job's (currentRecipient): an ACTIVE or PENDING one counts first.
    const current = mine.find((r) => r.status === 'ACTIVE' || r.status === 'PENDING');
    out.set(
      iban,
      current?.status === 'ACTIVE' ? 'confirmed' : current || mine.length === 0 ? 'pending' : 'not_confirmed',
    );
  }
  return out;
}

/**
 * The confirmation of each row's account, for rows of any members (the back office lists them all):
 * null for a request that does not wait for the provider.
 */
export async function confirmationsFor(
  ctx: AppContext,
  rows: repo.WithdrawalRow[],
): Promise<Array<AccountConfirmation | null>> {
  const waiting = rows.filter((r) => waitsForProvider(ctx, r));
  const byMember = new Map<string, Set<string>>();
  for (const r of waiting) byMember.set(r.userId, (byMember.get(r.userId) ?? new Set()).add(r.iban));
  const found = new Map<string, Map<string, AccountConfirmation>>();
  for (const [userId, ibans] of byMember) found.set(userId, await confirmationsOf(ctx, userId, [...ibans]));
  return rows.map((r) => (waitsForProvider(ctx, r) ? (found.get(r.userId)?.get(r.iban) ?? 'pending') : null));
}

/** Withdrawals as their member (or the back office) sees them, with each waiting one's account. */
export async function withAccountConfirmation(
  ctx: AppContext,
  rows: repo.WithdrawalRow[],
): Promise<WithdrawalDto[]> {
  const confirmations = await confirmationsFor(ctx, rows);
  return rows.map((r, i) => toWithdrawalDto(r, confirmations[i] ?? null));
}
