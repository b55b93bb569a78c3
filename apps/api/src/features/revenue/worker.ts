import type { AppContext } from '../../platform/context.ts';
import { claimLease, type Job, leaseOwner, releaseLease } from '../../platform/jobs.ts';
import { runDemoRevenue } from './demo-revenue.ts';
import { distributionIds, fundFromDemoMint, payDistribution } from './distribution.ts';
import { sendPayoutNotices, sendReportReminders } from './notices.ts';
import { completeEndedTerms } from './term-end.ts';

// The revenue share's worker round (ADR 0014), a job of its own under its own lease (ADR 0023):
// pay out what was paid in but not out (a crash between the two), keep the demo's months going,
// complete real campaigns whose term is over, tell investors and developers. One distribution's
// failure is logged and retried next round; the others go on.

const BATCH = 50;

export interface RevenueRoundSummary {
  paid: number;
  demoFunded: number;
  demoLaunched: number;
  demoReports: number;
  demoCompleted: number;
  completed: number;
  payoutNotices: number;
  reminders: number;
  errors: string[];
}

export async function runRevenueWork(
  ctx: AppContext,
  now: Date,
  options: { demo: boolean },
): Promise<RevenueRoundSummary> {
  const summary: RevenueRoundSummary = {
    paid: 0,
    demoFunded: 0,
    demoLaunched: 0,
    demoReports: 0,
    demoCompleted: 0,
    completed: 0,
    payoutNotices: 0,
    reminders: 0,
    errors: [],
  };
  /** Runs one step; false when it failed (logged, and tried again next round). */
  const attempt = async (label: string, work: () => Promise<void>): Promise<boolean> => {
    try {
      await work();
      return true;
    } catch (err) {
      summary.errors.push(`${label}: ${err instanceof Error ? err.message : String(err)}`);
      ctx.metrics.workerError('revenue');
      ctx.log.error({ err, step: label }, 'revenue step failed; retried next round');
      return false;
    }
  };

  for (const id of await distributionIds(ctx.db, 'funded', { limit: BATCH })) {
    await attempt(`distribution:${id}:pay`, async () => {
      if ((await payDistribution(ctx, id, now)).status === 'paid') summary.paid++;
    });
  }
  for (const id of await distributionIds(ctx.db, 'awaiting_funds', { currency: 'DEMO', limit: BATCH })) {
    await attempt(`distribution:${id}:demo-fund`, async () => {
      await fundFromDemoMint(ctx, id, now);
      summary.demoFunded++;
    });
  }
  if (options.demo) {
    await attempt('demo-revenue', async () => {
      const demo = await runDemoRevenue(ctx, now);
      summary.demoLaunched = demo.launched;
      summary.demoReports = demo.reports;
      summary.demoCompleted = demo.completed;
    });
  }
  await attempt('payout-notices', async () => {
    summary.payoutNotices = await sendPayoutNotices(ctx, 500);
  });
  const reminded = await attempt('report-reminders', async () => {
    summary.reminders = await sendReportReminders(ctx, now);
  });
  // After the reminders, and only when they went out: a term's last month is reminded of before
  // its campaign is completed (completed campaigns are not reminded).
  if (reminded) {
    await attempt('term-end', async () => {
      summary.completed = await completeEndedTerms(ctx, now);
    });
  }
  if (summary.payoutNotices + summary.reminders > 0) ctx.mail.nudge();
  return summary;
}

/** The revenue round's row in the `jobs` table (platform/jobs.ts). */
export const REVENUE_LEASE_KEY = 'revenue:worker';
/** A round is bounded (BATCH distributions, 500 notices), well inside this. */
const LEASE_SECONDS = 120;

/**
 * One revenue round under its lease, as the job runner calls it; `leased` is false when another
 * instance holds the lease and this round did nothing.
 */
export async function runRevenueRound(
  ctx: AppContext,
  now: Date = new Date(),
  options: { demo?: boolean; owner?: string } = {},
): Promise<RevenueRoundSummary & { leased: boolean }> {
  const owner = options.owner ?? leaseOwner();
  if (!(await claimLease(ctx.db, REVENUE_LEASE_KEY, owner, LEASE_SECONDS))) {
    return {
      leased: false,
      paid: 0,
      demoFunded: 0,
      demoLaunched: 0,
      demoReports: 0,
      demoCompleted: 0,
      completed: 0,
      payoutNotices: 0,
      reminders: 0,
      errors: [],
    };
  }
  let summary: RevenueRoundSummary | undefined;
  let fatal: string | null = null;
  try {
    summary = await runRevenueWork(ctx, now, { demo: options.demo ?? ctx.config.demoCampaigns });
    return { ...summary, leased: true };
  } catch (err) {
    fatal = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    await releaseLease(ctx.db, REVENUE_LEASE_KEY, owner, { ...summary, at: now.toISOString() }, fatal).catch(
      (err) => ctx.log.warn({ err }, 'could not release the revenue lease; it expires'),
    );
  }
}

/** The revenue round as a job of the app's runner. */
export function revenueJob(ctx: AppContext, intervalSeconds: number, options: { demo?: boolean } = {}): Job {
  return { name: 'revenue', intervalSeconds, tick: (now) => runRevenueRound(ctx, now, options) };
}
