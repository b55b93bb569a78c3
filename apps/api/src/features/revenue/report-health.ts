import {
  type MonthHealth,
  monthHealth,
  periodEndOf,
  type ReportingHealth,
  reportingHealth,
  termMonths,
} from '@indiesplit/shared/revenue';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revenueReports } from '../../db/schema-revenue.ts';

// Report health (ADR 0032): where each monthly report of a launched campaign stands on a business
// day, and the campaign's health from its months'. A month is filed by a regular report, submitted
// or verified, that covers it (a quarter's covers three); the day it was filed is the first such
// report's submission day (a returned report is not filed).

export interface HealthCampaign {
  id: string;
  /** YYYY-MM-DD, null before launch. */
  launchedOn: string | null;
  termMonths: number;
}

export interface MonthReportHealth {
  periodStart: string;
  periodEnd: string;
  health: MonthHealth;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Each month of the term up to `today`'s, with its health, for each launched campaign (one query). */
export async function monthsHealth(
  db: Db,
  list: readonly HealthCampaign[],
  today: string,
): Promise<Map<string, MonthReportHealth[]>> {
  const launched = list.filter((c) => c.launchedOn !== null && c.launchedOn <= today);
  const out = new Map<string, MonthReportHealth[]>();
  if (launched.length === 0) return out;
  const filed = await db
    .select({
      campaignId: revenueReports.campaignId,
      periodStart: revenueReports.periodStart,
      periodEnd: revenueReports.periodEnd,
      submittedAt: revenueReports.submittedAt,
    })
    .from(revenueReports)
    .where(
      and(
        inArray(
          revenueReports.campaignId,
          launched.map((c) => c.id),
        ),
        eq(revenueReports.kind, 'regular'),
        inArray(revenueReports.status, ['submitted', 'verified']),
      ),
    );
  for (const c of launched) {
    const mine = filed.filter((r) => r.campaignId === c.id);
    out.set(
      c.id,
      termMonths(c.launchedOn as string, c.termMonths, today).map((periodStart) => {
        const periodEnd = periodEndOf('month', periodStart);
        const days = mine
          .filter((r) => r.periodStart <= periodEnd && r.periodEnd >= periodStart)
          .map((r) => isoDay(r.submittedAt))
          // Seen as on that day: a report filed later does not count yet.
          .filter((day) => day <= today)
          .sort();
        return { periodStart, periodEnd, health: monthHealth(periodEnd, days[0] ?? null, today) };
      }),
    );
  }
  return out;
}

/** Each launched campaign's reporting health on `today` (absent: not launched). */
export async function campaignsHealth(
  db: Db,
  list: readonly HealthCampaign[],
  today: string,
): Promise<Map<string, ReportingHealth>> {
  const months = await monthsHealth(db, list, today);
  return new Map([...months].map(([id, m]) => [id, reportingHealth(m.map((x) => x.health))]));
}
