import type { BackofficeCampaignDetail, CampaignEditRequest } from '@indiesplit/shared/campaigns';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, conflict, notFound } from '../../../platform/errors.ts';
import { getBackofficeCampaign } from '../queries/get-backoffice-campaign.ts';
import * as repo from '../repo.ts';
import { lockCampaign } from '../state.ts';
import { editValues } from '../validation/editor.ts';
import { isUuid } from '../validation/ids.ts';

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
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (!row) throw notFound();
      const values = await editValues(tx, row, input, new Date());
      if (Object.keys(values).length > 0) await repo.updateCampaign(tx, id, values);
    });
  } catch (err) {
    // Two admins giving two campaigns the same address at the same moment: the index decides.
    if (!(err instanceof AppError) && isSlugClash(err)) throw conflict('slugTaken', 'slug');
    throw err;
  }
  return getBackofficeCampaign(ctx, id);
}
