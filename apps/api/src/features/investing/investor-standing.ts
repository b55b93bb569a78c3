import type { Currency } from '@indiesplit/shared/wallet';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { readStanding } from './profile-repo.ts';

// The investor's standing as the invest rules need it (ADR 0033), beside the hot path's own read:
// real euros need a tax residence on record (asked once; the demo never asks), and an approval to
// be treated as sophisticated counts only until it ends, even before the expiry job has run.

export async function investorStanding(
  db: Db,
  userId: string,
  currency: Currency,
  now: Date,
): Promise<{ sophisticated: boolean }> {
  const row = await readStanding(db, userId);
  if (currency === 'EUR' && !row?.taxCountry)
    throw new AppError('taxResidenceRequired', 409, { fields: { tax_residence: 'taxResidenceRequired' } });
  const sophisticated =
    row?.investorClass === 'sophisticated' && row.validUntil !== null && row.validUntil > now;
  return { sophisticated };
}
