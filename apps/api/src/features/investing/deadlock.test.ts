import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  acknowledged,
  campaign,
  escrowOf,
  fund,
  investmentsOf,
  newCampaign,
  newMember,
  useTestApp,
  walletOf,
} from '../../../test/fixtures/settlement.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { lockCampaign } from '../campaigns/state.ts';
import { accountCode } from '../ledger/account-code.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { checkInvestmentInvariants } from '../settlement/invariants.ts';
import { revoke } from './commands/revoke-investment.ts';
import { invest } from './service.ts';

// Investments and revocations of one investor in one campaign, at the same time. They lock the
// investor's wallet first, so they queue on it; the settlement locks the campaign first, and the
// deadlocks that this can cause are retried inside invest and revoke. These are races, so they run
// on PostgreSQL only (CI's second suite), where the calls really overlap on a pool of connections;
// on the embedded PGlite everything is serialised and nothing would race.

let db: Db;
let ctx: AppContext;

useTestApp((env) => {
  ({ db, ctx } = env);
});

const TICKET = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every rejection is a refusal the API knows how to answer, never a database error. */
function expectOnlyKnownRefusals(results: PromiseSettledResult<unknown>[], allowed: string[]) {
  for (const r of results) {
    if (r.status === 'fulfilled') continue;
    expect(r.reason).toBeInstanceOf(AppError);
    expect(allowed).toContain((r.reason as AppError).code);
  }
}

async function expectInvariants() {
  expect((await checkLedgerInvariants(db)).violations).toEqual([]);
  expect((await checkInvestmentInvariants(db)).violations).toEqual([]);
}

/** Deadlocks PostgreSQL has detected in this database (its statistics, refreshed on demand). */
async function deadlocksDetected(): Promise<number> {
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const rows = await db.execute<{ n: string }>(
    sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number((rows as unknown as { rows: Array<{ n: string }> }).rows[0]!.n);
}

/** Returns once another session of this database is waiting for a lock (the investment, here). */
async function untilAnotherWaitsForALock(tx: Db): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    await tx.execute(sql`select pg_stat_clear_snapshot()`);
    const rows = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`);
    if ((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n > 0) return;
    await sleep(10);
  }
  throw new Error('the investment never waited for the campaign row');
}

describe.runIf(process.env.TEST_DATABASE_URL)('one investor investing and revoking at the same time', () => {
  it('never fails with a database error and keeps every invariant', async () => {
    const c = await newCampaign(db, { goalCents: 100_000, maxCents: 100_000_000, minTicketCents: TICKET });
    const m = await newMember(db);
    const other = await newMember(db);
    await fund(db, m.id, 10_000_000);
    await fund(db, other.id, 10_000_000);
    const first = await invest(ctx, m.id, c.id, { amount_cents: TICKET, ...acknowledged }, randomUUID());
    let previous = [first.investment.id];

    for (let round = 0; round < 25; round++) {
      const amount = TICKET + (round % 3) * 1_000;
      const calls: Promise<unknown>[] = [
        invest(ctx, m.id, c.id, { amount_cents: amount, ...acknowledged }, randomUUID()),
        invest(ctx, m.id, c.id, { amount_cents: TICKET, ...acknowledged }, randomUUID()),
        invest(ctx, other.id, c.id, { amount_cents: TICKET, ...acknowledged }, randomUUID()),
        ...previous.map((id) => revoke(ctx, m.id, id)),
      ];
      const results = await Promise.allSettled(calls);
      expectOnlyKnownRefusals(results, []);
      previous = results
        .slice(0, 2)
        .flatMap((r) =>
          r.status === 'fulfilled' ? [(r.value as { investment: { id: string } }).investment.id] : [],
        );
    }
    // The last round's investments are live; everything before was revoked (or is the other's).
    const live = (await investmentsOf(db, c.id)).filter((i) => i.status === 'reserved');
    const mine = live.filter((i) => i.investorId === m.id);
    expect(mine.map((i) => i.id).sort()).toEqual([...previous].sort());
    const after = await campaign(db, c.id);
    expect(after.committedCents).toBe(live.reduce((n, i) => n + i.amountCents, 0));
    expect(after.investorCount).toBe(2);
    expect(await walletOf(db, m.id)).toMatchObject({
      posted: 10_000_000,
      reservedOut: mine.reduce((n, i) => n + i.amountCents, 0),
    });
    expect(await escrowOf(db, c.id)).toMatchObject({ pendingIn: after.committedCents, posted: 0 });
    await expectInvariants();

    // Revoking the same investment twice at once: one revocation, the other is told it is done.
    const target = previous[0]!;
    const twice = await Promise.allSettled([revoke(ctx, m.id, target), revoke(ctx, m.id, target)]);
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expectOnlyKnownRefusals(twice, ['investmentNotRevocable']);
    await expectInvariants();
  });

  it('retries an investment that deadlocks with a transaction locking the campaign, then the wallet', async () => {
    const c = await newCampaign(db, { goalCents: 100_000, maxCents: 100_000_000, minTicketCents: TICKET });
    const m = await newMember(db);
    await fund(db, m.id, 1_000_000);
    // Make the wallet and escrow accounts exist (and be remembered) before the race.
    await invest(ctx, m.id, c.id, { amount_cents: TICKET, ...acknowledged }, randomUUID());
    const code = accountCode({ kind: 'wallet', currency: 'EUR', userId: m.id });

    const deadlocksBefore = await deadlocksDetected();
    for (let round = 0; round < 3; round++) {
      // The settlement's order: the campaign row, then (once the investment holds the wallet and
      // waits for the campaign) the investor's wallet: a cycle PostgreSQL breaks by
      // aborting the first of the two whose wait outlasts its deadlock_timeout. The settlement's is
      // raised, so the investment is always the victim: it must be retried and succeed.
      let campaignLocked!: () => void;
      const locked = new Promise<void>((resolve) => {
        campaignLocked = resolve;
      });
      const settlementOrder = db.transaction(async (tx) => {
        await tx.execute(sql`set local deadlock_timeout = '20s'`);
        await lockCampaign(tx, c.id);
        campaignLocked();
        await untilAnotherWaitsForALock(tx);
        await tx.execute(sql`select id from ledger_accounts where code = ${code} for update`);
      });
      // The investment starts once the campaign is locked: started earlier, it could take the
      // campaign row first and finish with nothing to wait for.
      await Promise.race([locked, settlementOrder]);
      const investing = invest(ctx, m.id, c.id, { amount_cents: TICKET, ...acknowledged }, randomUUID());
      const [, answer] = await Promise.all([settlementOrder, investing]);
      expect(answer.investment.status).toBe('reserved');
    }
    // The race really happened: PostgreSQL broke a deadlock in each round (its statistics reach the
    // shared counters within a second or so of the victim's next transaction).
    let detected = (await deadlocksDetected()) - deadlocksBefore;
    for (let wait = 0; detected < 3 && wait < 40; wait++) {
      await sleep(250);
      detected = (await deadlocksDetected()) - deadlocksBefore;
    }
    expect(detected).toBe(3);
    const after = await campaign(db, c.id);
    expect(after.committedCents).toBe(4 * TICKET);
    expect(after.investorCount).toBe(1);
    await expectInvariants();
  });
});
