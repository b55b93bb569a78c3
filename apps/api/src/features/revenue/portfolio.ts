import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import { centsFromSql, centsToEuroString } from '@indiesplit/shared/money';
import {
  type DistributionStatus,
  monthsLeft,
  type ReportKind,
  type ReportPeriodKind,
  type RevenueHoldingDto,
  type RevenuePortfolioDto,
  type StatementDto,
  termEndsOn,
  type WaterfallPeriodDto,
} from '@indiesplit/shared/revenue';
import { and, asc, desc, eq, gte, inArray, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';
import { revenueDistributions, revenuePayouts, revenueReports } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';

// What an investor sees of the revenue share: per campaign they hold, what they put in, what came
// back, and each verified period's waterfall (gross -> fees -> refunds and taxes -> net -> pool ->
// platform -> investors -> their part); and a yearly statement of their payouts, as JSON or CSV.
// Everything is read from the revenue tables in a fixed number of queries, however many periods.
// Years and days are UTC calendar days, as everywhere else in the API.

/** Campaign states in which posted investments are a holding in the revenue share. */
const HOLDING_STATUSES: CampaignStatus[] = ['funded', 'services_active', 'launched', 'completed'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const currencyOf = (value: string) => (value === 'DEMO' ? 'DEMO' : 'EUR') as 'EUR' | 'DEMO';

/** The caller's holdings: campaigns with posted investments, in one grouped query. */
function holdingsQuery(db: Db, userId: string, campaignId?: string) {
  return db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      title: campaigns.title,
      status: campaigns.status,
      currency: campaigns.currency,
      revenueShareBps: campaigns.revenueShareBps,
      platformShareBps: campaigns.platformShareBps,
      termMonths: campaigns.termMonths,
      launchedOn: campaigns.launchedOn,
      investedCents: sql<string>`sum(${investments.amountCents})`,
      // The demo's fast clock: a month of the term has passed when its generated report is in.
      monthsReported: sql<number>`(select count(*) from ${revenueReports} r
        where r.campaign_id = ${campaigns.id} and r.kind = 'regular' and r.status = 'verified')::int`,
    })
    .from(investments)
    .innerJoin(campaigns, eq(campaigns.id, investments.campaignId))
    .where(
      and(
        eq(investments.investorId, userId),
        eq(investments.status, 'posted'),
        inArray(campaigns.status, HOLDING_STATUSES),
        campaignId ? eq(campaigns.id, campaignId) : undefined,
      ),
    )
    .groupBy(campaigns.id)
    .orderBy(sql`${campaigns.launchedOn} desc nulls last`, asc(campaigns.title), asc(campaigns.id));
}

type HoldingRow = Awaited<ReturnType<typeof holdingsQuery>>[number];

function campaignOf(row: HoldingRow, today: string): RevenueHoldingDto['campaign'] {
  const termEnd = row.launchedOn ? termEndsOn(row.launchedOn, row.termMonths) : null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    currency: currencyOf(row.currency),
    revenue_share_bps: row.revenueShareBps,
    platform_share_bps: row.platformShareBps,
    launched_on: row.launchedOn,
    term_ends_on: termEnd,
    months_left: !termEnd
      ? null
      : row.currency === 'DEMO'
        ? Math.max(0, row.termMonths - Number(row.monthsReported))
        : monthsLeft(today, termEnd),
  };
}

/** paid / invested to two decimals (0.42 = 42 cents back per euro in). */
export function multipleOf(paidCents: number, investedCents: number): number {
  if (investedCents <= 0) return 0;
  return Math.round((paidCents * 100) / investedCents) / 100;
}

export async function revenuePortfolio(
  ctx: AppContext,
  userId: string,
  now = new Date(),
): Promise<RevenuePortfolioDto> {
  const holdings = await holdingsQuery(ctx.db, userId);
  if (holdings.length === 0) return { holdings: [] };
  const ids = holdings.map((h) => h.id);

  const [paid, periods] = await Promise.all([
    // What the caller received per campaign, and the years it arrived in.
    ctx.db
      .select({
        campaignId: revenuePayouts.campaignId,
        paidCents: sql<string>`sum(${revenuePayouts.amountCents})`,
        years: sql<
          number[]
        >`array_agg(distinct extract(year from ${revenueDistributions.paidAt} at time zone 'UTC')::int)`,
      })
      .from(revenuePayouts)
      .innerJoin(revenueDistributions, eq(revenueDistributions.id, revenuePayouts.distributionId))
      .where(
        and(
          eq(revenuePayouts.userId, userId),
          inArray(revenuePayouts.campaignId, ids),
          not(revenuePayouts.toSuspense),
          eq(revenueDistributions.status, 'paid'),
        ),
      )
      .groupBy(revenuePayouts.campaignId),
    // Every verified period of these campaigns with its distribution and the caller's part.
    ctx.db
      .select({
        report: revenueReports,
        distribution: revenueDistributions,
        yourCents: revenuePayouts.amountCents,
      })
      .from(revenueReports)
      .innerJoin(revenueDistributions, eq(revenueDistributions.reportId, revenueReports.id))
      .leftJoin(
        revenuePayouts,
        and(
          eq(revenuePayouts.distributionId, revenueDistributions.id),
          eq(revenuePayouts.userId, userId),
          not(revenuePayouts.toSuspense),
        ),
      )
      .where(and(inArray(revenueReports.campaignId, ids), eq(revenueReports.status, 'verified')))
      .orderBy(desc(revenueReports.periodStart), desc(revenueDistributions.sequence)),
  ]);

  const today = isoDay(now);
  return {
    holdings: holdings.map((h) => {
      const investedCents = centsFromSql(h.investedCents);
      const received = paid.find((p) => p.campaignId === h.id);
      const paidCents = centsFromSql(received?.paidCents ?? null);
      return {
        campaign: campaignOf(h, today),
        invested_cents: investedCents,
        paid_cents: paidCents,
        multiple: multipleOf(paidCents, investedCents),
        periods: periods
          .filter((p) => p.report.campaignId === h.id)
          .map(
            ({ report, distribution, yourCents }): WaterfallPeriodDto => ({
              report_id: report.id,
              kind: report.kind as ReportKind,
              period_kind: report.periodKind as ReportPeriodKind,
              period_start: report.periodStart,
              period_end: report.periodEnd,
              gross_cents: report.grossCents,
              store_fees_cents: report.storeFeesCents,
              refunds_cents: report.refundsCents,
              taxes_cents: report.taxesCents,
              net_cents: report.netCents,
              pool_cents: distribution.poolCents,
              carried_in_cents: distribution.carriedInCents,
              carried_out_cents: distribution.carriedOutCents,
              platform_cents: distribution.platformCents,
              investors_cents: distribution.investorsCents,
              your_cents: yourCents ?? 0,
              status: distribution.status as DistributionStatus,
              paid_at: distribution.paidAt ? distribution.paidAt.toISOString() : null,
            }),
          ),
        statement_years: [...(received?.years ?? [])].map(Number).sort((a, b) => b - a),
      };
    }),
  };
}

/**
 * The caller's payouts of one campaign paid in one calendar year. A campaign the caller holds
 * nothing in is "not found", whoever else holds it.
 */
export async function statement(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  year: number,
  now = new Date(),
): Promise<StatementDto> {
  if (!UUID.test(campaignId)) throw notFound();
  const [[holding], [investor], rows] = await Promise.all([
    holdingsQuery(ctx.db, userId, campaignId),
    ctx.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, userId)),
    ctx.db
      .select({
        paidAt: revenueDistributions.paidAt,
        periodStart: revenueReports.periodStart,
        periodEnd: revenueReports.periodEnd,
        kind: revenueReports.kind,
        netCents: revenueDistributions.netCents,
        poolCents: revenueDistributions.poolCents,
        investorsCents: revenueDistributions.investorsCents,
        yourCents: revenuePayouts.amountCents,
      })
      .from(revenuePayouts)
      .innerJoin(revenueDistributions, eq(revenueDistributions.id, revenuePayouts.distributionId))
      .innerJoin(revenueReports, eq(revenueReports.id, revenueDistributions.reportId))
      .where(
        and(
          eq(revenuePayouts.userId, userId),
          eq(revenuePayouts.campaignId, campaignId),
          not(revenuePayouts.toSuspense),
          eq(revenueDistributions.status, 'paid'),
          gte(revenueDistributions.paidAt, new Date(Date.UTC(year, 0, 1))),
          lt(revenueDistributions.paidAt, new Date(Date.UTC(year + 1, 0, 1))),
        ),
      )
      .orderBy(asc(revenueDistributions.paidAt), asc(revenueDistributions.sequence)),
  ]);
  if (!holding || !investor) throw notFound();
  const name = `${investor.firstName} ${investor.lastName}`.trim() || investor.username;
  const statementRows = rows.map((r) => ({
    paid_at: (r.paidAt as Date).toISOString(),
    period_start: r.periodStart,
    period_end: r.periodEnd,
    kind: r.kind as ReportKind,
    net_cents: r.netCents,
    pool_cents: r.poolCents,
    investors_cents: r.investorsCents,
    your_cents: r.yourCents,
  }));
  return {
    year,
    investor: { name, email: investor.email },
    campaign: campaignOf(holding, isoDay(now)),
    invested_cents: centsFromSql(holding.investedCents),
    rows: statementRows,
    total_cents: statementRows.reduce((sum, r) => sum + r.your_cents, 0),
    generated_at: now.toISOString(),
  };
}

// ---- CSV --------------------------------------------------------------------------------------

/**
 * A text cell: a leading = + - @ (or tab, carriage return) would make a spreadsheet run it as a
 * formula, so it is prefixed with an apostrophe; then quoted as RFC 4180 says when needed.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_HEADER = [
  'campaign',
  'currency',
  'paid_on',
  'period_start',
  'period_end',
  'kind',
  'net',
  'pool',
  'investors',
  'your_payout',
];

/**
 * The statement as CSV: a header row, one row per payout, CRLF line ends, a byte order mark so
 * spreadsheets read the text as UTF-8. Amounts are in euros with a "." decimal point, dates
 * YYYY-MM-DD; only text that people typed (the title) can start with a formula character.
 */
export function statementCsv(s: StatementDto): { fileName: string; body: string } {
  const title = textCell(s.campaign.title);
  const lines = [
    CSV_HEADER.join(','),
    ...s.rows.map((r) =>
      [
        title,
        s.campaign.currency,
        r.paid_at.slice(0, 10),
        r.period_start,
        r.period_end,
        r.kind,
        centsToEuroString(r.net_cents),
        centsToEuroString(r.pool_cents),
        centsToEuroString(r.investors_cents),
        centsToEuroString(r.your_cents),
      ].join(','),
    ),
  ];
  const slug = (s.campaign.slug ?? s.campaign.id).toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return { fileName: `indiesplit-${slug}-${s.year}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}
