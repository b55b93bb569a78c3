import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { staffRoleOf } from '../review/service.ts';
import * as repo from './repo.ts';
import { UUID } from './report-rules.ts';

// Who may act on a campaign's revenue reports: its developer, or an admin acting for them.

export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** The caller, with whether they are an admin now (a role taken away applies at once). */
export async function actorOf(ctx: AppContext, userId: string): Promise<Actor> {
  return { id: userId, isAdmin: (await staffRoleOf(ctx.db, userId)) === 'admin' };
}

export function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw forbidden('adminOnly');
}

function requireDeveloperOrAdmin(actor: Actor, campaign: repo.CampaignRow): void {
  if (campaign.developerId !== actor.id && !actor.isAdmin) throw forbidden('notCampaignDeveloper');
}

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
