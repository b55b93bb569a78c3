import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import type { OutcomeDto } from '@indiesplit/shared/revenue';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { campaigns } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { campaignLedgerTotals } from '../ledger/campaign-totals.ts';
import { campaignsHealth } from '../revenue/report-health.ts';

// The public record of outcomes (ADR 0032): for every funded real-money campaign, what it raised,
// when it launched, how much of its term has passed, what its investors have been paid, the
// multiple on their money and its reporting health. Money figures come from the ledger; a fixed
// number of queries whatever the campaigns, and at most OUTCOMES_LIMIT campaigns per answer.

const FUNDED: CampaignStatus[] = ['funded', 'services_active', 'launched', 'completed'];
export const OUTCOMES_LIMIT = 200;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Whole months from `launchedOn` to `today` (both YYYY-MM-DD), between 0 and `term`. */
export function monthsElapsed(launchedOn: string, today: string, term: number): number {
  const [y1, m1, d1] = launchedOn.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.min(term, Math.max(0, months));
}

const columns = {
  id: campaigns.id,
  slug: campaigns.slug,
  title: campaigns.title,
  status: campaigns.status,
  launchedOn: campaigns.launchedOn,
  termMonths: campaigns.termMonths,
};
type Row = {
  id: string;
  slug: string | null;
  title: string;
  status: string;
  launchedOn: string | null;
  termMonths: number;
};

async function present(ctx: AppContext, rows: Row[], now: Date): Promise<OutcomeDto[]> {
  const today = isoDay(now);
  const ids = rows.map((r) => r.id);
  const [totals, health] = await Promise.all([
    campaignLedgerTotals(ctx.db, ids, 'EUR'),
    campaignsHealth(ctx.db, rows, today),
  ]);
  return rows.map((r) => {
    const t = totals.get(r.id) ?? { raisedCents: 0, paidToInvestorsCents: 0 };
    const launched = r.launchedOn !== null && r.launchedOn <= today;
    return {
      slug: r.slug ?? '',
      title: r.title,
      status: r.status,
      raised_cents: t.raisedCents,
      launched_on: r.launchedOn,
      term_months: r.termMonths,
      months_elapsed: launched ? monthsElapsed(r.launchedOn as string, today, r.termMonths) : null,
      paid_cents: t.paidToInvestorsCents,
      multiple: t.raisedCents > 0 ? Math.round((t.paidToInvestorsCents * 100) / t.raisedCents) / 100 : 0,
      health: health.get(r.id) ?? null,
    };
  });
}

/** Every funded real-money campaign's outcome, the most recently launched first. */
export async function listOutcomes(ctx: AppContext, now: Date = new Date()): Promise<OutcomeDto[]> {
  const rows = await ctx.db
    .select(columns)
    .from(campaigns)
    .where(and(inArray(campaigns.status, FUNDED), eq(campaigns.currency, 'EUR')))
    .orderBy(sql`${campaigns.launchedOn} desc nulls last`, desc(campaigns.deadlineAt), asc(campaigns.id))
    .limit(OUTCOMES_LIMIT);
  return present(ctx, rows, now);
}

/** One funded real-money campaign's outcome (404 for any other slug). */
export async function getOutcome(ctx: AppContext, slug: string, now: Date = new Date()): Promise<OutcomeDto> {
  const rows = await ctx.db
    .select(columns)
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), inArray(campaigns.status, FUNDED), eq(campaigns.currency, 'EUR')))
    .limit(1);
  if (rows.length === 0) throw notFound();
  const [outcome] = await present(ctx, rows, now);
  return outcome as OutcomeDto;
}
