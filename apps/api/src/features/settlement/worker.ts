import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import type { AppContext } from '../../platform/context.ts';
import {
  claimLease,
  finishStep,
  type Job,
  JobRunner,
  leaseOwner,
  releaseLease,
  renewLease,
  startStep,
} from '../../platform/jobs.ts';
import type { WorkerName } from '../../platform/metrics.ts';
import { ensureDemoRounds } from './demo-campaigns.ts';
import * as jobs from './jobs.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

// The settlement worker (ADR 0012). Every few seconds one round does whatever is due: open
// scheduled campaigns, close live ones at their deadline, decide closed ones, settle their
// investments one transaction at a time, refund cancelled ones, keep the demo rounds going. The
// state lives in the campaign and investment rows, so a restart resumes where the last round
// stopped; a lease in the `jobs` table makes sure one worker at a time does it. The revenue share
// runs as its own job (revenue/worker.ts); both are registered with the app's job runner.

const LEASE_SECONDS = 60;
const BATCH = 100;
/** Renew the lease after this many investments, well inside LEASE_SECONDS. */
const RENEW_EVERY = 50;

export interface RunOptions {
  /** Who takes the lease; a fresh name by default (one per round). */
  owner?: string;
  /** Keep the demo campaigns going; the configuration decides by default. */
  demo?: boolean;
  /** Called after each investment's transaction committed (tests throw here to simulate a crash). */
  afterInvestment?: (investmentId: string, settledInThisRound: number) => void | Promise<void>;
  /** Aborted when the process stops: the round ends after the investment in hand (ADR 0020). */
  signal?: AbortSignal;
}

export interface RoundSummary {
  /** False when another worker holds the lease: this round did nothing. */
  leased: boolean;
  opened: number;
  closed: number;
  funded: number;
  failed: number;
  waiting: number;
  posted: number;
  refunded: number;
  completed: number;
  demoCreated: number;
  errors: string[];
}

class LeaseLost extends Error {}
class Stopping extends Error {}

/** States in which a campaign may have work left (see repo.campaignsIn). */
const SETTLING_STATUSES: CampaignStatus[] = [
  'closing',
  'funded',
  'services_active',
  'launched',
  'completed',
  'failed',
  'cancelled',
];

const emptySummary = (leased: boolean): RoundSummary => ({
  leased,
  opened: 0,
  closed: 0,
  funded: 0,
  failed: 0,
  waiting: 0,
  posted: 0,
  refunded: 0,
  completed: 0,
  demoCreated: 0,
  errors: [],
});

/**
 * Does everything due at `now` (the business clock: tests pass the day they want), under the
 * lease. A campaign whose step fails is noted in its job row and retried next round; the others
 * go on.
 */
export async function runDueWork(
  ctx: AppContext,
  now: Date = new Date(),
  options: RunOptions = {},
): Promise<RoundSummary> {
  const owner = options.owner ?? leaseOwner();
  if (!(await claimLease(ctx.db, jobs.LEASE_KEY, owner, LEASE_SECONDS))) return emptySummary(false);
  const summary = emptySummary(true);
  let fatal: string | null = null;
  const stopIfAsked = () => {
    if (options.signal?.aborted) throw new Stopping('stopping');
  };
  const renew = async () => {
    stopIfAsked();
    if (!(await renewLease(ctx.db, jobs.LEASE_KEY, owner, LEASE_SECONDS))) throw new LeaseLost('lease lost');
  };

  /** Runs one campaign's step, recording it in its job row; errors are noted, not thrown. */
  const step = async (key: string, kind: string, campaignId: string, work: () => Promise<object>) => {
    await startStep(ctx.db, key, kind, campaignId);
    try {
      const result = await work();
      await finishStep(ctx.db, key, { done: true, result: { ...result } });
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      if (err instanceof Stopping) {
        await finishStep(ctx.db, key, {
          done: false,
          error: 'stopped by a shutdown; resumed next round',
        });
        throw err;
      }
      const message = err instanceof Error ? err.message : String(err);
      summary.errors.push(`${key}: ${message}`);
      ctx.metrics.workerError('settlement');
      ctx.log.error({ err, campaignId, step: kind }, 'settlement step failed; retried next round');
      await finishStep(ctx.db, key, { done: false, error: message });
    }
    await renew();
  };

  let settledInRound = 0;
  const settleAll = async (campaignId: string, how: 'post' | 'void') => {
    let count = 0;
    for (;;) {
      const ids = await repo.reservedIds(ctx.db, campaignId, BATCH);
      if (ids.length === 0) return count;
      let progressed = false;
      for (const id of ids) {
        if (await service.settleInvestment(ctx, campaignId, id, how, now)) {
          count++;
          settledInRound++;
          progressed = true;
          if (how === 'post') summary.posted++;
          else summary.refunded++;
          await options.afterInvestment?.(id, settledInRound);
          stopIfAsked();
          if (settledInRound % RENEW_EVERY === 0) await renew();
        }
      }
      // Nothing settled: the campaign is not in a settling state (any more); leave it.
      if (!progressed) return count;
    }
  };

  try {
    for (const id of await repo.scheduledDue(ctx.db, now, BATCH)) {
      await step(`campaign:${id}:open`, 'campaign_open', id, async () => {
        const opened = await service.openCampaign(ctx, id, now);
        if (opened) summary.opened++;
        return { opened };
      });
    }
    for (const id of await repo.liveDue(ctx.db, now, BATCH)) {
      await step(`campaign:${id}:close`, 'campaign_close', id, async () => {
        const closed = await service.closeCampaign(ctx, id, now);
        if (closed) summary.closed++;
        return { closed };
      });
    }
    for (const id of await repo.campaignsIn(ctx.db, SETTLING_STATUSES, BATCH)) {
      // Only the decision is looked at every round while reflection periods run; a job row is
      // written when there is work.
      let decided: Awaited<ReturnType<typeof service.decideCampaign>>;
      try {
        decided = await service.decideCampaign(ctx, id, now);
      } catch (err) {
        // One campaign that cannot be decided must not hold up the others.
        summary.errors.push(`campaign:${id}:decide: ${err instanceof Error ? err.message : String(err)}`);
        ctx.metrics.workerError('settlement');
        ctx.log.error({ err, campaignId: id }, 'campaign decision failed; retried next round');
        continue;
      }
      if (decided === 'waiting') {
        summary.waiting++;
        continue;
      }
      if (decided) summary[decided]++;
      await step(`campaign:${id}:settle`, 'campaign_settlement', id, async () => {
        const posted = await settleAll(id, 'post');
        const refunded = await settleAll(id, 'void');
        const completed = await service.completeFunded(ctx, id);
        if (completed) summary.completed++;
        return { posted, refunded, completed };
      });
    }
    if (options.demo ?? ctx.config.demoCampaigns) {
      summary.demoCreated = await ensureDemoRounds(ctx.db, now, ctx.config.demoRoundMinutes);
    }
  } catch (err) {
    fatal = err instanceof Error ? err.message : String(err);
    if (err instanceof Stopping) {
      fatal = null;
      ctx.log.info({ owner }, 'settlement round stopped early; the lease is released for another instance');
    } else if (err instanceof LeaseLost) {
      ctx.log.warn({ owner }, 'settlement lease lost; another worker goes on');
    } else throw err;
  } finally {
    if (summary.posted + summary.refunded + summary.opened + summary.funded + summary.failed > 0)
      ctx.mail.nudge();
    await releaseLease(ctx.db, jobs.LEASE_KEY, owner, { ...summary, at: now.toISOString() }, fatal).catch(
      (err) => ctx.log.warn({ err }, 'could not release the settlement lease; it expires'),
    );
  }
  return summary;
}

/** The settlement round as a job of the app's runner (platform/jobs.ts). */
export function settlementJob(
  ctx: AppContext,
  intervalSeconds: number,
  options: Omit<RunOptions, 'signal'> = {},
): Job {
  return {
    name: 'settlement',
    intervalSeconds,
    tick: (now, signal) => runDueWork(ctx, now, { ...options, signal }),
  };
}

/**
 * Runs a round every `intervalSeconds` until stopped, on a runner of its own. stop() asks a running
 * round to end after the investment in hand and waits for it: the round releases the lease on its
 * way out, so another instance takes over at once instead of after LEASE_SECONDS.
 */
export function startSettlementWorker(
  ctx: AppContext,
  intervalSeconds: number,
  options: Omit<RunOptions, 'signal'> = {},
): () => Promise<void> {
  const runner = new JobRunner(ctx.log, (job) => ctx.metrics.workerError(job as WorkerName));
  runner.register(settlementJob(ctx, intervalSeconds, options));
  runner.start();
  return () => runner.stop();
}
