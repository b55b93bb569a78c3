import type { Currency } from '@indiesplit/shared/wallet';
import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';

export interface ReservedInvestment {
  id: string;
  campaignId: string;
  investorId: string;
  amountCents: number;
  currency: Currency;
  /** The pending ledger transfer wallet -> escrow the caller made in the same transaction. */
  reserveTransferId: number;
  reflectionEndsAt: Date;
  acknowledgedAt: Date;
  createdAt?: Date;
}

/**
 * Records an investment whose money the caller has already reserved in the ledger, without the
 * investor-facing rules of `invest`: for the platform's own commitments (the demo rounds' bot, the
 * development showcase). The caller updates the campaign's totals in the same transaction.
 */
export function recordReservedInvestment(tx: Db, v: ReservedInvestment): Promise<void> {
  return repo.insertInvestment(tx, { ...v, status: 'reserved' });
}
