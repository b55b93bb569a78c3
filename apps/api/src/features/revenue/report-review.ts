import type { RevenueReportDto } from '@indiesplit/shared/revenue';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { lockCampaign } from '../campaigns/state.ts';
import { type Actor, requireAdmin } from './policies.ts';
import { toDto } from './presenters/report.ts';
import * as repo from './repo.ts';
import { conflictWith, UUID } from './report-rules.ts';

// The back office's decision on a submitted report, shared by verifying and returning it.

export async function reviewTransition(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  seenUpdatedAt: string | undefined,
  change: (tx: Db, report: repo.ReportRow, campaign: repo.CampaignRow) => Promise<repo.ReportRow>,
): Promise<RevenueReportDto> {
  requireAdmin(actor);
  const found = UUID.test(reportId) ? await repo.findReport(ctx.db, reportId) : undefined;
  if (!found) throw notFound();
  const report = await ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, found.campaignId);
    if (!campaign) throw notFound();
    const current = await repo.findReport(tx, found.id, true);
    if (!current) throw notFound();
    if (current.status !== 'submitted') throw conflictWith('reportNotSubmitted');
    // The admin decides on what they saw: not on figures or a statement changed since.
    if (seenUpdatedAt !== undefined && current.updatedAt.toISOString() !== seenUpdatedAt) {
      throw conflictWith('reportChangedSinceViewed');
    }
    return change(tx, current, campaign);
  });
  return toDto(ctx.db, report);
}
