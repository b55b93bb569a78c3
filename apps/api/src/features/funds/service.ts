import { randomInt, randomUUID } from 'node:crypto';
import { readCsv } from '@indiesplit/shared/csv';
import {
  type BackofficeWithdrawalDto,
  DEPOSIT_CSV_COLUMNS,
  DEPOSIT_CSV_MAX_ROWS,
  type DepositDto,
  type DepositImportResponse,
  type DepositImportRow,
  type DepositInstructionsDto,
  extractReference,
  isOpenWithdrawal,
  MAX_OPEN_WITHDRAWALS,
  maskIban,
  normalizeBankTransactionId,
  normalizeIban,
  REFERENCE_ALPHABET,
  WITHDRAWAL_STATUSES,
  type WithdrawalDto,
  type WithdrawalStatus,
} from '@indiesplit/shared/funds';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import * as ledger from '../ledger/service.ts';
import { staffRoleOf } from '../review/service.ts';
import { claimBankTransaction, isBankTransactionUsed } from './bank-transactions.ts';
import { csvAmountToCents, csvDate } from './csv.ts';
import {
  depositCreditedEmail,
  type FundsMailTarget,
  withdrawalPaidEmail,
  withdrawalRejectedEmail,
  withdrawalRequestedEmail,
} from './emails.ts';
import * as repo from './repo.ts';

// Real euros in and out of wallets (ADR 0013). Deposits arrive by bank transfer carrying the
// member's personal reference and are recorded by an admin (by hand or from the bank's CSV);
// withdrawals reserve the money at once; an admin starts paying them (from then on the member can
// no longer cancel), then records them paid (posted) or rejects them (voided).
// Every movement goes through the ledger with kind 'deposit' or 'withdrawal', in the same
// transaction as the row that says what it was, so the two can never disagree.

import { lockLiveMember } from './holdings.ts';

export { assertHoldsNoMoney } from './holdings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Admin only: staff without the role get 403 adminOnly, members 403 staffOnly. */
export async function requireAdmin(ctx: AppContext, userId: string): Promise<void> {
  const role = await staffRoleOf(ctx.db, userId);
  if (!role) throw forbidden('staffOnly');
  if (role !== 'admin') throw forbidden('adminOnly');
}

const accounts = async (db: Db, userId: string) => ({
  wallet: await ledger.ensureAccount(db, { kind: 'wallet', currency: 'EUR', userId }),
  world: await ledger.ensureAccount(db, { kind: 'world', currency: 'EUR' }),
});

function mailTarget(member: repo.MemberRow): FundsMailTarget {
  return {
    to: member.email,
    userId: member.id,
    language: member.language === 'it' ? 'it' : 'en',
    username: member.username,
  };
}

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

// ---- deposits ----------------------------------------------------------------------------------

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
    // Again under the user row's lock: an account deleted since the read above gets nothing.
    if (!(await lockLiveMember(tx, member.id))) throw unknownReference();
    if (await isBankTransactionUsed(tx, bankId)) throw alreadyRecorded();
    const { wallet, world } = await accounts(tx, member.id);
    const id = randomUUID();
    const transfer = await ledger.transfer(tx, {
      debitAccountId: world.id,
      creditAccountId: wallet.id,
      amount: input.amount_cents,
      currency: 'EUR',
      kind: 'deposit',
      reference: id,
      createdBy: adminId,
    });
    const row = await repo.insertDeposit(tx, {
      id,
      userId: member.id,
      amountCents: input.amount_cents,
      bankTransactionId: bankId,
      valueDate: input.value_date,
      payerName: input.payer_name?.trim() || null,
      transferId: transfer.id,
      recordedBy: adminId,
    });
    if (!row) throw alreadyRecorded();
    // The one namespace of incoming bank ids: a pool payment with this id may have won the race.
    if (
      !(await claimBankTransaction(tx, { bankTransactionId: bankId, usedFor: 'deposit', depositId: row.id }))
    )
      throw alreadyRecorded();
    await enqueueMail(tx, depositCreditedEmail(mailTarget(member), row.amountCents, ctx.config.publicUrl));
    const recorder = await repo.findMember(tx, adminId);
    return { row, member, recordedBy: recorder?.username ?? null };
  });
  ctx.mail.nudge();
  return toDepositDto(result.row, result.member, result.recordedBy);
}

function toDepositDto(
  row: repo.DepositRow,
  member: { id: string; username: string; email: string },
  recordedBy: string | null,
): DepositDto {
  return {
    id: row.id,
    member: { id: member.id, username: member.username, email: member.email },
    amount_cents: row.amountCents,
    bank_transaction_id: row.bankTransactionId,
    value_date: row.valueDate,
    payer_name: row.payerName,
    recorded_by: recordedBy,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listDeposits(ctx: AppContext): Promise<DepositDto[]> {
  const rows = await repo.listDeposits(ctx.db);
  return rows.map((r) => toDepositDto(r.deposit, r.member, r.recordedBy));
}

const invalidCsv = () => badRequest('invalidDepositCsv', { csv: 'invalidDepositCsv' });

/**
 * Records every row of the bank's CSV export on its own: each credited row is its own transaction,
 * and a bad row (duplicate, unknown reference, bad amount or date) is reported with its line
 * number and never stops the others. Importing the same file twice credits nothing the second time.
 */
export async function importDeposits(
  ctx: AppContext,
  adminId: string,
  csv: string,
): Promise<DepositImportResponse> {
  const reading = readCsv(csv);
  if (!reading.ok)
    throw new AppError('csvLineUnreadable', 400, {
      params: { line: reading.line },
      fields: { csv: 'csvLineUnreadable' },
    });
  const [header, ...records] = reading.records;
  if (!header) throw invalidCsv();
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const column = Object.fromEntries(DEPOSIT_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof DEPOSIT_CSV_COLUMNS)[number],
    number
  >;
  if (Object.values(column).some((i) => i < 0) || records.length > DEPOSIT_CSV_MAX_ROWS) throw invalidCsv();

  const rows: DepositImportRow[] = [];
  let creditedCents = 0;
  for (const record of records) {
    const cell = (name: keyof typeof column) => (record.fields[column[name]] ?? '').trim();
    const bankId = normalizeBankTransactionId(cell('bank_transaction_id')) || null;
    const reference = extractReference(cell('reference'));
    const amount = csvAmountToCents(cell('amount'));
    const date = csvDate(cell('date'));
    const report = (result: DepositImportRow['result'], username: string | null = null) =>
      rows.push({
        row: record.line,
        result,
        bank_transaction_id: bankId,
        reference: reference ?? (cell('reference') || null),
        amount_cents: typeof amount === 'number' ? amount : null,
        username,
      });
    if (!bankId || !date) {
      report('invalid_row');
      continue;
    }
    if (typeof amount !== 'number') {
      report(amount === 'ambiguous' ? 'ambiguous_amount' : 'invalid_amount');
      continue;
    }
    if (!reference) {
      report('unknown_reference');
      continue;
    }
    try {
      const deposit = await recordDeposit(ctx, adminId, {
        reference,
        amount_cents: amount,
        bank_transaction_id: bankId,
        value_date: date,
        payer_name: cell('payer'),
      });
      creditedCents += deposit.amount_cents;
      report('credited', deposit.member.username);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'depositAlreadyRecorded') report('duplicate');
      else if (err.code === 'unknownDepositReference') report('unknown_reference');
      else throw err;
    }
  }
  const credited = rows.filter((r) => r.result === 'credited').length;
  return { rows, credited, credited_cents: creditedCents, skipped: rows.length - credited };
}

// ---- withdrawals -------------------------------------------------------------------------------

export interface WithdrawalInput {
  amount_cents: number;
  /** Validated and normalised by the route's schema (ibanSchema). */
  iban: string;
  account_holder: string;
}

const statusOf = (value: string): WithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly string[]).includes(value) ? (value as WithdrawalStatus) : 'requested';

function toWithdrawalDto(row: repo.WithdrawalRow): WithdrawalDto {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    iban: row.iban,
    account_holder: row.accountHolder,
    status: statusOf(row.status),
    bank_reference: row.bankReference,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
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
  const row = await ctx.db.transaction(async (tx) => {
    const member = await repo.findMember(tx, userId);
    if (!member || member.deletedAt) throw notFound();
    // Money leaves only for an address we know reaches the member, who is told of every request.
    if (!member.emailVerifiedAt) throw forbidden('emailNotVerifiedToWithdraw');
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
  return toWithdrawalDto(row);
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

export async function listMyWithdrawals(ctx: AppContext, userId: string): Promise<WithdrawalDto[]> {
  return (await repo.listWithdrawalsOf(ctx.db, userId)).map(toWithdrawalDto);
}

/**
 * Closes an open request exactly once: the row is locked and must still be open ('requested', or
 * 'processing' for an admin's paid or reject), the reservation is settled (post: paid; void:
 * rejected or cancelled) and the row updated, all in one transaction. A second attempt finds it
 * closed: 409 withdrawalNotOpen, nothing moves. The member cannot cancel once an admin has started
 * paying it: 409 withdrawalBeingPaid.
 */
async function closeWithdrawal(
  ctx: AppContext,
  id: string,
  how: { status: 'paid' | 'rejected' | 'cancelled'; actorId: string; ownerId?: string },
  extra: { bankReference?: string; note?: string },
  mail?: (member: repo.MemberRow, row: repo.WithdrawalRow) => ReturnType<typeof withdrawalPaidEmail>,
): Promise<repo.WithdrawalRow> {
  if (!UUID.test(id)) throw notFound();
  const row = await ctx.db.transaction(async (tx) => {
    const open = await repo.lockWithdrawal(tx, id, how.ownerId);
    if (!open) throw notFound();
    const status = statusOf(open.status);
    if (!isOpenWithdrawal(status)) throw new AppError('withdrawalNotOpen', 409);
    if (how.status === 'cancelled' && status !== 'requested') throw new AppError('withdrawalBeingPaid', 409);
    const settled = await ledger.settle(tx, open.reserveTransferId, how.status === 'paid' ? 'post' : 'void', {
      createdBy: how.actorId,
    });
    const closed = await repo.closeWithdrawal(tx, id, {
      status: how.status,
      settleTransferId: settled.id,
      decidedBy: how.actorId,
      ...extra,
    });
    if (!closed) throw new AppError('withdrawalNotOpen', 409);
    if (mail) {
      const member = await repo.findMember(tx, closed.userId);
      if (member && !member.deletedAt) await enqueueMail(tx, mail(member, closed));
    }
    return closed;
  });
  if (mail) ctx.mail.nudge();
  return row;
}

export async function cancelWithdrawal(ctx: AppContext, userId: string, id: string): Promise<WithdrawalDto> {
  return toWithdrawalDto(
    await closeWithdrawal(ctx, id, { status: 'cancelled', actorId: userId, ownerId: userId }, {}),
  );
}

async function withMember(ctx: AppContext, row: repo.WithdrawalRow): Promise<BackofficeWithdrawalDto> {
  const [member, starter] = await Promise.all([
    repo.findMember(ctx.db, row.userId),
    row.startedBy ? repo.findMember(ctx.db, row.startedBy) : undefined,
  ]);
  return {
    ...toWithdrawalDto(row),
    member: { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' },
    started_by: starter?.username ?? null,
  };
}

/**
 * An admin starts paying a request, before sending the bank transfer: under the row's lock it moves
 * from 'requested' to 'processing', so the member can no longer cancel money that is on its way.
 * Nothing moves in the ledger: the reservation stays pending until it is paid or rejected.
 * The admin and the time are recorded. Started already: 409 withdrawalPaymentStarted; closed: 409
 * withdrawalNotOpen.
 */
export async function startWithdrawalPayment(
  ctx: AppContext,
  adminId: string,
  id: string,
): Promise<BackofficeWithdrawalDto> {
  if (!UUID.test(id)) throw notFound();
  const row = await ctx.db.transaction(async (tx) => {
    const open = await repo.lockWithdrawal(tx, id);
    if (!open) throw notFound();
    if (open.status === 'processing') throw new AppError('withdrawalPaymentStarted', 409);
    if (open.status !== 'requested') throw new AppError('withdrawalNotOpen', 409);
    const started = await repo.startWithdrawalPayment(tx, id, adminId);
    if (!started) throw new AppError('withdrawalNotOpen', 409);
    return started;
  });
  return withMember(ctx, row);
}

/** Records that the bank transfer to the member was made: the reservation is posted. */
export async function markWithdrawalPaid(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: { bank_reference: string },
): Promise<BackofficeWithdrawalDto> {
  const bankReference = input.bank_reference.trim();
  const row = await closeWithdrawal(
    ctx,
    id,
    { status: 'paid', actorId: adminId },
    { bankReference },
    (member, w) =>
      withdrawalPaidEmail(
        mailTarget(member),
        { amountCents: w.amountCents, maskedIban: maskIban(w.iban), bankReference },
        ctx.config.publicUrl,
      ),
  );
  return withMember(ctx, row);
}

/** Refuses the request: the reservation is voided, the money is available again. */
export async function rejectWithdrawal(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: { note: string },
): Promise<BackofficeWithdrawalDto> {
  const note = input.note.trim();
  const row = await closeWithdrawal(
    ctx,
    id,
    { status: 'rejected', actorId: adminId },
    { note },
    (member, w) =>
      withdrawalRejectedEmail(mailTarget(member), { amountCents: w.amountCents, note }, ctx.config.publicUrl),
  );
  return withMember(ctx, row);
}

export async function listWithdrawals(
  ctx: AppContext,
  status?: WithdrawalStatus,
): Promise<BackofficeWithdrawalDto[]> {
  const rows = await repo.listWithdrawals(ctx.db, status);
  return rows.map((r) => ({ ...toWithdrawalDto(r.withdrawal), member: r.member, started_by: r.startedBy }));
}
