import type { Db } from '../../../db/client.ts';
import { preparedRaw } from '../../../db/prepared-raw.ts';

// Voiding a pending transfer in one prepared statement (ADR 0022): the void transfer naming it and
// both accounts' pending totals lowered, exactly as `settle(…, 'void')` does, without its separate
// reads. For callers that already hold the locks of the accounts involved or of what the
// reservation belongs to (a revocation holds the investor's wallet, the campaign and the
// investment).

const VOID_PENDING_SQL = `
  with p as (
    select id, debit_account_id, credit_account_id, amount, currency, kind, reference
    from ledger_transfers
    where id = $1::bigint and phase = 'pending'
  ), v as (
    insert into ledger_transfers (debit_account_id, credit_account_id, amount, currency, kind, phase,
      pending_id, reference, created_by)
    select debit_account_id, credit_account_id, amount, currency, kind, 'void', id, reference, $2::uuid
    from p
    on conflict do nothing
    returning id, debit_account_id, credit_account_id, amount
  ), d as (
    update ledger_accounts a set debits_pending = a.debits_pending - v.amount
    from v where a.id = v.debit_account_id
    returning a.id
  ), c as (
    update ledger_accounts a set credits_pending = a.credits_pending - v.amount
    from v where a.id = v.credit_account_id
    returning a.id
  )
  select v.id::text as void_id,
    (select count(*) from d)::int + (select count(*) from c)::int as accounts
  from v`;

/**
 * Voids the pending transfer `pendingId`: its money is available again at once. Returns the void
 * transfer's id, or undefined when there is nothing to void — no such pending transfer, or it is
 * already settled (voided or posted: the unique index on `pending_id` lets a pending transfer be
 * settled once). Nothing is written then, so voiding twice changes nothing.
 */
export async function voidPending(
  db: Db,
  v: { pendingId: number; createdBy: string | null },
): Promise<number | undefined> {
  const [row] = await preparedRaw<{ void_id: string; accounts: number }>(
    db,
    'ledger_void_pending',
    VOID_PENDING_SQL,
    ['pending', 'createdBy'],
  )({ pending: v.pendingId, createdBy: v.createdBy });
  if (!row) return undefined;
  if (Number(row.accounts) !== 2)
    throw new Error(`void of transfer ${v.pendingId} did not find its accounts`);
  return Number(row.void_id);
}
