import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema-campaigns.ts';

// The `jobs` table as a lease and a logbook (ADR 0012). One row, key LEASE_KEY, is the settlement
// round's lease, held through platform/jobs.ts (ADR 0023). Other rows record what each campaign's
// steps did: attempts, outcome, the last error.

export const LEASE_KEY = 'settlement:worker';

export type JobRow = typeof jobs.$inferSelect;

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
