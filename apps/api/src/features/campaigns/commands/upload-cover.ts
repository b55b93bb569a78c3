import { randomBytes } from 'node:crypto';
import type { BackofficeCampaignDetail } from '@indiesplit/shared/campaigns-backoffice';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { reencodeImage } from '../../../platform/images.ts';
import { getBackofficeCampaign } from '../queries/get-backoffice-campaign.ts';
import * as repo from '../repo.ts';
import { lockCampaign } from '../state.ts';
import { isUuid } from '../validation/ids.ts';

export const COVER_WIDTH = 1600;
export const COVER_HEIGHT = 900;

/**
 * As for avatars (see reencodeImage): a re-encoded 16:9 WebP is stored, so nothing of the original
 * file but its pixels is ever served.
 */
export function processCover(data: Buffer): Promise<Buffer> {
  return reencodeImage(data, { width: COVER_WIDTH, height: COVER_HEIGHT, quality: 82 });
}

/** Replaces a campaign's cover; the previous file is deleted once the new one is recorded. */
export async function uploadCover(
  ctx: AppContext,
  id: string,
  data: Buffer,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id) || !(await repo.findById(ctx.db, id))) throw notFound();
  const encoded = await processCover(data);
  const key = `covers/${randomBytes(16).toString('hex')}.webp`;
  await ctx.storage.put(key, encoded);
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (!row) throw notFound();
      previous = row.coverImage;
      await repo.updateCampaign(tx, id, { coverImage: key });
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  if (previous) await ctx.storage.delete(previous).catch(() => {});
  return getBackofficeCampaign(ctx, id);
}
