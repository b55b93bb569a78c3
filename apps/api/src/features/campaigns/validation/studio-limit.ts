import { STUDIO_RAISE_LIMIT_CENTS } from '@indiesplit/shared/campaigns-backoffice';
import { centsToEuroString } from '@indiesplit/shared/money';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { raisedOnPlatform } from '../conflicts-repo.ts';
import type { CampaignRow } from '../repo.ts';

// The per-studio limit (ECSP Art 1(2)(c), ADR 0031): an offer above 5,000,000 EUR in 12 months, across
// platforms, is outside the Regulation. A campaign's cap is what it may raise, so the cap, what the
// same studio raises on IndieSplit in those months and what it declares it raised elsewhere must
// stay within the limit. Demo campaigns move no money and are never refused.

/**
 * Refuses (400 studioLimitExceeded on `field`, with the amount still allowed) a campaign whose cap
 * would take its studio past the limit.
 */
export async function assertWithinStudioLimit(
  tx: Db,
  row: CampaignRow,
  now: Date,
  field: 'max' | 'studio_raised_elsewhere',
): Promise<void> {
  if (row.currency !== 'EUR' || row.maxCents === null) return;
  const onPlatform = await raisedOnPlatform(tx, row, now);
  const room = STUDIO_RAISE_LIMIT_CENTS - onPlatform - row.studioRaisedElsewhereCents;
  if (row.maxCents <= room) return;
  throw new AppError('studioLimitExceeded', 400, {
    params: { amount: `${centsToEuroString(Math.max(0, room))} EUR` },
    fields: { [field]: 'studioLimitExceeded' },
  });
}
