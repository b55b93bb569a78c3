import { randomUUID } from 'node:crypto';
import {
  type HolderAddress,
  MAX_OPEN_WITHDRAWALS,
  maskIban,
  normalizeIban,
  type WithdrawalDto,
} from '@indiesplit/shared/funds';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../../platform/errors.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { assertIdentityVerified } from '../../identity/service.ts';
import * as ledger from '../../ledger/service.ts';
import { withAccountConfirmation } from '../account-confirmation.ts';
import { accounts, mailTarget } from '../common.ts';
import { withdrawalRequestedEmail } from '../emails.ts';
import * as repo from '../repo.ts';

export interface WithdrawalInput {
  amount_cents: number;
  /** Validated and normalised by the route's schema (ibanSchema). */
  iban: string;
  account_holder: string;
  /** Required where a payment provider pays withdrawals: its bank accounts need the address. */
  holder_address?: HolderAddress | undefined;
}

/**
 * Reserves the amount at once (pending wallet -> world:EUR, kind 'withdrawal'): it leaves the
 * available balance, so two requests racing for the same money cannot both succeed (the ledger
 * locks the wallet row; the second finds too little and gets 409 insufficientFunds).
 */
export async function requestWithdrawal(
  ctx: AppContext,
  userId: string,
  input: WithdrawalInput,
  /** Runs in the request's transaction, e.g. to tell the member's address of a new IBAN (ADR 0015). */
  alsoInTransaction?: (tx: Db, row: repo.WithdrawalRow) => Promise<void>,
): Promise<WithdrawalDto> {
  if (!Number.isSafeInteger(input.amount_cents) || input.amount_cents <= 0)
    throw new AppError('invalidEuroAmount', 422, { fields: { amount: 'invalidEuroAmount' } });
  // Paid by the provider (ADR 0039): its job picks the request up once the member has confirmed
  // the bank account with the provider (the payments feature's confirm-account).
  const byProvider = ctx.config.payments.mode !== 'manual';
  const row = await ctx.db.transaction(async (tx) => {
    const member = await repo.findMember(tx, userId);
    if (!member || member.deletedAt) throw notFound();
    // Money leaves only for an address we know reaches the member, who is told of every request.
    if (!member.emailVerifiedAt) throw forbidden('emailNotVerifiedToWithdraw');
    // Where a payment provider holds the money, its identity check comes first (ADR 0039).
    await assertIdentityVerified(ctx, tx, userId);
    if (byProvider && !input.holder_address)
      throw new AppError('holderAddressRequired', 422, {
        fields: { holder_address: 'holderAddressRequired' },
      });
    const { wallet, world } = await accounts(tx, userId);
    const id = randomUUID();
    // The reservation locks the wallet row, so two requests of one member queue here and the count
    // below sees the other's row once it has committed.
    const pending = await ledger.reserve(tx, {
      debitAccountId: wallet.id,
      creditAccountId: world.id,
      amount: input.amount_cents,
      currency: 'EUR',
      kind: 'withdrawal',
      reference: id,
      createdBy: userId,
    });
    const inserted = await repo.insertWithdrawal(tx, {
      id,
      userId,
      amountCents: input.amount_cents,
      iban: normalizeIban(input.iban),
      accountHolder: input.account_holder.trim(),
      reserveTransferId: pending.id,
      holderAddress: byProvider ? (input.holder_address ?? null) : null,
    });
    if ((await repo.countOpenWithdrawals(tx, userId)) > MAX_OPEN_WITHDRAWALS) {
      throw new AppError('tooManyOpenWithdrawals', 409);
    }
    if (alsoInTransaction) await alsoInTransaction(tx, inserted);
    await enqueueMail(
      tx,
      withdrawalRequestedEmail(
        mailTarget(member),
        { amountCents: inserted.amountCents, maskedIban: maskIban(inserted.iban) },
        ctx.config.publicUrl,
      ),
    );
    return inserted;
  });
  // Paid by the provider: the answer says whether the account still needs the member's confirmation.
  const [dto] = await withAccountConfirmation(ctx, [row]);
  if (!dto) throw new Error('withdrawal not presented');
  return dto;
}
