import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { fund, newMember, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { deleteAccount } from '../../app/erase-account.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordDeposit } from '../funds/commands/record-deposit.ts';
import { referenceOf } from '../funds/service.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';

// Money must never end up in an account nobody can open. An admin recording a deposit while the
// member deletes the account: one of the two wins, never both. The race needs two transactions on
// two connections; PGlite has one connection and runs them one after the other, so the race runs
// in the PostgreSQL suite (TEST_DATABASE_URL, always run in CI). The invariant check that would
// report stranded money runs everywhere.

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

const ROUNDS = 50;

describe('a deposit racing the account deletion', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    `leaves no money in a deleted account, ${ROUNDS} rounds on separate connections (PostgreSQL only: PGlite has one connection, so nothing would interleave)`,
    async () => {
      const admin = await newMember(db, { staffRole: 'admin' });
      const outcomes = { depositWon: 0, deletionWon: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const m = await newMember(db);
        const reference = await referenceOf(db, m.id);
        const [deposit, deletion] = await Promise.allSettled([
          recordDeposit(ctx, admin.id, {
            reference,
            amount_cents: 2_000,
            bank_transaction_id: `RACE-${randomBytes(6).toString('hex')}`,
            value_date: '2026-03-02',
          }),
          deleteAccount(ctx, m.id),
        ]);
        const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, m.id));
        const wallet = await walletOf(db, m.id);
        if (deposit.status === 'fulfilled') {
          // The deposit committed first: the deletion saw the euros and refused.
          expect(deletion).toMatchObject({ status: 'rejected', reason: { code: 'accountHoldsMoney' } });
          expect(row?.deletedAt).toBeNull();
          expect(wallet?.posted).toBe(2_000);
          outcomes.depositWon++;
        } else {
          // The deletion committed first: the deposit found no open account and moved nothing.
          expect(deposit.reason).toMatchObject({ code: 'unknownDepositReference', status: 422 });
          expect(deletion.status).toBe('fulfilled');
          expect(row?.deletedAt).not.toBeNull();
          expect(wallet?.posted ?? 0).toBe(0);
          outcomes.deletionWon++;
        }
      }
      expect(outcomes.depositWon + outcomes.deletionWon).toBe(ROUNDS);
      expect((await checkLedgerInvariants(db)).violations).toEqual([]);
    },
  );
});

describe('the back office invariant check', () => {
  it('reports euros held by a deleted account', async () => {
    const admin = await member(t, 'admin');
    const healthy = await admin.client.get('/api/backoffice/invariants/');
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json().ledger).toEqual({ ok: true, violations: [] });

    // Plant the state the race used to leave: a funded wallet whose account is then marked deleted
    // behind the service's back.
    const m = await newMember(db);
    await fund(db, m.id, 4_200);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, m.id));

    const res = await admin.client.get('/api/backoffice/invariants/');
    expect(res.statusCode).toBe(200);
    const { ledger } = res.json();
    expect(ledger.ok).toBe(false);
    expect(ledger.violations).toEqual([
      `wallet:${m.id}:EUR belongs to a deleted account but holds 4200 posted, 0 pending in and 0 reserved out`,
    ]);
  });
});
