import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema-campaigns.ts';

// The `jobs` table as a lease and a logbook (ADR 0012). One row, key LEASE_KEY, says which worker
// may run settlement rounds until when: a worker claims it only when the lease has run out, renews
// it while it works and releases it at the end; a worker that dies leaves it to expire. Other rows
// record what each campaign's steps did: attempts, outcome, the last error. Times here are the
// database's clock (the lease is about real processes, not about the business clock).

export const LEASE_KEY = 'settlement:worker';

export type JobRow = typeof jobs.$inferSelect;

/** Takes the lease for `seconds` if nobody holds it (or its holder's lease ran out). */
export async function claimLease(db: Db, owner: string, seconds: number): Promise<boolean> {
  await db
    .insert(jobs)
    .values({ kind: 'lease', key: LEASE_KEY, state: 'done', runAt: sql`now()` })
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
        eq(jobs.key, LEASE_KEY),
        sql`(${jobs.leaseUntil} is null or ${jobs.leaseUntil} < now() or ${jobs.payload}->>'owner' = ${owner})`,
      ),
    )
    .returning({ id: jobs.id });
  return claimed.length === 1;
}

/** Extends the lease; false when it was lost (expired and taken by another worker). */
export async function renewLease(db: Db, owner: string, seconds: number): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})`, updatedAt: sql`now()` })
    .where(and(eq(jobs.key, LEASE_KEY), sql`${jobs.payload}->>'owner' = ${owner}`))
    .returning({ id: jobs.id });
  return renewed.length === 1;
}

/** Gives the lease back and notes what the round did. */
export async function releaseLease(
  db: Db,
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
    .where(and(eq(jobs.key, LEASE_KEY), sql`${jobs.payload}->>'owner' = ${owner}`));
}

export async function findJob(db: Db, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

/** Notes the start of an attempt at a campaign's step (one row per campaign and step). */
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
