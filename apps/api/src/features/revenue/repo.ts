import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import type { ReportStatus } from '@indiesplit/shared/revenue';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { revenueDistributions, revenueReportLines, revenueReports } from '../../db/schema-revenue.ts';

// Queries of revenue reports and their lines, nothing else; the rules live in the commands and queries.

export type ReportRow = typeof revenueReports.$inferSelect;
export type ReportValues = typeof revenueReports.$inferInsert;
export type LineRow = typeof revenueReportLines.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type DistributionRow = typeof revenueDistributions.$inferSelect;
export type CampaignRef = { id: string; slug: string | null; title: string };

const LIST_LIMIT = 500;

export async function findCampaign(db: Db, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function campaignRefs(db: Db, ids: string[]): Promise<Map<string, CampaignRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title })
    .from(campaigns)
    .where(inArray(campaigns.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function developerCampaigns(db: Db, developerId: string, statuses: readonly CampaignStatus[]) {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.developerId, developerId), inArray(campaigns.status, [...statuses])))
    .orderBy(desc(campaigns.createdAt));
}

export async function findReport(db: Db, id: string, lock = false): Promise<ReportRow | undefined> {
  const query = db.select().from(revenueReports).where(eq(revenueReports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function reportsOfCampaigns(db: Db, campaignIds: string[]): Promise<ReportRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(revenueReports)
    .where(inArray(revenueReports.campaignId, campaignIds))
    .orderBy(desc(revenueReports.periodStart), asc(revenueReports.submittedAt));
}

/** The back office's list; demo reports only when asked, and then after every real one. */
export async function reportsByStatus(
  db: Db,
  status: ReportStatus | undefined,
  includeDemo = false,
): Promise<ReportRow[]> {
  return db
    .select()
    .from(revenueReports)
    .where(
      and(
        status ? eq(revenueReports.status, status) : undefined,
        includeDemo ? undefined : ne(revenueReports.currency, 'DEMO'),
      ),
    )
    .orderBy(
      sql`${revenueReports.currency} = 'DEMO'`,
      desc(revenueReports.submittedAt),
      desc(revenueReports.id),
    )
    .limit(LIST_LIMIT);
}

/** Regular reports of the campaign whose period shares at least one day with [start, end]. */
export async function overlappingRegular(
  db: Db,
  campaignId: string,
  start: string,
  end: string,
  exceptId: string | null,
): Promise<ReportRow[]> {
  const conditions: SQL[] = [
    eq(revenueReports.campaignId, campaignId),
    eq(revenueReports.kind, 'regular'),
    lte(revenueReports.periodStart, end),
    gte(revenueReports.periodEnd, start),
  ];
  if (exceptId) conditions.push(ne(revenueReports.id, exceptId));
  return db
    .select()
    .from(revenueReports)
    .where(and(...conditions));
}

export async function linesOf(db: Db, reportIds: string[]): Promise<Map<string, LineRow[]>> {
  const map = new Map<string, LineRow[]>();
  if (reportIds.length === 0) return map;
  const rows = await db
    .select()
    .from(revenueReportLines)
    .where(inArray(revenueReportLines.reportId, reportIds));
  for (const row of rows) {
    const list = map.get(row.reportId) ?? [];
    list.push(row);
    map.set(row.reportId, list);
  }
  return map;
}

export async function distributionsOf(db: Db, reportIds: string[]): Promise<Map<string, DistributionRow>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(revenueDistributions)
    .where(inArray(revenueDistributions.reportId, reportIds));
  return new Map(rows.map((r) => [r.reportId, r]));
}

export async function insertReport(db: Db, values: ReportValues): Promise<ReportRow> {
  const [row] = await db.insert(revenueReports).values(values).returning();
  if (!row) throw new Error('report insert returned nothing');
  return row;
}

export async function updateReport(db: Db, id: string, values: Partial<ReportValues>): Promise<ReportRow> {
  const [row] = await db
    .update(revenueReports)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(revenueReports.id, id))
    .returning();
  if (!row) throw new Error(`report ${id} vanished`);
  return row;
}

export async function replaceLines(
  db: Db,
  reportId: string,
  lines: Array<Omit<LineRow, 'reportId'>>,
): Promise<void> {
  await db.delete(revenueReportLines).where(eq(revenueReportLines.reportId, reportId));
  await db.insert(revenueReportLines).values(lines.map((line) => ({ ...line, reportId })));
}
