import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledged,
  campaign,
  expectAllInvariants,
  fund,
  investmentsOf,
  newCampaign,
  newMember,
  settlementsPerReservation,
} from '../../../test/fixtures/settlement.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { findJob } from '../../platform/jobs.ts';
import { invest } from '../investing/service.ts';
import { LEASE_KEY } from './jobs.ts';
import { runDueWork, startSettlementWorker } from './worker.ts';

// Two instances of the app on one database. Instance A's settlement worker is stopped (as a clean
// shutdown stops it) in the middle of a round: the round ends after the investment in hand and
// gives the lease back, so instance B takes over at once instead of after the 60 s lease.

let t: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  b = await buildApp({ config: t.config, database: t.database, logger: false, startWorkers: false });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('settlement hand-over between instances', () => {
  it('a stopped worker releases its lease mid-round and another instance resumes at once', async () => {
    const db = t.database.db;
    const ctxA = t.app.ctx;
    const c = await newCampaign(db, { goalCents: 30_000 });
    for (let i = 0; i < 8; i++) {
      const m = await newMember(db, { sophisticated: true });
      await fund(db, m.id, 100_000);
      await invest(ctxA, m.id, c.id, { amount_cents: 5_000, ...acknowledged }, randomUUID());
    }
    // The deadline passes: the next round closes, decides and settles the campaign.
    await db
      .update(campaigns)
      .set({ deadlineAt: sql`now() - interval '1 second'` })
      .where(eq(campaigns.id, c.id));

    let midRound!: () => void;
    const reachedMidRound = new Promise<void>((resolve) => {
      midRound = resolve;
    });
    const stopA = startSettlementWorker(ctxA, 1, {
      owner: 'instance-a',
      afterInvestment: async (_id, n) => {
        if (n === 2) {
          midRound();
          await new Promise((r) => setTimeout(r, 200)); // the stop arrives while A is busy
        }
      },
    });
    await reachedMidRound;
    const holder = await findJob(db, LEASE_KEY);
    expect(holder?.payload).toMatchObject({ owner: 'instance-a' });
    expect(holder?.leaseUntil).not.toBeNull();

    await stopA();

    // A stopped after the investment in hand and gave the lease back.
    const lease = await findJob(db, LEASE_KEY);
    expect(lease?.leaseUntil).toBeNull();
    const afterA = await investmentsOf(db, c.id);
    expect(afterA.filter((i) => i.status === 'posted')).toHaveLength(2);
    expect(afterA.filter((i) => i.status === 'reserved')).toHaveLength(6);

    // B's very next round takes the lease (no 60 s wait) and settles the rest, each exactly once.
    const started = Date.now();
    const round = await runDueWork(b.ctx, new Date(), { owner: 'instance-b' });
    expect(round.leased).toBe(true);
    expect(round.posted).toBe(6);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await campaign(db, c.id)).status).toBe('services_active');
    expect(await settlementsPerReservation(db, c.id)).toEqual(Array(8).fill(1));
    await expectAllInvariants(db);
  }, 60_000);
});
