import { randomInt } from 'node:crypto';
import {
  type DepositInstructionsDto,
  normalizeBankTransactionId,
  normalizeIban,
  REFERENCE_ALPHABET,
} from '@indiesplit/shared/funds';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import * as ledger from '../ledger/service.ts';
import { creditDeposit } from './commands/record-deposit.ts';
import * as repo from './repo.ts';

// Real euros in and out of wallets (ADR 0013). Deposits arrive by bank transfer carrying the
// member's personal reference and are recorded by an admin (by hand or from the bank's CSV);
// withdrawals reserve the money at once; an admin starts paying them (from then on the member can
// no longer cancel), then records them paid (posted) or rejects them (voided).
// Every movement goes through the ledger with kind 'deposit' or 'withdrawal', in the same
// transaction as the row that says what it was, so the two can never disagree.
// Each of those operations has its own file under commands/ and queries/; this file keeps the
// member's reference and what other features ask of the funds (who may act: policies.ts).

export { assertHoldsNoMoney } from './holdings.ts';
export {
  claimProviderWithdrawals,
  type ProviderWithdrawalOutcome,
  recordProviderPayout,
  releaseProviderWithdrawal,
  settleProviderWithdrawal,
  stalePendingRecipients,
  waitingWithdrawalOf,
} from './provider-withdrawals.ts';

// ---- personal reference ------------------------------------------------------------------------

function newReference(): string {
  const pick = () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join('');
  return `IS-${part()}-${part()}`;
}

/**
 * The member's reference, made on first use and never changed. 31^8 codes make a clash rare; a
 * clash (or a second request racing this one) inserts nothing, and we read what is there.
 */
export async function referenceOf(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await repo.findReferenceOf(db, userId);
    if (existing) return existing;
    await repo.insertReference(db, userId, newReference());
  }
  throw new Error('could not make a unique deposit reference');
}

export async function depositInstructions(ctx: AppContext, userId: string): Promise<DepositInstructionsDto> {
  const { iban, bic, beneficiary } = ctx.config.platformBank;
  return { currency: 'EUR', iban, bic, beneficiary, reference: await referenceOf(ctx.db, userId) };
}

/** Whether the member has been paid on this IBAN before: a new one needs a step-up (ADR 0015). */
export function isKnownIban(db: Db, userId: string, iban: string): Promise<boolean> {
  return repo.hasBeenPaidTo(db, userId, normalizeIban(iban));
}

/**
 * Cancels, in the caller's transaction, the member's requests to one IBAN that no admin has started
 * paying (the undo of a new withdrawal IBAN, ADR 0015); the reserved amounts are available again.
 * Answers how many were cancelled.
 */
export async function cancelRequestedWithdrawalsTo(tx: Db, userId: string, iban: string): Promise<number> {
  const open = await repo.lockRequestedWithdrawalsTo(tx, userId, normalizeIban(iban));
  for (const w of open) {
    const settled = await ledger.settle(tx, w.reserveTransferId, 'void', { createdBy: userId });
    await repo.closeWithdrawal(tx, w.id, {
      status: 'cancelled',
      settleTransferId: settled.id,
      decidedBy: userId,
    });
  }
  return open.length;
}

/**
 * Credits a provider's pay-in to the member's wallet in the caller's transaction (ADR 0039),
 * through the one deposit-credit path: the deposits row and the claim of the id in
 * bank_transactions (as `PSP <pay-in id>`) make a second credit of the same pay-in impossible.
 * Null when the member's account is gone (the caller parks the money instead).
 */
export async function creditProviderPayIn(
  ctx: AppContext,
  tx: Db,
  input: {
    userId: string;
    amountCents: number;
    payinId: string;
    payerName: string | null;
    valueDate: string;
  },
): Promise<{ depositId: string } | null> {
  const member = await repo.findMember(tx, input.userId);
  if (!member || member.deletedAt) return null;
  const credited = await creditDeposit(ctx, tx, member, {
    amountCents: input.amountCents,
    bankTransactionId: normalizeBankTransactionId(`PSP ${input.payinId}`),
    valueDate: input.valueDate,
    payerName: input.payerName,
    recordedBy: null,
  });
  return { depositId: credited.row.id };
}
