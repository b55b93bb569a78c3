import type { Language } from '@indiesplit/shared/messages';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Rule } from '../../../platform/rate-limit.ts';
import { findPublicCampaign } from '../queries/get-public-campaign.ts';
import * as repo from '../repo.ts';

const WATCH_PER_IP: Rule = { name: 'campaign-watch-ip', limit: 20, windowSeconds: 60 * 60 };

/**
 * "Notify me" on a scheduled campaign: the address is told once, when the campaign opens
 * (openCampaign). The same answer whether the address was already on the list, so the form tells
 * nobody who else is watching.
 */
export async function watchCampaign(
  ctx: AppContext,
  slug: string,
  email: string,
  lang: Language,
  ip: string,
): Promise<void> {
  await ctx.limiter.consume(WATCH_PER_IP, ip);
  const { campaign } = await findPublicCampaign(ctx.db, slug);
  if (campaign.status !== 'scheduled') throw new AppError('campaignNotUpcoming', 409);
  await repo.addWatcher(ctx.db, {
    campaignId: campaign.id,
    email: email.trim().toLowerCase(),
    language: lang,
  });
}
