import { randomUUID } from 'node:crypto';
import type { MessageKey } from '@indiesplit/shared/messages';
import {
  type DeveloperCampaignDto,
  isPeriodStart,
  netOf,
  periodEndOf,
  REVENUE_STORES,
  type ReportStatus,
  type ReturnReportRequest,
  type RevenueLineInput,
  type RevenueReportDto,
  type RevenueReportInput,
  reportDueOn,
  STATEMENT_TYPES,
  termEndsOn,
  type VerifyReportRequest,
} from '@indiesplit/shared/revenue';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { lockCampaign } from '../campaigns/state.ts';
import { type Actor, actorOf, requireAdmin, requireDeveloperOrAdmin } from './policies.ts';
import { createDistribution, toDistributionDto } from './pool.ts';
import * as repo from './reports-repo.ts';

// Revenue reports (ADR 0014): the campaign's developer, or an admin acting for them, files a
// report of a month's or quarter's sales; an admin verifies it (which creates its distribution)
// or sends it back with a comment. Every rule about who may do what, and what a report may say,
// is here; the routes only read the request.

/** Campaigns whose developer sees them under "My campaigns". */
const DEVELOPER_STATUSES = ['funded', 'services_active', 'launched', 'completed'] as const;
/** Reports may be filed for these. */
const REPORTING_STATUSES: readonly string[] = ['launched', 'completed'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

const unprocessable = (code: MessageKey, field: string) =>
  new AppError(code, 422, { fields: { [field]: code } });
const conflictWith = (code: MessageKey, field?: string) =>
  new AppError(code, 409, field ? { fields: { [field]: code } } : {});

async function campaignFor(ctx: AppContext, actor: Actor, campaignId: string): Promise<repo.CampaignRow> {
  const campaign = UUID.test(campaignId) ? await repo.findCampaign(ctx.db, campaignId) : undefined;
  if (!campaign) throw notFound();
  requireDeveloperOrAdmin(actor, campaign);
  return campaign;
}

async function reportFor(
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

// ---- presenters ----------------------------------------------------------------------------------

const storeOrder = (store: string) => REVENUE_STORES.indexOf(store as RevenueLineInput['store']);

async function toDtos(db: Db, reports: repo.ReportRow[]): Promise<RevenueReportDto[]> {
  const ids = reports.map((r) => r.id);
  const [lines, distributions, refs] = await Promise.all([
    repo.linesOf(db, ids),
    repo.distributionsOf(db, ids),
    repo.campaignRefs(
      db,
      reports.map((r) => r.campaignId),
    ),
  ]);
  return reports.map((r) => {
    const campaign = refs.get(r.campaignId) ?? { id: r.campaignId, slug: null, title: '' };
    const distribution = distributions.get(r.id);
    return {
      id: r.id,
      campaign,
      kind: r.kind === 'adjustment' ? 'adjustment' : 'regular',
      adjusts_report_id: r.adjustsReportId,
      period_kind: r.periodKind === 'quarter' ? 'quarter' : 'month',
      period_start: r.periodStart,
      period_end: r.periodEnd,
      currency: r.currency === 'DEMO' ? 'DEMO' : 'EUR',
      status: r.status as ReportStatus,
      review_comment: r.reviewComment,
      gross_cents: r.grossCents,
      store_fees_cents: r.storeFeesCents,
      refunds_cents: r.refundsCents,
      taxes_cents: r.taxesCents,
      net_cents: r.netCents,
      lines: (lines.get(r.id) ?? [])
        .sort((a, b) => storeOrder(a.store) - storeOrder(b.store))
        .map((l) => ({
          store: l.store as RevenueLineInput['store'],
          gross_cents: l.grossCents,
          store_fees_cents: l.storeFeesCents,
          refunds_cents: l.refundsCents,
          taxes_cents: l.taxesCents,
        })),
      statement_name: r.statementName,
      generated: r.generated,
      submitted_at: r.submittedAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      verified_at: r.verifiedAt ? r.verifiedAt.toISOString() : null,
      distribution:
        r.status === 'verified' && distribution ? toDistributionDto(distribution, campaign) : null,
    };
  });
}

async function toDto(db: Db, report: repo.ReportRow): Promise<RevenueReportDto> {
  const [dto] = await toDtos(db, [report]);
  if (!dto) throw new Error('report presenter returned nothing');
  return dto;
}

/** The earliest month of the term whose report is due and not covered by a live regular report. */
export function reportDue(
  launchedOn: string,
  termEnd: string,
  reports: Array<Pick<repo.ReportRow, 'kind' | 'status' | 'periodStart' | 'periodEnd'>>,
  today: string,
): DeveloperCampaignDto['report_due'] {
  const covering = reports.filter((r) => r.kind === 'regular' && r.status !== 'returned');
  let start = `${launchedOn.slice(0, 7)}-01`;
  while (start <= termEnd) {
    const end = periodEndOf('month', start);
    const dueOn = reportDueOn(end);
    if (dueOn > today) return null;
    if (!covering.some((r) => r.periodStart <= start && r.periodEnd >= end)) {
      return { period_start: start, period_end: end, due_on: dueOn };
    }
    const [y, m] = start.split('-').map(Number) as [number, number];
    start = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return null;
}

function toCampaignDto(c: repo.CampaignRow, reports: repo.ReportRow[], today: string): DeveloperCampaignDto {
  const termEnd = c.launchedOn ? termEndsOn(c.launchedOn, c.termMonths) : null;
  const launched = REPORTING_STATUSES.includes(c.status) && c.launchedOn !== null;
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    status: c.status,
    currency: c.currency === 'DEMO' ? 'DEMO' : 'EUR',
    revenue_share_bps: c.revenueShareBps,
    platform_share_bps: c.platformShareBps,
    term_months: c.termMonths,
    launched_on: c.launchedOn,
    term_ends_on: termEnd,
    report_due: launched && c.launchedOn && termEnd ? reportDue(c.launchedOn, termEnd, reports, today) : null,
    can_report: launched && c.launchedOn !== null && c.launchedOn <= today,
  };
}

// ---- reading -------------------------------------------------------------------------------------

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

export async function getReport(ctx: AppContext, userId: string, reportId: string) {
  const { report } = await reportFor(ctx, await actorOf(ctx, userId), reportId);
  return toDto(ctx.db, report);
}

export async function listForBackoffice(ctx: AppContext, actor: Actor, status: ReportStatus | undefined) {
  requireAdmin(actor);
  return toDtos(ctx.db, await repo.reportsByStatus(ctx.db, status));
}

// ---- filing and editing --------------------------------------------------------------------------

interface Checked {
  periodKind: 'month' | 'quarter';
  periodStart: string;
  periodEnd: string;
  totals: { gross_cents: number; store_fees_cents: number; refunds_cents: number; taxes_cents: number };
  lines: RevenueLineInput[];
}

/** The rules that need no other report: the period, the term, the lines. */
function checkPeriodAndLines(
  campaign: repo.CampaignRow,
  kind: 'regular' | 'adjustment',
  input: Pick<RevenueReportInput, 'period_kind' | 'period_start' | 'lines'>,
  today: string,
): Checked {
  if (!REPORTING_STATUSES.includes(campaign.status) || !campaign.launchedOn) {
    throw conflictWith('campaignNotLaunched');
  }
  if (!isPeriodStart(input.period_kind, input.period_start)) {
    throw unprocessable('reportPeriodInvalid', 'period_start');
  }
  const periodEnd = periodEndOf(input.period_kind, input.period_start);
  const termEnd = termEndsOn(campaign.launchedOn, campaign.termMonths);
  if (input.period_start > termEnd || periodEnd < campaign.launchedOn) {
    throw unprocessable('reportOutsideTerm', 'period_start');
  }
  // Real money is reported once the period is over; the demo's fast clock files ahead of time.
  if (campaign.currency === 'EUR' && periodEnd >= today) {
    throw unprocessable('reportPeriodNotOver', 'period_start');
  }
  const stores = new Set(input.lines.map((l) => l.store));
  if (stores.size !== input.lines.length) throw unprocessable('reportDuplicateStore', 'lines');
  if (
    kind === 'regular' &&
    input.lines.some(
      (l) => l.gross_cents < 0 || l.store_fees_cents < 0 || l.refunds_cents < 0 || l.taxes_cents < 0,
    )
  ) {
    throw unprocessable('reportNegativeAmount', 'lines');
  }
  const sum = (pick: (l: RevenueLineInput) => number) => input.lines.reduce((a, l) => a + pick(l), 0);
  return {
    periodKind: input.period_kind,
    periodStart: input.period_start,
    periodEnd,
    totals: {
      gross_cents: sum((l) => l.gross_cents),
      store_fees_cents: sum((l) => l.store_fees_cents),
      refunds_cents: sum((l) => l.refunds_cents),
      taxes_cents: sum((l) => l.taxes_cents),
    },
    lines: input.lines,
  };
}

/** The adjusted report: a verified regular report of the same campaign, whose period is taken. */
async function adjustmentTarget(
  tx: Db,
  campaignId: string,
  targetId: string | null | undefined,
  input: Pick<RevenueReportInput, 'period_kind' | 'period_start'>,
): Promise<repo.ReportRow> {
  const target = targetId && UUID.test(targetId) ? await repo.findReport(tx, targetId) : undefined;
  if (
    !target ||
    target.campaignId !== campaignId ||
    target.kind !== 'regular' ||
    target.status !== 'verified' ||
    target.periodKind !== input.period_kind ||
    target.periodStart !== input.period_start
  ) {
    throw unprocessable('adjustmentTargetInvalid', 'adjusts_report_id');
  }
  return target;
}

const figureColumns = (c: Checked) => ({
  periodKind: c.periodKind,
  periodStart: c.periodStart,
  periodEnd: c.periodEnd,
  grossCents: c.totals.gross_cents,
  storeFeesCents: c.totals.store_fees_cents,
  refundsCents: c.totals.refunds_cents,
  taxesCents: c.totals.taxes_cents,
  netCents: netOf(c.totals),
});

const lineColumns = (lines: RevenueLineInput[]) =>
  lines.map((l) => ({
    store: l.store,
    grossCents: l.gross_cents,
    storeFeesCents: l.store_fees_cents,
    refundsCents: l.refunds_cents,
    taxesCents: l.taxes_cents,
  }));

/** A regular report must not share a day with another regular report (checked under the campaign's lock). */
async function refuseOverlap(tx: Db, campaignId: string, c: Checked, exceptId: string | null) {
  const others = await repo.overlappingRegular(tx, campaignId, c.periodStart, c.periodEnd, exceptId);
  if (others.length > 0) throw conflictWith('reportOverlaps', 'period_start');
}

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

// ---- the statement file --------------------------------------------------------------------------

type StatementType = (typeof STATEMENT_TYPES)[number];

const EXTENSIONS: Record<StatementType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'text/csv': 'csv',
};

const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

/** The file's type from its content, never from the name or the type the browser claims. */
export function sniffStatement(data: Buffer): StatementType | null {
  if (data.length === 0) return null;
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (data.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'text/csv';
  } catch {
    return null;
  }
}

/** A safe download name: the original's letters, digits, dots, dashes and underscores, with the right extension. */
export function statementFileName(original: string | null | undefined, type: StatementType): string {
  const ext = EXTENSIONS[type];
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  if (name === '') name = 'statement';
  const lower = name.toLowerCase();
  const fits = lower.endsWith(`.${ext}`) || (type === 'image/jpeg' && lower.endsWith('.jpeg'));
  return fits ? name : `${name}.${ext}`;
}

export interface StatementUpload {
  data: Buffer;
  fileName: string | undefined;
}

export async function uploadStatement(
  ctx: AppContext,
  userId: string,
  reportId: string,
  read: () => Promise<StatementUpload>,
): Promise<RevenueReportDto> {
  const actor = await actorOf(ctx, userId);
  const { report: found } = await reportFor(ctx, actor, reportId);
  if (found.status === 'verified') throw conflictWith('reportLocked');
  const upload = await read();
  const type = sniffStatement(upload.data);
  if (!type) throw unprocessable('statementTypeInvalid', 'statement');
  const key = `revenue-statements/${randomUUID()}.${EXTENSIONS[type]}`;
  await ctx.storage.put(key, upload.data);
  let saved: { report: repo.ReportRow; previousKey: string | null };
  try {
    saved = await ctx.db.transaction(async (tx) => {
      const current = await repo.findReport(tx, found.id, true);
      if (!current) throw notFound();
      if (current.status === 'verified') throw conflictWith('reportLocked');
      const report = await repo.updateReport(tx, current.id, {
        statementKey: key,
        statementName: statementFileName(upload.fileName, type),
        statementType: type,
      });
      return { report, previousKey: current.statementKey };
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  // Only once the new file is recorded: a failed replacement keeps the old one.
  if (saved.previousKey) {
    await ctx.storage
      .delete(saved.previousKey)
      .catch((err) => ctx.log.warn({ err }, 'old statement not deleted'));
  }
  return toDto(ctx.db, saved.report);
}

export async function downloadStatement(
  ctx: AppContext,
  userId: string,
  reportId: string,
): Promise<{ data: Buffer; fileName: string; type: string }> {
  const { report } = await reportFor(ctx, await actorOf(ctx, userId), reportId);
  if (!report.statementKey || !report.statementType) throw notFound();
  const data = await ctx.storage.get(report.statementKey);
  if (!data) throw notFound();
  const type = (STATEMENT_TYPES as readonly string[]).includes(report.statementType)
    ? (report.statementType as StatementType)
    : null;
  if (!type) throw notFound();
  return { data, fileName: statementFileName(report.statementName, type), type };
}

// ---- the back office -----------------------------------------------------------------------------

async function reviewTransition(
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

/** Verifies a submitted report and creates its distribution, in one transaction under the campaign's lock. */
export function verifyReport(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  body: VerifyReportRequest = {},
  now = new Date(),
) {
  return reviewTransition(ctx, actor, reportId, body.updated_at, async (tx, report, campaign) => {
    const verified = await repo.updateReport(tx, report.id, {
      status: 'verified',
      verifiedBy: actor.id,
      verifiedAt: now,
      reviewComment: null,
    });
    await createDistribution(tx, campaign, verified, now);
    return verified;
  });
}

/** Sends a submitted report back to the developer with what to change. */
export function returnReport(ctx: AppContext, actor: Actor, reportId: string, body: ReturnReportRequest) {
  const comment = body.comment.trim();
  if (comment === '')
    throw new AppError('reviewCommentRequired', 400, { fields: { comment: 'reviewCommentRequired' } });
  return reviewTransition(ctx, actor, reportId, body.updated_at, (tx, report) =>
    repo.updateReport(tx, report.id, { status: 'returned', reviewComment: comment }),
  );
}
