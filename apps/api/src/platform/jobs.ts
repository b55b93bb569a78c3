import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema-campaigns.ts';

// Background jobs (ADR 0012, ADR 0023). A feature registers a named job with an interval; the
// runner calls its tick every interval until the process stops. A tick that must run on one
// instance at a time holds a lease: one row of the `jobs` table, keyed by the job, says who may run
// it until when. A worker claims it only when the lease has run out, renews it while it works and
// releases it at the end; a worker that dies leaves it to expire. Times here are the database's
// clock (the lease is about real processes, not about the business clock).

/** A fresh name for whoever takes a lease: host, process and a random part. */
export const leaseOwner = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Takes the lease `key` for `seconds` if nobody holds it (or its holder's lease ran out). */
export async function claimLease(db: Db, key: string, owner: string, seconds: number): Promise<boolean> {
  await db
    .insert(jobs)
    .values({ kind: 'lease', key, state: 'done', runAt: sql`now()` })
    .onConflictDoNothing({ target: jobs.key });
  const claimed = await db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${seconds})`,
      payload: sql`${jobs.payload} || jsonb_build_object('owner', ${owner}::text, 'started_at', now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.key, key),
        sql`(${jobs.leaseUntil} is null or ${jobs.leaseUntil} < now() or ${jobs.payload}->>'owner' = ${owner})`,
      ),
    )
    .returning({ id: jobs.id });
  return claimed.length === 1;
}

/** Extends the lease; false when it was lost (expired and taken by another worker). */
export async function renewLease(db: Db, key: string, owner: string, seconds: number): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})`, updatedAt: sql`now()` })
    .where(and(eq(jobs.key, key), sql`${jobs.payload}->>'owner' = ${owner}`))
    .returning({ id: jobs.id });
  return renewed.length === 1;
}

/** Gives the lease back and notes what the round did. */
export async function releaseLease(
  db: Db,
  key: string,
  owner: string,
  summary: Record<string, unknown>,
  error: string | null,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: error ? 'failed' : 'done',
      leaseUntil: null,
      lastError: error,
      payload: sql`jsonb_build_object('last_owner', ${owner}::text, 'finished_at', now(), 'last_round', ${JSON.stringify(summary)}::jsonb)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.key, key), sql`${jobs.payload}->>'owner' = ${owner}`));
}

/** A job as a feature registers it. */
export interface Job {
  /** The name in logs and in the worker error metric (`indiesplit_worker_errors_total{worker}`). */
  name: string;
  /** Seconds between the end of one tick and the start of the next; 0 registers it but never runs it. */
  intervalSeconds: number;
  /**
   * One round at `now`. `signal` is aborted when the process stops: the tick ends after the piece
   * of work in hand and gives its lease back (ADR 0020).
   */
  tick: (now: Date, signal: AbortSignal) => Promise<unknown>;
}

/**
 * Runs registered jobs, each on its own timer, and stops them together. A tick that throws is
 * logged and counted, and the job runs again at its next interval.
 */
export class JobRunner {
  private readonly registered: Job[] = [];
  private readonly abort = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private started = false;
  private stopped = false;

  private readonly log: Pick<FastifyBaseLogger, 'error'>;
  private readonly onError: (job: string) => void;

  constructor(log: Pick<FastifyBaseLogger, 'error'>, onError: (job: string) => void = () => {}) {
    this.log = log;
    this.onError = onError;
  }

  register(job: Job): void {
    if (this.registered.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
    this.registered.push(job);
    if (this.started) this.schedule(job);
  }

  get jobs(): readonly Job[] {
    return this.registered;
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const job of this.registered) this.schedule(job);
  }

  /** Runs every job's tick once, in the order they were registered (tests, the dev tools). */
  async runAll(now: Date = new Date()): Promise<Record<string, unknown>> {
    const results: Record<string, unknown> = {};
    for (const job of this.registered) results[job.name] = await job.tick(now, this.abort.signal);
    return results;
  }

  /** Asks running ticks to end after the work in hand and waits for them; no tick starts after. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
  }

  private schedule(job: Job): void {
    if (this.stopped || job.intervalSeconds <= 0) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = job
        .tick(new Date(), this.abort.signal)
        .catch((err) => {
          this.onError(job.name);
          this.log.error({ err, job: job.name }, `${job.name} round failed`);
        })
        .finally(() => {
          this.running.delete(run);
          this.schedule(job);
        });
      this.running.add(run);
    }, job.intervalSeconds * 1000);
    timer.unref();
    this.timers.add(timer);
  }
}

// ---- the logbook of steps: what each attempt at a step did ------------------------------------

export type JobRow = typeof jobs.$inferSelect;

export async function findJob(db: Db, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

/** Notes the start of an attempt at a step of a job, e.g. a campaign's settlement (one row per step). */
export async function startStep(db: Db, key: string, kind: string, campaignId: string): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, key, state: 'running', attempts: 1, payload: { campaign_id: campaignId } })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { state: 'running', attempts: sql`${jobs.attempts} + 1`, updatedAt: sql`now()` },
    });
}

/** Notes how an attempt ended: done with what it did, or the error it met (retried next round). */
export async function finishStep(
  db: Db,
  key: string,
  outcome: { done: true; result: Record<string, unknown> } | { done: false; error: string },
): Promise<void> {
  await db
    .update(jobs)
    .set(
      outcome.done
        ? {
            state: 'done',
            lastError: null,
            payload: sql`${jobs.payload} || ${JSON.stringify(outcome.result)}::jsonb`,
            updatedAt: sql`now()`,
          }
        : { state: 'queued', lastError: outcome.error.slice(0, 500), updatedAt: sql`now()` },
    )
    .where(eq(jobs.key, key));
}
