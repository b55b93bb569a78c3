import type { InvestorProfileDto, TaxResidenceRequest } from '@indiesplit/shared/investing';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { getProfile } from '../profile.ts';
import * as profileRepo from '../profile-repo.ts';

type Parsed = z.output<typeof TaxResidenceRequest>;

/** Records (or corrects) the investor's tax residence: asked once, editable in the profile. */
export async function saveTaxResidence(
  ctx: AppContext,
  userId: string,
  body: Parsed,
): Promise<InvestorProfileDto> {
  await profileRepo.upsertProfile(ctx.db, userId, {
    taxResidenceCountry: body.country,
    taxId: body.tax_id,
    taxResidenceAt: new Date(),
  });
  return getProfile(ctx, userId);
}
