import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { type Actor, actorOf, requireDeveloperOrAdmin } from './policies.ts';
import * as repo from './repo.ts';
import { UUID } from './report-rules.ts';

// The campaign or report a caller asks for, refused (404, 403) unless they may act on it
// (policies.ts: its developer, or an admin acting for them).

export async function campaignFor(
  ctx: AppContext,
  actor: Actor,
  campaignId: string,
): Promise<repo.CampaignRow> {
  const campaign = UUID.test(campaignId) ? await repo.findCampaign(ctx.db, campaignId) : undefined;
  if (!campaign) throw notFound();
  requireDeveloperOrAdmin(actor, campaign);
  return campaign;
}

export async function reportFor(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
): Promise<{ report: repo.ReportRow; campaign: repo.CampaignRow }> {
  const report = UUID.test(reportId) ? await repo.findReport(ctx.db, reportId) : undefined;
  if (!report) throw notFound();
  const campaign = await repo.findCampaign(ctx.db, report.campaignId);
  if (!campaign) throw notFound();
  requireDeveloperOrAdmin(actor, campaign);
  return { report, campaign };
}

/** For the routes: refuses a caller who may not file for the campaign before the body is read. */
export async function checkCampaignAccess(
  ctx: AppContext,
  userId: string,
  campaignId: string,
): Promise<void> {
  await campaignFor(ctx, await actorOf(ctx, userId), campaignId);
}

/** For the routes: refuses a caller who may not see or change the report before the body is read. */
export async function checkReportAccess(ctx: AppContext, userId: string, reportId: string): Promise<void> {
  await reportFor(ctx, await actorOf(ctx, userId), reportId);
}
