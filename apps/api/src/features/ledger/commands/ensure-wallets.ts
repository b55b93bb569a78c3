import type { Currency } from '@indiesplit/shared/wallet';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ownedAccountCodeSql } from '../account-code.ts';

/**
 * Creates, in one statement, the `currency` wallets of every user the query `userIds` names (one
 * column, `user_id`) that has none yet; existing wallets are left as they are. The set-based twin
 * of `ensureAccount` for a wallet, for statements that credit many members at once (`postBatch`).
 */
export async function ensureWallets(db: Db, currency: Currency, userIds: SQL): Promise<void> {
  const code = ownedAccountCodeSql('wallet', sql`u.user_id`, sql`${currency}`);
  await db.execute(sql`
    insert into ledger_accounts (code, kind, currency, user_id, may_go_negative)
    select ${code}, 'wallet', ${currency}, u.user_id, false
    from (${userIds}) u
    where not exists (select 1 from ledger_accounts x where x.code = ${code})
    on conflict (code) do nothing`);
}
