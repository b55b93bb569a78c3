import type { BackofficeCampaignDetail, CampaignEditRequest } from '@indiesplit/shared/campaigns-backoffice';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, conflict, notFound } from '../../../platform/errors.ts';
import { getBackofficeCampaign } from '../queries/get-backoffice-campaign.ts';
import * as repo from '../repo.ts';
import { lockCampaign } from '../state.ts';
import { editValues } from '../validation/editor.ts';
import { isUuid } from '../validation/ids.ts';
import { recordKeyInformationVersion } from './key-information-version.ts';

const isSlugClash = (err: unknown) =>
  (err as { code?: string; constraint?: string; cause?: { constraint?: string } })?.code === '23505' ||
  /campaigns_slug_key/.test(String((err as { cause?: unknown })?.cause ?? err));

/** The back office's edit of texts and terms (validation/editor.ts says what may change when). */
export async function updateCampaign(
  ctx: AppContext,
  id: string,
  input: CampaignEditRequest,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id)) throw notFound();
  let versioned = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (!row) throw notFound();
      const values = await editValues(tx, row, input, new Date());
      if (Object.keys(values).length > 0) {
        await repo.updateCampaign(tx, id, values);
        // Once published, an edit that changes the key information sheet makes a new version.
        if (row.status !== 'draft' && row.status !== 'cancelled')
          versioned = (await recordKeyInformationVersion(ctx, tx, id)) !== null;
      }
    });
  } catch (err) {
    // Two admins giving two campaigns the same address at the same moment: the index decides.
    if (!(err instanceof AppError) && isSlugClash(err)) throw conflict('slugTaken', 'slug');
    throw err;
  }
  // A material change may have queued emails to the investors.
  if (versioned) ctx.mail.nudge();
  return getBackofficeCampaign(ctx, id);
}
