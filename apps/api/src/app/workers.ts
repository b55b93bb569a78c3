import { newsletterJob } from '../features/community/newsletter.ts';
import { communityRemindersJob } from '../features/community/reminders.ts';
import { sophisticatedExpiryJob } from '../features/investing/sophisticated-expiry.ts';
import { studioKybJob } from '../features/kyb/provider-studio.ts';
import { digestJob } from '../features/notifications/digest.ts';
import { escrowJob } from '../features/payments/escrow.ts';
import { payoutsJob } from '../features/payments/payouts.ts';
import { reconciliationJob } from '../features/payments/reconciliation.ts';
import { releaseJob } from '../features/payments/release.ts';
import { revenueTransfersJob } from '../features/payments/revenue-pool.ts';
import { revenueJob, runRevenueRound } from '../features/revenue/worker.ts';
import {
  type RoundSummary,
  type RunOptions,
  runDueWork as runSettlementRound,
  settlementJob,
} from '../features/settlement/worker.ts';
import type { AppContext } from '../platform/context.ts';
import type { JobRunner } from '../platform/jobs.ts';

// The background jobs of the process (ADR 0012, ADR 0023): each feature offers its own, the app
// registers them with the runner. The revenue share comes first (ADR 0014): a demo campaign whose
// services start in a settlement round is launched in a later revenue round, so its "services
// running" state can be seen for a moment.

export function registerJobs(runner: JobRunner, ctx: AppContext, intervalSeconds: number): void {
  runner.register(revenueJob(ctx, intervalSeconds));
  runner.register(settlementJob(ctx, intervalSeconds));
  // Sophisticated investors' approvals: the reminder before the end, and the end (ADR 0033).
  runner.register(sophisticatedExpiryJob(ctx, intervalSeconds));
  // The daily digest of notifications (ADR 0037): checked every few minutes, each member's sent
  // once their oldest waiting notification is a day old.
  runner.register(digestJob(ctx, intervalSeconds > 0 ? Math.max(intervalSeconds, 60) : 0));
  // Questions left unanswered remind the studio, once each (ADR 0038).
  runner.register(communityRemindersJob(ctx, intervalSeconds));
  // Newsletters being sent are queued through the outbox in batches (ADR 0038).
  runner.register(newsletterJob(ctx, intervalSeconds));
  // Withdrawals the payment provider pays (ADR 0039): claimed and sent as payouts; idle in manual mode.
  runner.register(payoutsJob(ctx, intervalSeconds));
  // Funded investments' money moved to the campaign's escrow wallet at the provider (ADR 0039).
  runner.register(escrowJob(ctx, intervalSeconds));
  // Studios' verifications a provider fault stopped half-way, sent again (ADR 0036).
  runner.register(studioKybJob(ctx, intervalSeconds));
  // A funded campaign's escrow paid to its studio, minus the success fee, then to its bank (ADR 0042).
  runner.register(releaseJob(ctx, intervalSeconds));
  // Paid distributions' payouts moved from the campaign's revenue wallet to the investors' (ADR 0039).
  runner.register(revenueTransfersJob(ctx, intervalSeconds));
  // The provider's balances and the day's transactions compared with the ledger, nightly (ADR 0039).
  runner.register(reconciliationJob(ctx, intervalSeconds > 0 ? Math.max(intervalSeconds, 300) : 0));
}

export interface DueWorkSummary extends RoundSummary {
  /** Revenue share (ADR 0014): distributions paid out, demo months filed, emails queued. */
  revenuePaid: number;
  revenueDemoReports: number;
  revenueNotices: number;
}

/**
 * One round of every job at `now` (the business clock), in the runner's order: what a tick of the
 * running process does, for tests and benchmarks that drive the clock themselves.
 */
export async function runDueWork(
  ctx: AppContext,
  now: Date = new Date(),
  options: RunOptions = {},
): Promise<DueWorkSummary> {
  const revenue = await runRevenueRound(ctx, now, {
    demo: options.demo ?? ctx.config.demoCampaigns,
    ...(options.owner ? { owner: options.owner } : {}),
  });
  const settlement = await runSettlementRound(ctx, now, options);
  return {
    ...settlement,
    revenuePaid: revenue.paid + revenue.demoFunded,
    revenueDemoReports: revenue.demoReports,
    revenueNotices: revenue.payoutNotices + revenue.reminders,
    errors: [...revenue.errors, ...settlement.errors],
  };
}
