import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acknowledged,
  campaign,
  escrowOf,
  expectAllInvariants,
  fund,
  investmentsOf,
  newCampaign,
  newMember,
  settlementsPerReservation,
  useTestApp,
  walletOf,
} from '../../../test/fixtures/settlement.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { invest } from '../investing/service.ts';
import { runDueWork } from './worker.ts';

// Investors racing each other. These run on PostgreSQL only (CI's second suite), where the calls
// really run side by side on a pool of connections; on the embedded PGlite its single connection
// serialises them and nothing would race.

let db: Db;
let ctx: AppContext;

useTestApp((env) => {
  ({ db, ctx } = env);
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent investments', () => {
  it('never passes the cap when 50 investors race for its last part, and every invariant holds', async () => {
    const c = await newCampaign(db, { goalCents: 100_000, maxCents: 200_000, minTicketCents: 5_000 });
    const whale = await newMember(db, { sophisticated: true });
    await fund(db, whale.id, 170_000);
    await invest(ctx, whale.id, c.id, { amount_cents: 170_000, ...acknowledged }, randomUUID());

    const racers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const m = await newMember(db, { sophisticated: true });
        await fund(db, m.id, 50_000);
        return { ...m, amount: 5_000 + (i % 4) * 2_500 };
      }),
    );
    const results = await Promise.allSettled(
      racers.map((r) => invest(ctx, r.id, c.id, { amount_cents: r.amount, ...acknowledged }, randomUUID())),
    );

    const won = results.flatMap((res, i) => (res.status === 'fulfilled' ? [racers[i]!] : []));
    const refusals = results.flatMap((res) => (res.status === 'rejected' ? [res.reason] : []));
    expect(refusals.length).toBeGreaterThan(0);
    for (const err of refusals) {
      expect(err).toBeInstanceOf(AppError);
      expect(['campaignFull', 'investAboveRemaining']).toContain((err as AppError).code);
      expect((err as AppError).status).toBe(409);
    }
    const after = await campaign(db, c.id);
    const wonTotal = won.reduce((n, r) => n + r.amount, 0);
    expect(won.length).toBeGreaterThan(0);
    expect(after.committedCents).toBe(170_000 + wonTotal);
    expect(after.committedCents).toBeLessThanOrEqual(200_000);
    // Whoever lost still has every cent available; whoever won has exactly their ticket reserved.
    for (const r of racers) {
      const w = await walletOf(db, r.id);
      const isWinner = won.includes(r);
      expect(w).toMatchObject({ posted: 50_000, reservedOut: isWinner ? r.amount : 0 });
    }
    expect(await escrowOf(db, c.id)).toMatchObject({ pendingIn: after.committedCents, posted: 0 });
    expect(after.investorCount).toBe(1 + won.length);
    await expectAllInvariants(db);

    // And the deadline settles exactly what was committed.
    await runDueWork(ctx, new Date(after.deadlineAt!.getTime() + 1_000));
    expect((await campaign(db, c.id)).status).toBe('services_active');
    expect(await escrowOf(db, c.id)).toMatchObject({ posted: after.committedCents, pendingIn: 0 });
    expect(await settlementsPerReservation(db, c.id)).toEqual(Array(won.length + 1).fill(1));
    await expectAllInvariants(db);
  });

  it('makes one investment when the same Idempotency-Key is sent 10 times at once', async () => {
    const c = await newCampaign(db);
    const m = await newMember(db);
    await fund(db, m.id, 100_000);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        invest(ctx, m.id, c.id, { amount_cents: 25_000, ...acknowledged }, key),
      ),
    );
    const ids = new Set(answers.map((a) => a.investment.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await investmentsOf(db, c.id)).toHaveLength(1);
    expect(await walletOf(db, m.id)).toMatchObject({
      posted: 100_000,
      reservedOut: 25_000,
      available: 75_000,
    });
    expect((await campaign(db, c.id)).committedCents).toBe(25_000);

    // The same key with another amount is refused, and moves nothing.
    await expect(
      invest(ctx, m.id, c.id, { amount_cents: 30_000, ...acknowledged }, key),
    ).rejects.toMatchObject({
      code: 'idempotencyKeyReused',
      status: 422,
    });
    expect(await walletOf(db, m.id)).toMatchObject({ reservedOut: 25_000 });
    await expectAllInvariants(db);
  });
});
