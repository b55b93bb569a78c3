import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import * as ledger from '../ledger/service.ts';
import * as repo from './repo.ts';

// Whether a member still holds real money with us. An account that does cannot be erased or
// deleted: the euros are theirs and must be paid out first, and the ledger keeps its accounts
// (ledger_accounts.user_id is ON DELETE RESTRICT). Kept apart from service.ts so the users feature
// can ask without importing what the funds feature itself imports.

// Lock order between closing an account and crediting it: the user row first, then ledger rows
// (which lock among themselves in id order, ADR 0009). The deletion takes the user row FOR NO KEY
// UPDATE (it rewrites the row but never its id); a credit takes it FOR SHARE, so credits to one
// member do not queue behind each other, and neither conflicts with the KEY SHARE locks that
// foreign keys of concurrent inserts take. Whichever commits first wins; the other sees its result.

/**
 * Locks the member's row against a concurrent deletion and tells whether the account is still
 * open. Every credit of real money to a member's wallet calls it inside its transaction, before
 * touching the wallet, and refuses when it answers false.
 */
export async function lockLiveMember(db: Db, userId: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select deleted_at from users where id = ${userId} for share`,
  )) as unknown as { rows: Array<{ deleted_at: unknown }> };
  const [row] = result.rows;
  return row !== undefined && row.deleted_at === null;
}

/**
 * Refuses (409 accountHoldsMoney) while the member has euros in the wallet (posted or reserved), an
 * open withdrawal, or an investment still reserved. Call it first inside the deleting transaction:
 * it locks the user row (whether or not a wallet exists) and then the EUR wallet row, so a deposit
 * recorded at the same moment either commits first (and this refuses) or waits and then finds the
 * account deleted.
 */
export async function assertHoldsNoMoney(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for no key update`);
  const wallet = await ledger.findWallet(db, userId, 'EUR');
  if (wallet) {
    const balance = ledger.balanceOf(await ledger.lockAccount(db, wallet.id));
    if (balance.posted !== 0 || balance.reservedOut !== 0 || balance.pendingIn !== 0)
      throw new AppError('accountHoldsMoney', 409);
  }
  if ((await repo.countOpenWithdrawals(db, userId)) > 0) throw new AppError('accountHoldsMoney', 409);
  if ((await repo.countReservedInvestments(db, userId)) > 0) throw new AppError('accountHoldsMoney', 409);
}
