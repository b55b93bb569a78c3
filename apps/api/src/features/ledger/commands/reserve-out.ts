import type { Db } from '../../../db/client.ts';
import { preparedRaw } from '../../../db/prepared-raw.ts';

// A reservation made in two halves, for the hot path of investing (ADR 0011, ADR 0022): the debit
// half (`reserveOut`: the debit account's reserved total and the pending transfer) under the debit
// account's lock only, and the credit half (`announcePendingCreditSql`: the credit account's
// announced total) in the caller's last statement, so that a credit account every caller shares
// (a popular campaign's escrow) is locked for one statement and the commit only. Together, in one
// transaction, they write exactly the rows `reserve` writes; the ledger's invariants check it.

const RESERVE_OUT_SQL = `
  with w as (
    update ledger_accounts
    set debits_pending = debits_pending + $3::bigint
    where id = $1::uuid and currency = $4::text
      and (may_go_negative or credits_posted - debits_posted - debits_pending >= $3::bigint)
    returning id
  ), t as (
    insert into ledger_transfers (debit_account_id, credit_account_id, amount, currency, kind, phase,
      created_by)
    select w.id, $2::uuid, $3::bigint, $4::text, $5::text, 'pending', $6::uuid from w
    returning id
  )
  select t.id::text as transfer_id from t`;

export interface ReserveOutInput {
  debitAccountId: string;
  creditAccountId: string;
  /** Integer cents, at least 1 (the database refuses less). */
  amount: number;
  currency: string;
  kind: string;
  createdBy: string | null;
}

/**
 * The debit half of a reservation, in one prepared statement: locks the debit account's row by
 * raising its reserved total, only if its available balance covers the amount (re-checked on the
 * latest row once the lock is held), and inserts the pending transfer. Returns the pending
 * transfer's id, or undefined when the balance does not cover the amount (nothing was written).
 * The same transaction must then raise the credit account's announced total with
 * `announcePendingCreditSql`.
 */
export async function reserveOut(db: Db, v: ReserveOutInput): Promise<number | undefined> {
  const [row] = await preparedRaw<{ transfer_id: string }>(db, 'ledger_reserve_out', RESERVE_OUT_SQL, [
    'debit',
    'credit',
    'amount',
    'currency',
    'kind',
    'createdBy',
  ])({
    debit: v.debitAccountId,
    credit: v.creditAccountId,
    amount: v.amount,
    currency: v.currency,
    kind: v.kind,
    createdBy: v.createdBy,
  });
  return row ? Number(row.transfer_id) : undefined;
}

/**
 * The credit half of a reservation made by `reserveOut`, as one data-modifying step (the body of a
 * `WITH name AS (…)`) for the caller's own statement: raises the credit account's announced total
 * by the amount, once for each row of the step `after` (so not at all when `after` is empty). Its
 * arguments are the SQL of the parameters that hold the account id, the amount, and the name of
 * the preceding step. Returns the account's id, so the caller can check that exactly one row moved.
 */
export function announcePendingCreditSql(p: { accountId: string; amount: string; after: string }): string {
  return `update ledger_accounts a
    set credits_pending = a.credits_pending + ${p.amount}
    from ${p.after}
    where a.id = ${p.accountId}
    returning a.id`;
}
