import type { RevenueReportDto, RevenueReportInput } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { lockCampaign } from '../../campaigns/state.ts';
import { actorOf } from '../policies.ts';
import { toDto } from '../presenters/report.ts';
import * as repo from '../repo.ts';
import { campaignFor } from '../report-access.ts';
import {
  adjustmentTarget,
  checkPeriodAndLines,
  figureColumns,
  lineColumns,
  refuseOverlap,
} from '../report-checks.ts';
import { todayUtc, unprocessable } from '../report-rules.ts';

export async function fileReport(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  input: RevenueReportInput,
  now = new Date(),
): Promise<RevenueReportDto> {
  const actor = await actorOf(ctx, userId);
  await campaignFor(ctx, actor, campaignId);
  const kind = input.kind;
  if (kind === 'regular' && input.adjusts_report_id) {
    throw unprocessable('adjustmentTargetInvalid', 'adjusts_report_id');
  }
  const report = await ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (!campaign) throw notFound();
    const checked = checkPeriodAndLines(campaign, kind, input, todayUtc(now));
    let adjusts: string | null = null;
    if (kind === 'adjustment') {
      adjusts = (await adjustmentTarget(tx, campaign.id, input.adjusts_report_id, input)).id;
    } else {
      await refuseOverlap(tx, campaign.id, checked, null);
    }
    const row = await repo.insertReport(tx, {
      campaignId: campaign.id,
      kind,
      adjustsReportId: adjusts,
      currency: campaign.currency,
      ...figureColumns(checked),
      status: 'submitted',
      submittedBy: actor.id,
      submittedAt: now,
    });
    await repo.replaceLines(tx, row.id, lineColumns(checked.lines));
    return row;
  });
  return toDto(ctx.db, report);
}
