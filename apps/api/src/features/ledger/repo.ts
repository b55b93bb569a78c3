import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema-ledger.ts';

// Queries of the ledger, nothing else. The rules (what may move, idempotency, errors) live in
// service.ts.

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type NewAccountRow = typeof ledgerAccounts.$inferInsert;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type NewTransferRow = typeof ledgerTransfers.$inferInsert;

export async function findAccountByCode(db: Db, code: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row;
}

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row;
}

/**
 * Inserts the account unless one with the same code exists; returns the one that exists. An account
 * is made once and read thousands of times, so it is looked up first: one query where it exists.
 */
export async function upsertAccount(db: Db, values: NewAccountRow): Promise<AccountRow> {
  const existing = await findAccountByCode(db, values.code);
  if (existing) return existing;
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing({ target: ledgerAccounts.code });
  const row = await findAccountByCode(db, values.code);
  if (!row) throw new Error(`ledger account ${values.code} vanished`);
  return row;
}

/**
 * Locks the accounts a transfer touches, always in id order: two transfers between the same pair
 * of accounts in opposite directions then wait for each other instead of deadlocking.
 */
export async function lockAccounts(db: Db, ids: string[]): Promise<AccountRow[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/**
 * Locks one account row FOR NO KEY UPDATE, like the row lock an UPDATE takes: it does not conflict
 * with the KEY SHARE locks that the foreign keys of concurrent inserts (transfers, investments)
 * take on the same row. Prepared: the first lock of a revocation.
 */
export async function holdAccount(db: Db, id: string): Promise<void> {
  await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, sql.placeholder('id')))
    .for('no key update')
    .prepare('ledger_hold_account')
    .execute({ id });
}

export interface TotalsChange {
  debitsPosted?: number;
  creditsPosted?: number;
  debitsPending?: number;
  creditsPending?: number;
}

export async function changeTotals(db: Db, id: string, change: TotalsChange): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({
      debitsPosted: sql`${ledgerAccounts.debitsPosted} + ${change.debitsPosted ?? 0}`,
      creditsPosted: sql`${ledgerAccounts.creditsPosted} + ${change.creditsPosted ?? 0}`,
      debitsPending: sql`${ledgerAccounts.debitsPending} + ${change.debitsPending ?? 0}`,
      creditsPending: sql`${ledgerAccounts.creditsPending} + ${change.creditsPending ?? 0}`,
    })
    .where(eq(ledgerAccounts.id, id));
}

/** Inserts a transfer; returns undefined when its idempotency key or settled pending id is taken. */
export async function insertTransfer(db: Db, values: NewTransferRow): Promise<TransferRow | undefined> {
  const [row] = await db.insert(ledgerTransfers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTransfer(db: Db, id: number): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row;
}

export async function findTransferByKey(db: Db, key: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
  return row;
}

export async function findSettlement(db: Db, pendingId: number): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pendingId));
  return row;
}

/** An account's transfers, newest first, `limit` at a time before the transfer id `before`. */
export async function listAccountTransfers(
  db: Db,
  accountId: string,
  options: { before?: number; limit: number },
): Promise<TransferRow[]> {
  return db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        sql`(${ledgerTransfers.debitAccountId} = ${accountId} or ${ledgerTransfers.creditAccountId} = ${accountId})`,
        options.before !== undefined ? lt(ledgerTransfers.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(ledgerTransfers.id))
    .limit(options.limit);
}

// ---- invariant checks (read-only, whole ledger) -------------------------------------------

/** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function currencyImbalances(db: Db) {
  return rowsOf<{ currency: string; posted: string; pending: string }>(
    db,
    sql`
    select currency,
           sum(credits_posted - debits_posted)::text as posted,
           sum(credits_pending - debits_pending)::text as pending
    from ledger_accounts
    group by currency
    having sum(credits_posted - debits_posted) <> 0 or sum(credits_pending - debits_pending) <> 0`,
  );
}

/** Accounts whose running totals differ from what their transfers add up to. */
export async function totalsMismatches(db: Db) {
  return rowsOf<{ code: string }>(
    db,
    sql`
    with legs as (
      select t.debit_account_id as account_id,
             case when t.phase in ('single', 'post') then t.amount else 0 end as debit_posted,
             0::bigint as credit_posted,
             case when t.phase = 'pending' and s.id is null then t.amount else 0 end as debit_pending,
             0::bigint as credit_pending
      from ledger_transfers t
      left join ledger_transfers s on s.pending_id = t.id
      where t.phase <> 'void'
      union all
      select t.credit_account_id,
             0,
             case when t.phase in ('single', 'post') then t.amount else 0 end,
             0,
             case when t.phase = 'pending' and s.id is null then t.amount else 0 end
      from ledger_transfers t
      left join ledger_transfers s on s.pending_id = t.id
      where t.phase <> 'void'
    ),
    sums as (
      select account_id,
             sum(debit_posted) as dp, sum(credit_posted) as cp,
             sum(debit_pending) as dq, sum(credit_pending) as cq
      from legs group by account_id
    )
    select a.code
    from ledger_accounts a
    left join sums s on s.account_id = a.id
    where a.debits_posted <> coalesce(s.dp, 0) or a.credits_posted <> coalesce(s.cp, 0)
       or a.debits_pending <> coalesce(s.dq, 0) or a.credits_pending <> coalesce(s.cq, 0)`,
  );
}

export async function overdrawnAccounts(db: Db) {
  return rowsOf<{ code: string }>(
    db,
    sql`
    select code from ledger_accounts
    where not may_go_negative and debits_posted + debits_pending > credits_posted`,
  );
}

/**
 * Real-money accounts of deleted members that still hold or expect anything. Nobody can withdraw
 * from them, so any such balance is money stranded by a bug: it belongs in suspense (ADR 0014),
 * which is no member's account and so is never listed here. Virtual (DEMO) money is left out: the
 * demo wallet of a deleted account is worth nothing and is not drained at deletion.
 */
export async function deletedAccountBalances(db: Db) {
  return rowsOf<{ code: string; posted: string; pending_in: string; reserved_out: string }>(
    db,
    sql`
    select a.code, (a.credits_posted - a.debits_posted)::text as posted,
           a.credits_pending::text as pending_in, a.debits_pending::text as reserved_out
    from ledger_accounts a
    join users u on u.id = a.user_id
    where u.deleted_at is not null and a.currency <> 'DEMO' and a.kind <> 'suspense'
      and (a.credits_posted <> a.debits_posted or a.credits_pending <> 0 or a.debits_pending <> 0)
    order by a.code`,
  );
}

/** Settlements that do not repeat their pending transfer's accounts, amount and currency. */
export async function badSettlements(db: Db) {
  return rowsOf<{ id: string }>(
    db,
    sql`
    select s.id::text as id
    from ledger_transfers s
    join ledger_transfers p on p.id = s.pending_id
    where p.phase <> 'pending' or s.debit_account_id <> p.debit_account_id
       or s.credit_account_id <> p.credit_account_id or s.amount <> p.amount or s.currency <> p.currency`,
  );
}
