import type { RevenueReportDto, RevenueReportInput } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { lockCampaign } from '../../campaigns/state.ts';
import { actorOf } from '../policies.ts';
import { toDto } from '../presenters/report.ts';
import * as repo from '../repo.ts';
import { reportFor } from '../report-access.ts';
import {
  adjustmentTarget,
  checkPeriodAndLines,
  figureColumns,
  lineColumns,
  refuseOverlap,
} from '../report-checks.ts';
import { conflictWith, todayUtc } from '../report-rules.ts';

/** Edits a submitted or returned report; it keeps its kind and adjusted report and waits for review again. */
export async function editReport(
  ctx: AppContext,
  userId: string,
  reportId: string,
  input: RevenueReportInput,
  now = new Date(),
): Promise<RevenueReportDto> {
  const actor = await actorOf(ctx, userId);
  const { report: found } = await reportFor(ctx, actor, reportId);
  const report = await ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, found.campaignId);
    if (!campaign) throw notFound();
    const current = await repo.findReport(tx, found.id, true);
    if (!current) throw notFound();
    if (current.status === 'verified') throw conflictWith('reportLocked');
    const kind = current.kind === 'adjustment' ? 'adjustment' : 'regular';
    const checked = checkPeriodAndLines(campaign, kind, input, todayUtc(now));
    if (kind === 'adjustment') {
      await adjustmentTarget(tx, campaign.id, current.adjustsReportId, input);
    } else {
      await refuseOverlap(tx, campaign.id, checked, current.id);
    }
    const row = await repo.updateReport(tx, current.id, {
      ...figureColumns(checked),
      status: 'submitted',
      reviewComment: null,
      submittedBy: actor.id,
      submittedAt: now,
    });
    await repo.replaceLines(tx, row.id, lineColumns(checked.lines));
    return row;
  });
  return toDto(ctx.db, report);
}
