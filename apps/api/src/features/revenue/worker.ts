import type { AppContext } from '../../platform/context.ts';
import { runDemoRevenue } from './demo-revenue.ts';
import { distributionIds, fundFromDemoMint, payDistribution } from './distribution.ts';
import { sendPayoutNotices, sendReportReminders } from './notices.ts';

// The revenue share's part of the worker round (ADR 0014), run under the settlement worker's
// lease: pay out what was paid in but not out (a crash between the two), keep the demo's months
// going, tell investors and developers. One distribution's failure is logged and retried next
// round; the others go on.

const BATCH = 50;

export interface RevenueRoundSummary {
  paid: number;
  demoFunded: number;
  demoLaunched: number;
  demoReports: number;
  demoCompleted: number;
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
    payoutNotices: 0,
    reminders: 0,
    errors: [],
  };
  const attempt = async (label: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      summary.errors.push(`${label}: ${err instanceof Error ? err.message : String(err)}`);
      ctx.log.error({ err, step: label }, 'revenue step failed; retried next round');
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
  await attempt('report-reminders', async () => {
    summary.reminders = await sendReportReminders(ctx, now);
  });
  if (summary.payoutNotices + summary.reminders > 0) ctx.mail.nudge();
  return summary;
}
