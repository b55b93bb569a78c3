import { z } from 'zod';
import { normalizeBankTransactionId } from './funds.ts';
import { CURRENCIES, IncludeDemoParam } from './wallet.ts';

// The revenue share (spec §1, ADR 0014): for the term after a funded game launches (36 months),
// the developer reports sales per calendar month or quarter, an admin verifies each report, and
// the revenue-share percentage of the verified net revenue forms a pool that the developer pays in
// and the platform splits: its own share first, the rest to the investors pro rata to their posted
// investments, by the largest-remainder method. Amounts are integer cents, shares basis points.

export const REVENUE_STORES = ['steam', 'playstation', 'xbox', 'nintendo', 'meta', 'epic', 'other'] as const;
export type RevenueStore = (typeof REVENUE_STORES)[number];

export const REPORT_PERIOD_KINDS = ['month', 'quarter'] as const;
export type ReportPeriodKind = (typeof REPORT_PERIOD_KINDS)[number];

export const REPORT_KINDS = ['regular', 'adjustment'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** submitted (waiting for an admin) -> verified, or -> returned (the developer edits and resubmits). */
export const REPORT_STATUSES = ['submitted', 'returned', 'verified'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const DISTRIBUTION_STATUSES = ['awaiting_funds', 'funded', 'paid'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/** A report is due this many days after its period ends; the developer is reminded then. */
export const REPORT_DUE_DAYS = 15;
/** The platform's share of each pool unless configured otherwise (basis points of the pool). */
export const DEFAULT_PLATFORM_SHARE_BPS = 1000;
/** Largest statement file (evidence) attached to a report. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STATEMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/csv'] as const;
/** Longest comment an admin can send a report back with. */
export const REVIEW_COMMENT_MAX = 2000;
/** Largest amount on one line: €100 million. */
export const MAX_LINE_CENTS = 10_000_000_000;

// ---- dates of the term ------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m0: number, d: number) => {
  const t = new Date(Date.UTC(y, m0, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/**
 * The term's last day (inclusive): launch + months - 1 day. A game launched on 2027-03-15 with a
 * 36-month term shares revenue until 2030-03-14. Month ends are clamped (launch 31 Jan + 1 month
 * is 28 Feb, so a one-month term ends on 27 Feb).
 */
export function termEndsOn(launchedOn: string, months: number): string {
  const [y, m, d] = launchedOn.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** Whole months from `today` (YYYY-MM-DD) until the term ends; 0 once it has ended. */
export function monthsLeft(today: string, termEnd: string): number {
  if (today > termEnd) return 0;
  const [y1, m1, d1] = today.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = termEnd.split('-').map(Number) as [number, number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  // The term ends the day before a month-day of the launch: a month is whole once today's day
  // is past the end's day.
  if (d2 + 1 <= d1) months -= 1;
  return Math.max(0, months + 1);
}

/** The last day of the calendar month or quarter starting on `periodStart`. */
export function periodEndOf(kind: ReportPeriodKind, periodStart: string): string {
  const [y, m] = periodStart.split('-').map(Number) as [number, number];
  return ymd(y, m - 1 + (kind === 'quarter' ? 3 : 1), 0);
}

/** Whether `periodStart` starts a calendar month (the 1st) or quarter (1 Jan, Apr, Jul, Oct). */
export function isPeriodStart(kind: ReportPeriodKind, periodStart: string): boolean {
  if (!/^\d{4}-\d{2}-01$/.test(periodStart)) return false;
  const month = Number(periodStart.slice(5, 7));
  if (month < 1 || month > 12) return false;
  return kind === 'month' || (month - 1) % 3 === 0;
}

/** The day a report for the period is due: REPORT_DUE_DAYS after the period's last day. */
export function reportDueOn(periodEnd: string): string {
  const [y, m, d] = periodEnd.split('-').map(Number) as [number, number, number];
  return ymd(y, m - 1, d + REPORT_DUE_DAYS);
}

/**
 * The day the report of the term's last calendar month is due. Until it has passed the campaign
 * stays Launched, so the developer is reminded of that month like every other one.
 */
export function lastReportDueOn(launchedOn: string, months: number): string {
  const end = termEndsOn(launchedOn, months);
  return reportDueOn(periodEndOf('month', `${end.slice(0, 8)}01`));
}

/** Whether a campaign launched on `launchedOn` may be completed on `today`: its last report is past due. */
export function mayComplete(launchedOn: string, months: number, today: string): boolean {
  return today > lastReportDueOn(launchedOn, months);
}

/** net = gross - store fees - refunds - taxes. */
export function netOf(figures: {
  gross_cents: number;
  store_fees_cents: number;
  refunds_cents: number;
  taxes_cents: number;
}): number {
  return figures.gross_cents - figures.store_fees_cents - figures.refunds_cents - figures.taxes_cents;
}

// ---- requests ---------------------------------------------------------------------------------

const cents = z.number().int().min(-MAX_LINE_CENTS).max(MAX_LINE_CENTS);

export const RevenueLineInput = z.object({
  store: z.enum(REVENUE_STORES),
  gross_cents: cents,
  store_fees_cents: cents,
  refunds_cents: cents,
  taxes_cents: cents,
});
export type RevenueLineInput = z.infer<typeof RevenueLineInput>;

/**
 * A report as filed (developer or admin). The server checks what the schema cannot: the period
 * starts a month/quarter, lies inside the term and has ended (real money), does not overlap
 * another regular report, one line per store, regular figures not negative; an adjustment names a
 * verified regular report of the same campaign and takes its period.
 */
export const RevenueReportInput = z.object({
  kind: z.enum(REPORT_KINDS).default('regular'),
  /** Required for an adjustment: the verified report it corrects. */
  adjusts_report_id: z.string().uuid().optional(),
  period_kind: z.enum(REPORT_PERIOD_KINDS),
  /** YYYY-MM-01: the first day of the month or quarter. */
  period_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lines: z.array(RevenueLineInput).min(1).max(REVENUE_STORES.length),
});
export type RevenueReportInput = z.infer<typeof RevenueReportInput>;

/**
 * The report as the admin saw it (its `updated_at`): a verification or a return is refused if the
 * developer has changed the figures or the statement since. Optional for scripted clients; the
 * back office always sends it.
 */
const seenVersion = { updated_at: z.string().max(40).optional() };

export const VerifyReportRequest = z.object(seenVersion).default({});
export type VerifyReportRequest = z.infer<typeof VerifyReportRequest>;

export const ReturnReportRequest = z.object({
  comment: z.string().trim().min(1).max(REVIEW_COMMENT_MAX),
  ...seenVersion,
});
export type ReturnReportRequest = z.infer<typeof ReturnReportRequest>;

/** An admin records the developer's bank transfer paying a pool in; the amount must be the pool. */
export const FundDistributionRequest = z.object({
  bank_transaction_id: z.string().trim().min(1).max(100).transform(normalizeBankTransactionId),
  amount_cents: z.number().int().positive(),
});
export type FundDistributionRequest = z.infer<typeof FundDistributionRequest>;

// ---- answers ----------------------------------------------------------------------------------

export const RevenueFiguresDto = z.object({
  gross_cents: z.number().int(),
  store_fees_cents: z.number().int(),
  refunds_cents: z.number().int(),
  taxes_cents: z.number().int(),
  net_cents: z.number().int(),
});

export const DistributionDto = z.object({
  id: z.string(),
  report_id: z.string(),
  campaign: z.object({ id: z.string(), slug: z.string().nullable(), title: z.string() }),
  sequence: z.number().int(),
  currency: z.enum(CURRENCIES),
  share_bps: z.number().int(),
  platform_share_bps: z.number().int(),
  net_cents: z.number().int(),
  pool_due_cents: z.number().int(),
  carried_in_cents: z.number().int(),
  carried_out_cents: z.number().int(),
  pool_cents: z.number().int(),
  platform_cents: z.number().int(),
  investors_cents: z.number().int(),
  suspense_cents: z.number().int(),
  investor_count: z.number().int(),
  status: z.enum(DISTRIBUTION_STATUSES),
  bank_transaction_id: z.string().nullable(),
  funded_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type DistributionDto = z.infer<typeof DistributionDto>;

export const RevenueReportDto = RevenueFiguresDto.extend({
  id: z.string(),
  campaign: z.object({ id: z.string(), slug: z.string().nullable(), title: z.string() }),
  kind: z.enum(REPORT_KINDS),
  adjusts_report_id: z.string().nullable(),
  period_kind: z.enum(REPORT_PERIOD_KINDS),
  period_start: z.string(),
  period_end: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(REPORT_STATUSES),
  review_comment: z.string().nullable(),
  lines: z.array(RevenueLineInput),
  /** The statement file's original name (download at GET /api/revenue-reports/:id/statement). */
  statement_name: z.string().nullable(),
  generated: z.boolean(),
  submitted_at: z.string(),
  /** Changes with every edit and statement upload; sent back when verifying or returning. */
  updated_at: z.string(),
  verified_at: z.string().nullable(),
  /** Present once verified. */
  distribution: DistributionDto.nullable(),
});
export type RevenueReportDto = z.infer<typeof RevenueReportDto>;

/** A campaign's revenue-share terms, as developers and investors see them. */
const RevenueCampaignDto = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  status: z.string(),
  currency: z.enum(CURRENCIES),
  revenue_share_bps: z.number().int().nullable(),
  platform_share_bps: z.number().int().nullable(),
  launched_on: z.string().nullable(),
  term_ends_on: z.string().nullable(),
});

/** A campaign as its developer sees it in "My campaigns". */
export const DeveloperCampaignDto = RevenueCampaignDto.extend({
  term_months: z.number().int(),
  /** The round's figures, for a live round above all: raised so far, goal, investors, deadline. */
  goal_cents: z.number().int(),
  committed_cents: z.number().int(),
  investor_count: z.number().int(),
  deadline_at: z.string().nullable(),
  /** The earliest month of the term without a regular report whose due day has come (or null). */
  report_due: z.object({ period_start: z.string(), period_end: z.string(), due_on: z.string() }).nullable(),
  /** Reports may be filed (launched, and the term has started). */
  can_report: z.boolean(),
});
export type DeveloperCampaignDto = z.infer<typeof DeveloperCampaignDto>;

export const DeveloperCampaignList = z.object({ campaigns: z.array(DeveloperCampaignDto) });
export const RevenueReportList = z.object({ reports: z.array(RevenueReportDto) });
export const DeveloperReportsResponse = z.object({
  campaign: DeveloperCampaignDto,
  reports: z.array(RevenueReportDto),
});
export const BackofficeReportQuery = z.object({
  status: z.enum(REPORT_STATUSES).optional(),
  include_demo: IncludeDemoParam,
});
export const DistributionList = z.object({ distributions: z.array(DistributionDto) });
export const BackofficeDistributionQuery = z.object({
  status: z.enum(DISTRIBUTION_STATUSES).optional(),
  include_demo: IncludeDemoParam,
});

/** One period of an investor's waterfall: gross -> fees -> refunds and taxes -> net -> pool -> … */
export const WaterfallPeriodDto = RevenueFiguresDto.extend({
  report_id: z.string(),
  kind: z.enum(REPORT_KINDS),
  period_kind: z.enum(REPORT_PERIOD_KINDS),
  period_start: z.string(),
  period_end: z.string(),
  pool_cents: z.number().int(),
  carried_in_cents: z.number().int(),
  carried_out_cents: z.number().int(),
  platform_cents: z.number().int(),
  investors_cents: z.number().int(),
  /** The investor's part (0 until paid). */
  your_cents: z.number().int(),
  status: z.enum(DISTRIBUTION_STATUSES),
  paid_at: z.string().nullable(),
});
export type WaterfallPeriodDto = z.infer<typeof WaterfallPeriodDto>;

/** What one investor has in one launched (or funded) campaign's revenue share. */
export const RevenueHoldingDto = z.object({
  campaign: RevenueCampaignDto.extend({ months_left: z.number().int().nullable() }),
  invested_cents: z.number().int(),
  paid_cents: z.number().int(),
  /** paid / invested, e.g. 0.42 (2 decimals). */
  multiple: z.number(),
  periods: z.array(WaterfallPeriodDto),
  /** Calendar years with a payout, for the statements. */
  statement_years: z.array(z.number().int()),
});
export type RevenueHoldingDto = z.infer<typeof RevenueHoldingDto>;

export const RevenuePortfolioDto = z.object({ holdings: z.array(RevenueHoldingDto) });
export type RevenuePortfolioDto = z.infer<typeof RevenuePortfolioDto>;

/** ?year=2027; format=csv answers text/csv with a Content-Disposition file name. */
export const StatementQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(['json', 'csv']).default('json'),
});

export const StatementDto = z.object({
  year: z.number().int(),
  investor: z.object({ name: z.string(), email: z.string() }),
  campaign: RevenueHoldingDto.shape.campaign,
  invested_cents: z.number().int(),
  rows: z.array(
    z.object({
      paid_at: z.string(),
      period_start: z.string(),
      period_end: z.string(),
      kind: z.enum(REPORT_KINDS),
      net_cents: z.number().int(),
      pool_cents: z.number().int(),
      investors_cents: z.number().int(),
      your_cents: z.number().int(),
    }),
  ),
  total_cents: z.number().int(),
  generated_at: z.string(),
});
export type StatementDto = z.infer<typeof StatementDto>;

// Report health (ADR 0032): where each monthly report of a launched campaign stands on a given day.

/** Days after its due day at which an unfiled report is in default. */
export const REPORT_DEFAULT_DAYS = 60;

/**
 * One month's report: upcoming (the month has not ended), due (ended, due day not passed),
 * overdue (from the day after the due day), default (REPORT_DEFAULT_DAYS after the due day),
 * filed (on time) or cured (filed after its due day).
 */
export const MONTH_HEALTHS = ['upcoming', 'due', 'overdue', 'default', 'filed', 'cured'] as const;
export type MonthHealth = (typeof MONTH_HEALTHS)[number];

/** A campaign's reporting health, as its public page and the outcomes record show it. */
export const REPORTING_HEALTHS = ['none_due', 'on_time', 'cured', 'overdue', 'default'] as const;
export type ReportingHealth = (typeof REPORTING_HEALTHS)[number];

/** `isoDay` plus `days` days (UTC calendar days), YYYY-MM-DD. */
export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return ymd(y, m - 1, d + days);
}

/** The health of one month's report on `today`; `filedOn` is the day its report was filed (or null). */
export function monthHealth(periodEnd: string, filedOn: string | null, today: string): MonthHealth {
  const dueOn = reportDueOn(periodEnd);
  if (filedOn !== null) return filedOn > dueOn ? 'cured' : 'filed';
  if (today <= periodEnd) return 'upcoming';
  if (today <= dueOn) return 'due';
  return today >= addDays(dueOn, REPORT_DEFAULT_DAYS) ? 'default' : 'overdue';
}

/** The campaign's health from its months': the worst open one, else whether any was late. */
export function reportingHealth(months: readonly MonthHealth[]): ReportingHealth {
  if (months.includes('default')) return 'default';
  if (months.includes('overdue')) return 'overdue';
  if (months.includes('cured')) return 'cured';
  if (months.includes('filed')) return 'on_time';
  return 'none_due';
}

/** The first day of each calendar month of a term launched on `launchedOn`, up to `until`'s month. */
export function termMonths(launchedOn: string, months: number, until?: string): string[] {
  const last = (
    until && until < termEndsOn(launchedOn, months) ? until : termEndsOn(launchedOn, months)
  ).slice(0, 7);
  const out: string[] = [];
  let y = Number(launchedOn.slice(0, 4));
  let m = Number(launchedOn.slice(5, 7));
  for (;;) {
    const start = `${y}-${pad(m)}-01`;
    if (start.slice(0, 7) > last) return out;
    out.push(start);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** A campaign's public record (GET /api/outcomes): figures read from the ledger. */
export const OutcomeDto = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.string(),
  raised_cents: z.number().int(),
  launched_on: z.string().nullable(),
  term_months: z.number().int(),
  /** Whole months of the term elapsed (null before launch). */
  months_elapsed: z.number().int().nullable(),
  paid_cents: z.number().int(),
  /** paid / raised, 2 decimals. */
  multiple: z.number(),
  /** null before launch. */
  health: z.enum(REPORTING_HEALTHS).nullable(),
});
export type OutcomeDto = z.infer<typeof OutcomeDto>;
export const OutcomeList = z.object({ outcomes: z.array(OutcomeDto) });
export type OutcomeList = z.infer<typeof OutcomeList>;
