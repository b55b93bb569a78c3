import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acknowledged,
  allowRefusal,
  campaign,
  cancel,
  DAY,
  newCampaign,
  newMember,
} from '../../../test/fixtures/settlement.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { CampaignRow } from '../campaigns/state.ts';
import { markWithdrawalPaid } from '../funds/commands/mark-withdrawal-paid.ts';
import { recordDeposit } from '../funds/commands/record-deposit.ts';
import { rejectWithdrawal } from '../funds/commands/reject-withdrawal.ts';
import { requestWithdrawal } from '../funds/commands/request-withdrawal.ts';
import { referenceOf } from '../funds/service.ts';
import { revoke } from '../investing/commands/revoke-investment.ts';
import { invest } from '../investing/service.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { checkInvestmentInvariants } from './invariants.ts';
import { runDueWork } from './worker.ts';

// Random sequences of what people and the platform do — deposits, investments, revocations, time
// passing (settlement rounds), cancellations, withdrawals paid or rejected — with both invariant
// reports checked after every step. Deposits and withdrawals go through the funds service, investing
// and revoking through the investing service, time through the settlement worker: the real paths.

let t: TestApp;
let db: Db;
let ctx: AppContext;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ctx = t.app.ctx;
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const MEMBERS = 4;
const CAMPAIGNS = 2;

type Step =
  | { kind: 'deposit'; who: number; cents: number }
  | { kind: 'invest'; who: number; campaign: number; cents: number }
  | { kind: 'revoke'; pick: number }
  | { kind: 'time'; hours: number }
  | { kind: 'cancel'; campaign: number }
  | { kind: 'withdraw'; who: number; cents: number; pay: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      who: fc.nat(MEMBERS - 1),
      // Unbiased: fast-check's default bias towards the bounds would make most deposits a few cents.
      cents: fc.noBias(fc.integer({ min: 1, max: 100_000 })),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('invest' as const),
      who: fc.nat(MEMBERS - 1),
      campaign: fc.nat(CAMPAIGNS - 1),
      cents: fc.noBias(fc.integer({ min: 4_000, max: 30_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revoke' as const), pick: fc.nat(50) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      hours: fc.noBias(fc.integer({ min: 1, max: 60 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), campaign: fc.nat(CAMPAIGNS - 1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      who: fc.nat(MEMBERS - 1),
      cents: fc.noBias(fc.integer({ min: 1, max: 50_000 })),
      pay: fc.boolean(),
    }),
  },
);

/**
 * Member 1 funds campaign 0 past its goal (posted at the end) and revokes a second investment;
 * member 2 stays below campaign 1's goal (refunded) and is paid out a withdrawal.
 */
const EVERY_PATH: Step[] = [
  { kind: 'deposit', who: 1, cents: 100_000 },
  { kind: 'deposit', who: 2, cents: 100_000 },
  { kind: 'invest', who: 1, campaign: 0, cents: 25_000 },
  { kind: 'invest', who: 2, campaign: 1, cents: 10_000 },
  { kind: 'invest', who: 1, campaign: 1, cents: 5_000 },
  { kind: 'revoke', pick: 2 },
  { kind: 'withdraw', who: 2, cents: 1_000, pay: true },
  { kind: 'time', hours: 60 },
];

describe('random sequences of money movements', () => {
  it('keep the ledger and the investment invariants after every step', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let clock = Date.now();
    vi.setSystemTime(clock);
    const admin = await newMember(db, { staffRole: 'admin' });
    const seen = { invested: 0, revoked: 0, posted: 0, refunded: 0, paid: 0 };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        const members = [];
        for (let i = 0; i < MEMBERS; i++) {
          const m = await newMember(db, { sophisticated: i === 0 });
          members.push({ ...m, reference: await referenceOf(db, m.id) });
        }
        const campaigns: CampaignRow[] = [];
        for (let i = 0; i < CAMPAIGNS; i++)
          campaigns.push(
            await newCampaign(db, {
              goalCents: 20_000 + i * 50_000,
              maxCents: 90_000,
              startsAt: new Date(clock - DAY),
              deadlineAt: new Date(clock + (2 + i * 3) * DAY),
            }),
          );
        const investmentIds: Array<{ id: string; investor: string }> = [];

        for (const s of steps) {
          switch (s.kind) {
            case 'deposit': {
              const m = members[s.who]!;
              await recordDeposit(ctx, admin.id, {
                reference: m.reference,
                amount_cents: s.cents,
                bank_transaction_id: randomUUID(),
                value_date: '2026-01-15',
              });
              break;
            }
            case 'invest': {
              const m = members[s.who]!;
              await allowRefusal(async () => {
                const { investment } = await invest(
                  ctx,
                  m.id,
                  campaigns[s.campaign]!.id,
                  { amount_cents: s.cents, ...acknowledged, high_amount_consent: true },
                  randomUUID(),
                );
                investmentIds.push({ id: investment.id, investor: m.id });
                seen.invested++;
              });
              break;
            }
            case 'revoke': {
              const pick = investmentIds[s.pick % Math.max(1, investmentIds.length)];
              if (pick)
                await allowRefusal(async () => {
                  await revoke(ctx, pick.investor, pick.id);
                  seen.revoked++;
                });
              break;
            }
            case 'time': {
              clock += s.hours * 3600 * 1000;
              vi.setSystemTime(clock);
              const round = await runDueWork(ctx, new Date(clock));
              expect(round.errors).toEqual([]);
              seen.posted += round.posted;
              seen.refunded += round.refunded;
              break;
            }
            case 'cancel': {
              const c = await campaign(db, campaigns[s.campaign]!.id);
              if (['live', 'closing'].includes(c.status)) await cancel(db, c.id, admin.id);
              break;
            }
            case 'withdraw': {
              const m = members[s.who]!;
              await allowRefusal(async () => {
                const w = await requestWithdrawal(ctx, m.id, {
                  amount_cents: s.cents,
                  iban: 'IT60X0542811101000000123456',
                  account_holder: 'Ada Investor',
                });
                if (s.pay) {
                  await markWithdrawalPaid(ctx, admin.id, w.id, { bank_reference: `B-${w.id.slice(0, 8)}` });
                  seen.paid++;
                } else await rejectWithdrawal(ctx, admin.id, w.id, { note: 'Name does not match' });
              });
              break;
            }
          }
          const ledger = await checkLedgerInvariants(db);
          const investments = await checkInvestmentInvariants(db);
          if (!ledger.ok || !investments.ok)
            throw new Error(
              `after ${JSON.stringify(s)}: ${[...ledger.violations, ...investments.violations].join('; ')}`,
            );
        }

        // Let every campaign of this run end, and check once more.
        clock += 12 * DAY;
        vi.setSystemTime(clock);
        const last = await runDueWork(ctx, new Date(clock));
        seen.posted += last.posted;
        seen.refunded += last.refunded;
        for (const c of campaigns) {
          const end = await campaign(db, c.id);
          expect(['services_active', 'failed', 'cancelled']).toContain(end.status);
          if (end.status !== 'services_active') expect(end.committedCents).toBe(0);
        }
        expect((await checkLedgerInvariants(db)).violations).toEqual([]);
        expect((await checkInvestmentInvariants(db)).violations).toEqual([]);
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 20),
        endOnFailure: true,
        // One known sequence first, through every path (invest, revoke, pay out, post, refund), so
        // the check below never depends on what the random ones happened to reach.
        examples: [[EVERY_PATH]],
      },
    );
    // The sequences did reach every path (a property that only ever saw refusals proves nothing).
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  }, 120_000);
});
