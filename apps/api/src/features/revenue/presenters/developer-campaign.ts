import { type DeveloperCampaignDto, periodEndOf, reportDueOn, termEndsOn } from '@indiesplit/shared/revenue';
import type * as repo from '../repo.ts';
import { REPORTING_STATUSES } from '../report-rules.ts';

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

export function toCampaignDto(
  c: repo.CampaignRow,
  reports: repo.ReportRow[],
  today: string,
): DeveloperCampaignDto {
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
    goal_cents: c.goalCents,
    committed_cents: c.committedCents,
    investor_count: c.investorCount,
    deadline_at: c.deadlineAt ? c.deadlineAt.toISOString() : null,
    launched_on: c.launchedOn,
    term_ends_on: termEnd,
    report_due: launched && c.launchedOn && termEnd ? reportDue(c.launchedOn, termEnd, reports, today) : null,
    can_report: launched && c.launchedOn !== null && c.launchedOn <= today,
  };
}
