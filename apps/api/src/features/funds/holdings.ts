import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import * as ledgerRepo from '../ledger/repo.ts';
import * as ledger from '../ledger/service.ts';
import * as repo from './repo.ts';

// Whether a member still holds real money with us. An account that does cannot be erased or
// deleted: the euros are theirs and must be paid out first, and the ledger keeps its accounts
// (ledger_accounts.user_id is ON DELETE RESTRICT). Kept apart from service.ts so the users feature
// can ask without importing what the funds feature itself imports.

/**
 * Refuses (409 accountHoldsMoney) while the member has euros in the wallet (posted or reserved), an
 * open withdrawal, or an investment still reserved. Call it inside the deleting transaction: the
 * EUR wallet row is locked, so a deposit recorded at the same moment waits for the answer.
 */
export async function assertHoldsNoMoney(db: Db, userId: string): Promise<void> {
  const wallet = await ledgerRepo.findAccountByCode(
    db,
    ledger.accountCode({ kind: 'wallet', currency: 'EUR', userId }),
  );
  if (wallet) {
    const [locked] = await ledgerRepo.lockAccounts(db, [wallet.id]);
    const balance = ledger.balanceOf(locked ?? wallet);
    if (balance.posted !== 0 || balance.reservedOut !== 0 || balance.pendingIn !== 0)
      throw new AppError('accountHoldsMoney', 409);
  }
  if ((await repo.countOpenWithdrawals(db, userId)) > 0) throw new AppError('accountHoldsMoney', 409);
  if ((await repo.countReservedInvestments(db, userId)) > 0) throw new AppError('accountHoldsMoney', 409);
}
