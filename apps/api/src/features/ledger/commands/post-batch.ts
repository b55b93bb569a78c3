import type { Currency } from '@indiesplit/shared/wallet';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ownedAccountCodeSql } from '../account-code.ts';

/**
 * Posts, in ONE statement, every transfer the query `transfers` yields, and changes the running
 * totals of the accounts they touch by their sums (each account's row updated once, whatever the
 * number of its transfers). For movements of thousands of rows at once (a revenue payout); one
 * transfer at a time goes through `transfer`.
 *
 * `transfers` yields one row per transfer, all in `currency`, with the columns:
 * - `debit_account_id` (uuid);
 * - `credit_account_id` (uuid), or null to credit the `currency` wallet of the user
 *   `credit_wallet_of` (uuid, null otherwise) — create missing wallets first with `ensureWallets`;
 * - `amount` (bigint, at least 1), `kind`, `reference` and `idempotency_key` (text).
 *
 * The database's checks are the rules here: a wallet that does not exist, an amount below 1, an
 * overdraft or a reused idempotency key fail the statement, and the caller's transaction with it.
 */
export async function postBatch(db: Db, currency: Currency, transfers: SQL): Promise<void> {
  const walletCode = ownedAccountCodeSql('wallet', sql`t.credit_wallet_of`, sql`${currency}`);
  await db.execute(sql`
    with moved as (
      insert into ledger_transfers
        (debit_account_id, credit_account_id, amount, currency, kind, phase, reference, idempotency_key)
      select t.debit_account_id, coalesce(t.credit_account_id, w.id), t.amount, ${currency}, t.kind,
             'single', t.reference, t.idempotency_key
      from (${transfers}) t
      left join ledger_accounts w on t.credit_wallet_of is not null and w.code = ${walletCode}
      returning debit_account_id, credit_account_id, amount
    ),
    legs as (
      select debit_account_id as account_id, amount as debits, 0::bigint as credits from moved
      union all
      select credit_account_id, 0::bigint, amount from moved
    ),
    sums as (
      select account_id, sum(debits)::bigint as debits, sum(credits)::bigint as credits
      from legs group by account_id
    )
    update ledger_accounts a
    set debits_posted = a.debits_posted + s.debits, credits_posted = a.credits_posted + s.credits
    from sums s
    where a.id = s.account_id`);
}
