import type { AppContext } from '../../platform/context.ts';
import { runDemoRevenue } from './demo-revenue.ts';
import { distributionIds, fundFromDemoMint, payDistribution } from './distribution.ts';
import { sendPayoutNotices, sendReportReminders } from './notices.ts';
import { completeEndedTerms } from './term-end.ts';

// The revenue share's part of the worker round (ADR 0014), run under the settlement worker's
// lease: pay out what was paid in but not out (a crash between the two), keep the demo's months
// going, complete real campaigns whose term is over, tell investors and developers. One distribution's failure is logged and retried next
// round; the others go on.

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
