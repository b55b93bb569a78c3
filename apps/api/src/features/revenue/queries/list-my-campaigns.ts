import type { AppContext } from '../../../platform/context.ts';
import { toCampaignDto } from '../presenters/developer-campaign.ts';
import * as repo from '../repo.ts';
import { DEVELOPER_STATUSES, todayUtc } from '../report-rules.ts';

export async function listMyCampaigns(ctx: AppContext, userId: string, now = new Date()) {
  const rows = await repo.developerCampaigns(ctx.db, userId, DEVELOPER_STATUSES);
  const reports = await repo.reportsOfCampaigns(
    ctx.db,
    rows.map((c) => c.id),
  );
  const today = todayUtc(now);
  return rows.map((c) =>
    toCampaignDto(
      c,
      reports.filter((r) => r.campaignId === c.id),
      today,
    ),
  );
}
