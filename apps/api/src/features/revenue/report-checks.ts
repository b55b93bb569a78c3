import {
  isPeriodStart,
  netOf,
  periodEndOf,
  type RevenueLineInput,
  type RevenueReportInput,
  termEndsOn,
} from '@indiesplit/shared/revenue';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import { conflictWith, REPORTING_STATUSES, UUID, unprocessable } from './report-rules.ts';

// What a filed or edited report may say: its period, its term, its lines, the report it adjusts.

export interface Checked {
  periodKind: 'month' | 'quarter';
  periodStart: string;
  periodEnd: string;
  totals: { gross_cents: number; store_fees_cents: number; refunds_cents: number; taxes_cents: number };
  lines: RevenueLineInput[];
}

/** The rules that need no other report: the period, the term, the lines. */
export function checkPeriodAndLines(
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
export async function adjustmentTarget(
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

export const figureColumns = (c: Checked) => ({
  periodKind: c.periodKind,
  periodStart: c.periodStart,
  periodEnd: c.periodEnd,
  grossCents: c.totals.gross_cents,
  storeFeesCents: c.totals.store_fees_cents,
  refundsCents: c.totals.refunds_cents,
  taxesCents: c.totals.taxes_cents,
  netCents: netOf(c.totals),
});

export const lineColumns = (lines: RevenueLineInput[]) =>
  lines.map((l) => ({
    store: l.store,
    grossCents: l.gross_cents,
    storeFeesCents: l.store_fees_cents,
    refundsCents: l.refunds_cents,
    taxesCents: l.taxes_cents,
  }));

/** A regular report must not share a day with another regular report (checked under the campaign's lock). */
export async function refuseOverlap(tx: Db, campaignId: string, c: Checked, exceptId: string | null) {
  const others = await repo.overlappingRegular(tx, campaignId, c.periodStart, c.periodEnd, exceptId);
  if (others.length > 0) throw conflictWith('reportOverlaps', 'period_start');
}
