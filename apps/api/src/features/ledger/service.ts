import { CURRENCIES, type Currency } from '@indiesplit/shared/wallet';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type AccountSpec, accountCode, accountCodeOf } from './account-code.ts';

export { WORLD_SHARDS, worldShardOf } from './account-code.ts';

/** The code of a campaign's escrow account (other features look it up by this). */
export const escrowAccountCode = accountCodeOf.escrow;

import type { AccountRow, TransferRow } from './repo.ts';
import * as repo from './repo.ts';

// The ledger's rules (ADR 0009). Every function takes a database executor and runs inside its own
// transaction — a savepoint when the caller already holds one — so a refused movement leaves the
// caller's transaction usable and a half-made movement never exists. The set-based and hot-path
// operations (reserveOut, voidPending, ensureWallets, postBatch, postSingleSteps) are in commands/,
// one per file; account codes are named by account-code.ts. No other feature writes the ledger's tables (ADR 0022).

/** An account as the ledger stores it (with its running totals). */
export type Account = AccountRow;
/** A transfer as the ledger stores it. */
export type Transfer = TransferRow;

/** The one account for `spec`, created on first use. */
export async function ensureAccount(db: Db, spec: AccountSpec): Promise<AccountRow> {
  return repo.upsertAccount(db, {
    code: accountCode(spec),
    kind: spec.kind,
    currency: spec.currency,
    userId: spec.userId ?? null,
    campaignId: spec.campaignId ?? null,
    // Money from outside (deposits) and virtual money are issued by these two: their balance is
    // the negative of everything they have put in.
    mayGoNegative: spec.kind === 'world' || spec.kind === 'demo_mint',
  });
}

export interface Balance {
  /** Settled money: credits posted minus debits posted. */
  posted: number;
  /** Reserved by pending transfers out of the account. */
  reservedOut: number;
  /** Announced by pending transfers into the account (not spendable yet). */
  pendingIn: number;
  /** What can be spent now: posted minus reserved. */
  available: number;
}

export function balanceOf(account: AccountRow): Balance {
  const posted = account.creditsPosted - account.debitsPosted;
  return {
    posted,
    reservedOut: account.debitsPending,
    pendingIn: account.creditsPending,
    available: posted - account.debitsPending,
  };
}

export interface TransferInput {
  debitAccountId: string;
  creditAccountId: string;
  /** Integer cents, at least 1. */
  amount: number;
  currency: Currency;
  kind: string;
  reference?: string;
  idempotencyKey?: string;
  createdBy?: string;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('amountMustBePositive', 422);
}

/** Whether a stored transfer is the one the caller describes (for idempotent retries). */
function sameTransfer(row: TransferRow, input: TransferInput, phase: 'single' | 'pending'): boolean {
  return (
    row.phase === phase &&
    row.debitAccountId === input.debitAccountId &&
    row.creditAccountId === input.creditAccountId &&
    row.amount === input.amount &&
    row.currency === input.currency &&
    row.kind === input.kind &&
    (row.reference ?? undefined) === input.reference
  );
}

function replay(existing: TransferRow, input: TransferInput, phase: 'single' | 'pending'): TransferRow {
  if (!sameTransfer(existing, input, phase)) throw new AppError('idempotencyKeyReused', 422);
  return existing;
}

const isCheckViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23514' || e?.cause?.code === '23514';
};

async function move(db: Db, input: TransferInput, phase: 'single' | 'pending'): Promise<TransferRow> {
  assertAmount(input.amount);
  if (!(CURRENCIES as readonly string[]).includes(input.currency))
    throw new AppError('currencyMismatch', 422);
  if (input.debitAccountId === input.creditAccountId) throw new AppError('invalidRequest', 422);
  try {
    return await db.transaction(async (tx) => {
      const accounts = await repo.lockAccounts(tx, [input.debitAccountId, input.creditAccountId]);
      const debit = accounts.find((a) => a.id === input.debitAccountId);
      const credit = accounts.find((a) => a.id === input.creditAccountId);
      if (!debit || !credit) throw new AppError('notFound', 404);
      if (input.idempotencyKey) {
        // Checked once the locks are held: a request with the same key that committed while we
        // waited is seen here, and answered with its transfer.
        const existing = await repo.findTransferByKey(tx, input.idempotencyKey);
        if (existing) return replay(existing, input, phase);
      }
      if (debit.currency !== input.currency || credit.currency !== input.currency)
        throw new AppError('currencyMismatch', 422);
      if (!debit.mayGoNegative && balanceOf(debit).available < input.amount)
        throw new AppError('insufficientFunds', 409);

      const row = await repo.insertTransfer(tx, {
        debitAccountId: input.debitAccountId,
        creditAccountId: input.creditAccountId,
        amount: input.amount,
        currency: input.currency,
        kind: input.kind,
        phase,
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        createdBy: input.createdBy ?? null,
      });
      if (!row) {
        // Another request with the same key committed first (we waited for it on the unique
        // index): answer with its transfer.
        const existing = input.idempotencyKey
          ? await repo.findTransferByKey(tx, input.idempotencyKey)
          : undefined;
        if (!existing) throw new Error('transfer insert conflicted without an idempotency key');
        return replay(existing, input, phase);
      }
      if (phase === 'single') {
        await repo.changeTotals(tx, debit.id, { debitsPosted: input.amount });
        await repo.changeTotals(tx, credit.id, { creditsPosted: input.amount });
      } else {
        await repo.changeTotals(tx, debit.id, { debitsPending: input.amount });
        await repo.changeTotals(tx, credit.id, { creditsPending: input.amount });
      }
      return row;
    });
  } catch (err) {
    // The database's own overdraft check: the last word if a rule above were ever wrong.
    if (isCheckViolation(err)) throw new AppError('insufficientFunds', 409);
    throw err;
  }
}

/** Moves money at once. */
export function transfer(db: Db, input: TransferInput): Promise<TransferRow> {
  return move(db, input, 'single');
}

/** Reserves money: it leaves the debit account's available balance now, and moves on `post`. */
export function reserve(db: Db, input: TransferInput): Promise<TransferRow> {
  return move(db, input, 'pending');
}

export type Settlement = 'post' | 'void';

/**
 * Posts (moves) or voids (releases) a pending transfer. Settling twice the same way returns the
 * first settlement, so a job that dies half-way can simply run again; settling the other way is
 * refused.
 */
export async function settle(
  db: Db,
  pendingId: number,
  how: Settlement,
  options: { createdBy?: string; kind?: string } = {},
): Promise<TransferRow> {
  return db.transaction(async (tx) => {
    const pending = await repo.findTransfer(tx, pendingId);
    if (pending?.phase !== 'pending') throw new AppError('notFound', 404);
    await repo.lockAccounts(tx, [pending.debitAccountId, pending.creditAccountId]);
    const earlier = await repo.findSettlement(tx, pendingId);
    if (earlier) {
      if (earlier.phase !== how) throw new AppError('transferAlreadySettled', 409);
      return earlier;
    }
    const row = await repo.insertTransfer(tx, {
      debitAccountId: pending.debitAccountId,
      creditAccountId: pending.creditAccountId,
      amount: pending.amount,
      currency: pending.currency,
      kind: options.kind ?? pending.kind,
      phase: how,
      pendingId,
      reference: pending.reference,
      createdBy: options.createdBy ?? null,
    });
    if (!row) throw new AppError('transferAlreadySettled', 409);
    const a = pending.amount;
    if (how === 'post') {
      await repo.changeTotals(tx, pending.debitAccountId, { debitsPending: -a, debitsPosted: a });
      await repo.changeTotals(tx, pending.creditAccountId, { creditsPending: -a, creditsPosted: a });
    } else {
      await repo.changeTotals(tx, pending.debitAccountId, { debitsPending: -a });
      await repo.changeTotals(tx, pending.creditAccountId, { creditsPending: -a });
    }
    return row;
  });
}

/** The member's wallet in `currency`, or undefined when it was never opened. */
export function findWallet(db: Db, userId: string, currency: Currency): Promise<Account | undefined> {
  return repo.findAccountByCode(db, accountCodeOf.wallet(userId, currency));
}

/** The account named `code` (see account-code.ts), or undefined when it was never opened. */
export function findAccountByCode(db: Db, code: string): Promise<Account | undefined> {
  return repo.findAccountByCode(db, code);
}

export function findAccount(db: Db, id: string): Promise<Account | undefined> {
  return repo.findAccount(db, id);
}

/**
 * Locks an account's row (FOR UPDATE) and returns it as it is now: the caller reads a balance that
 * cannot change before its transaction ends (a reset of the demo wallet, an account's closing).
 */
export async function lockAccount(db: Db, id: string): Promise<Account> {
  const [row] = await repo.lockAccounts(db, [id]);
  if (!row) throw new AppError('notFound', 404);
  return row;
}

/**
 * Locks an account's row until the transaction ends without reading it, as an UPDATE would lock it
 * (FOR NO KEY UPDATE): to queue the caller behind every movement of the account, e.g. the
 * investor's wallet as the first lock of a revocation.
 */
export function holdAccount(db: Db, id: string): Promise<void> {
  return repo.holdAccount(db, id);
}

/** An account's transfers, newest first, `limit` at a time before the transfer id `before`. */
export function listTransfers(
  db: Db,
  accountId: string,
  options: { before?: number; limit: number },
): Promise<Transfer[]> {
  return repo.listAccountTransfers(db, accountId, options);
}

/**
 * A wallet's movements of its available balance, newest first, each with the balance after it
 * (queries/wallet-movements.ts), and the reservations that make up its reserved balance.
 */
export {
  type OpenReservation,
  openReservations,
  type ReservationState,
  type WalletMovement,
  walletMovements,
} from './queries/wallet-movements.ts';

export async function getBalance(db: Db, accountId: string): Promise<Balance> {
  const account = await repo.findAccount(db, accountId);
  if (!account) throw new AppError('notFound', 404);
  return balanceOf(account);
}

export interface InvariantReport {
  ok: boolean;
  violations: string[];
}

/**
 * The ledger's invariants, recomputed from the transfers: each currency sums to zero; each
 * account's running totals equal its transfers; no account that must not go negative is below
 * zero; each settlement repeats its pending transfer; no deleted account holds real money. Run by tests after every step and by the
 * back office on demand.
 */
export async function checkLedgerInvariants(db: Db): Promise<InvariantReport> {
  const violations: string[] = [];
  for (const r of await repo.currencyImbalances(db))
    violations.push(`${r.currency} does not balance: posted ${r.posted}, pending ${r.pending}`);
  for (const r of await repo.totalsMismatches(db))
    violations.push(`${r.code}: running totals differ from its transfers`);
  for (const r of await repo.overdrawnAccounts(db)) violations.push(`${r.code} is overdrawn`);
  for (const r of await repo.badSettlements(db))
    violations.push(`transfer ${r.id} does not match the pending transfer it settles`);
  for (const r of await repo.deletedAccountBalances(db))
    violations.push(
      `${r.code} belongs to a deleted account but holds ${r.posted} posted, ${r.pending_in} pending in and ${r.reserved_out} reserved out`,
    );
  return { ok: violations.length === 0, violations };
}
