import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';

/**
 * Records the settlement of a reserved investment (the settlement worker posts or voids its
 * reservation in the ledger, in the same transaction): its final state, the settling transfer and
 * when. Guarded by `status = 'reserved'`: false, and nothing written, when it was not reserved any
 * more.
 */
export function markInvestmentSettled(
  tx: Db,
  investmentId: string,
  status: 'posted' | 'refunded',
  settleTransferId: number,
  now: Date,
): Promise<boolean> {
  return repo.markSettled(tx, investmentId, status, settleTransferId, now);
}
