import type { AppContext } from '../../../platform/context.ts';
import { actorOf } from '../policies.ts';
import { toCampaignDto } from '../presenters/developer-campaign.ts';
import { toDtos } from '../presenters/report.ts';
import * as repo from '../repo.ts';
import { campaignFor } from '../report-access.ts';
import { todayUtc } from '../report-rules.ts';

export async function listCampaignReports(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  now = new Date(),
) {
  const campaign = await campaignFor(ctx, await actorOf(ctx, userId), campaignId);
  const reports = await repo.reportsOfCampaigns(ctx.db, [campaign.id]);
  return {
    campaign: toCampaignDto(campaign, reports, todayUtc(now)),
    reports: await toDtos(ctx.db, reports),
  };
}
