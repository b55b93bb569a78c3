import { randomUUID } from 'node:crypto';
import { type DepositDto, extractReference, normalizeBankTransactionId } from '@indiesplit/shared/funds';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import * as ledger from '../../ledger/service.ts';
import { notifyMember } from '../../notifications/service.ts';
import { claimBankTransaction, isBankTransactionUsed } from '../bank-transactions.ts';
import { accounts, mailTarget } from '../common.ts';
import { depositCreditedEmail } from '../emails.ts';
import { lockLiveMember } from '../holdings.ts';
import { toDepositDto } from '../presenters/deposit.ts';
import * as repo from '../repo.ts';

export interface DepositInput {
  /** The personal reference, or the transfer's description containing it. */
  reference: string;
  amount_cents: number;
  bank_transaction_id: string;
  /** YYYY-MM-DD */
  value_date: string;
  payer_name?: string | null;
}

const unknownReference = () =>
  new AppError('unknownDepositReference', 422, { fields: { reference: 'unknownDepositReference' } });
const alreadyRecorded = () =>
  new AppError('depositAlreadyRecorded', 409, {
    fields: { bank_transaction_id: 'depositAlreadyRecorded' },
  });

/**
 * Credits a received bank transfer to the wallet its reference names: world:EUR -> wallet, with
 * the deposits row, in one transaction. A bank transaction id is used once, as a deposit or as a
 * developer's pool payment (bank_transactions): the same id again is 409 depositAlreadyRecorded and
 * moves nothing (a racing duplicate waits on the unique key, finds the first, and rolls its own
 * transfer back).
 */
export async function recordDeposit(
  ctx: AppContext,
  adminId: string,
  input: DepositInput,
): Promise<DepositDto> {
  const reference = extractReference(input.reference);
  if (!reference) throw unknownReference();
  const bankId = normalizeBankTransactionId(input.bank_transaction_id);
  if (!bankId) throw badRequest('fillMandatory', { bank_transaction_id: 'fillMandatory' });
  if (!Number.isSafeInteger(input.amount_cents) || input.amount_cents <= 0)
    throw new AppError('invalidEuroAmount', 422, { fields: { amount: 'invalidEuroAmount' } });

  const result = await ctx.db.transaction(async (tx) => {
    const member = await repo.findMemberByReference(tx, reference);
    if (!member || member.deletedAt) throw unknownReference();
    return creditDeposit(ctx, tx, member, {
      amountCents: input.amount_cents,
      bankTransactionId: bankId,
      valueDate: input.value_date,
      payerName: input.payer_name ?? null,
      recordedBy: adminId,
    });
  });
  ctx.mail.nudge();
  return toDepositDto(result.row, result.member, result.recordedBy);
}

/**
 * The one deposit-credit path, in the caller's transaction: world:EUR -> the member's wallet, the
 * deposits row, the claim of the incoming id in bank_transactions, and the member's email. Used by
 * an admin's recording (above) and by a provider's pay-in (ADR 0039, `recordedBy` null). Throws
 * 409 depositAlreadyRecorded when the id was used before; 422 unknownDepositReference when the
 * account is deleted.
 */
export async function creditDeposit(
  ctx: AppContext,
  tx: Db,
  member: repo.MemberRow,
  input: {
    amountCents: number;
    bankTransactionId: string;
    valueDate: string;
    payerName: string | null;
    recordedBy: string | null;
  },
) {
  // Again under the user row's lock: an account deleted since it was read gets nothing.
  if (!(await lockLiveMember(tx, member.id))) throw unknownReference();
  if (await isBankTransactionUsed(tx, input.bankTransactionId)) throw alreadyRecorded();
  const { wallet, world } = await accounts(tx, member.id);
  const id = randomUUID();
  const transfer = await ledger.transfer(tx, {
    debitAccountId: world.id,
    creditAccountId: wallet.id,
    amount: input.amountCents,
    currency: 'EUR',
    kind: 'deposit',
    reference: id,
    ...(input.recordedBy ? { createdBy: input.recordedBy } : {}),
  });
  const row = await repo.insertDeposit(tx, {
    id,
    userId: member.id,
    amountCents: input.amountCents,
    bankTransactionId: input.bankTransactionId,
    valueDate: input.valueDate,
    payerName: input.payerName?.trim() || null,
    transferId: transfer.id,
    recordedBy: input.recordedBy,
  });
  if (!row) throw alreadyRecorded();
  // The one namespace of incoming bank ids: a pool payment with this id may have won the race.
  if (
    !(await claimBankTransaction(tx, {
      bankTransactionId: input.bankTransactionId,
      usedFor: 'deposit',
      depositId: row.id,
    }))
  )
    throw alreadyRecorded();
  // The member is notified in the app; the credit's own email goes by their preference (ADR 0037).
  await notifyMember(tx, ctx.config.publicUrl, {
    type: 'deposit_credited',
    userId: member.id,
    subjectId: row.id,
    data: { amount_cents: row.amountCents, currency: 'EUR' },
    mail: depositCreditedEmail(mailTarget(member), row.amountCents, ctx.config.publicUrl),
  });
  const recorder = input.recordedBy ? await repo.findMember(tx, input.recordedBy) : undefined;
  return { row, member, recordedBy: recorder?.username ?? null };
}
