import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifiedStudio } from '../../../test/fixtures/kyb.ts';
import {
  acknowledged,
  allowRefusal,
  campaign,
  newCampaign,
  newMember,
} from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { confirmedWithdrawalAccount, useSandboxApp } from '../../../test/payments-sandbox.ts';
import { runDueWork } from '../../app/workers.ts';
import { providerRevenuePayins } from '../../db/schema-payments-revenue.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import type { CampaignRow } from '../campaigns/state.ts';
import { requestWithdrawal } from '../funds/commands/request-withdrawal.ts';
import { invest } from '../investing/service.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { checkRevenueInvariants } from '../revenue/revenue-invariants.ts';
import { verifiedReport } from '../revenue/verified-report.ts';
import { checkInvestmentInvariants } from '../settlement/invariants.ts';
import { sendEscrowTransfers } from './escrow.ts';
import { sendPayouts } from './payouts.ts';
import { reconcile } from './reconciliation.ts';
import { releaseEscrows } from './release.ts';
import * as repo from './repo.ts';
import { returnRevenueSuspense, revenuePoolAccount, sendRevenueTransfers } from './revenue-pool.ts';
import * as revenueRepo from './revenue-pool-repo.ts';
import { assignSuspense, returnSuspense, startIdentityCheck } from './service.ts';

// Random sequences of what happens at the payment provider — transfers to members' personal
// IBANs (from them, or from strangers into suspense), notices delivered twice or late, suspense
// decisions (a return's payout on its way over several steps, then paid or refused by the bank), investments, campaigns settling (and their escrow transfers), payouts paid or refused
// by the bank, the funded campaign's escrow paid to its studio (and the studio's bank paying or
// refusing), its revenue pools paid to its revenue IBAN (the exact pool, a wrong amount that is
// parked and returned, a late notice) and its distributions' transfers — with the
// ledger's and the revenue share's invariants and the reconciliation with the provider checked
// after every step: whatever the order of events, the provider and the ledger agree.

let t: TestApp;
let sandbox: SandboxProvider;
let adminId: string;
/** The studio of the campaigns, verified at the provider (its escrow is paid to its wallet). */
let studioId: string;

// Payouts settle when a test says so (sandbox.settlePayout), never on their own meanwhile.
useSandboxApp(
  async (env) => {
    ({ t, sandbox } = env);
    adminId = env.admin.id;
    studioId = await verifiedStudio(t.app.ctx);
  },
  { payoutDelayMs: 3_600_000 },
);

const MEMBERS = 3;
const CAMPAIGNS = 2;
const OWN_IBAN = 'IT60X0542811101000000123456';
const REFUSING_IBAN = 'DE89370400440532013000';
/** Where a parked pay-in's payer gets it back (the provider registers their account with it). */
const PAYER_ADDRESS = {
  line1: 'Via Lanterna 3',
  city: 'Milano',
  postal_code: '20121',
  country: 'IT' as const,
};

type Step =
  | { kind: 'wire'; who: number; cents: number; stranger: boolean; late: boolean }
  | { kind: 'deliver' }
  | { kind: 'replay'; pick: number }
  | { kind: 'decide'; pick: number; assign: boolean }
  | { kind: 'invest'; who: number; campaign: number; cents: number }
  | { kind: 'settle' }
  | { kind: 'withdraw'; who: number; cents: number; refused: boolean }
  | { kind: 'report'; net: number }
  | { kind: 'pool'; exact: boolean; late: boolean }
  | { kind: 'giveBack'; pick: number }
  | { kind: 'returnSettles'; refused: boolean }
  | { kind: 'distribute' }
  | { kind: 'release'; refused: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('wire' as const),
      who: fc.nat(MEMBERS - 1),
      cents: fc.noBias(fc.integer({ min: 1, max: 60_000 })),
      stranger: fc.boolean(),
      late: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deliver' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat(40) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(10), assign: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('invest' as const),
      who: fc.nat(MEMBERS - 1),
      campaign: fc.nat(CAMPAIGNS - 1),
      cents: fc.noBias(fc.integer({ min: 5_000, max: 30_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      who: fc.nat(MEMBERS - 1),
      cents: fc.noBias(fc.integer({ min: 1, max: 30_000 })),
      refused: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      net: fc.noBias(fc.integer({ min: 1_000, max: 400_000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('pool' as const), exact: fc.boolean(), late: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('giveBack' as const), pick: fc.nat(10) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('returnSettles' as const), refused: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('distribute' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('release' as const), refused: fc.boolean() }),
  },
);

/**
 * One sequence through every path: credited, parked and assigned, parked and sent back (the payout
 * refused, sent back again and paid, in flight over several steps), a late and a replayed notice, a funded campaign moved to escrow, a pool paid in of the wrong amount (parked,
 * returned) and of the right one (late, then twice), its distribution's transfers, a payout paid
 * and one refused.
 */
const EVERY_PATH: Step[] = [
  { kind: 'wire', who: 0, cents: 40_000, stranger: false, late: false },
  { kind: 'wire', who: 1, cents: 30_000, stranger: false, late: true },
  { kind: 'wire', who: 2, cents: 2_000, stranger: true, late: false },
  { kind: 'wire', who: 2, cents: 3_000, stranger: true, late: false },
  { kind: 'decide', pick: 0, assign: true },
  { kind: 'decide', pick: 0, assign: false },
  { kind: 'returnSettles', refused: true },
  { kind: 'decide', pick: 0, assign: false },
  { kind: 'deliver' },
  { kind: 'replay', pick: 1 },
  { kind: 'invest', who: 0, campaign: 0, cents: 20_000 },
  { kind: 'invest', who: 1, campaign: 1, cents: 10_000 },
  { kind: 'settle' },
  { kind: 'release', refused: false },
  { kind: 'report', net: 300_000 },
  { kind: 'pool', exact: false, late: false },
  { kind: 'giveBack', pick: 0 },
  { kind: 'pool', exact: true, late: true },
  { kind: 'returnSettles', refused: false },
  { kind: 'report', net: 125_000 },
  { kind: 'deliver' },
  { kind: 'distribute' },
  { kind: 'pool', exact: true, late: false },
  { kind: 'replay', pick: 40 },
  { kind: 'withdraw', who: 0, cents: 5_000, refused: false },
  { kind: 'withdraw', who: 1, cents: 5_000, refused: true },
];

describe('random sequences of provider events', () => {
  it('keep the ledger’s invariants, and the provider and the ledger reconciled, after every step', async () => {
    const ctx = t.app.ctx;
    const db = t.database.db;
    const seen = {
      credited: 0,
      parked: 0,
      decided: 0,
      escrowed: 0,
      paid: 0,
      refused: 0,
      replayed: 0,
      reported: 0,
      pooled: 0,
      returnedPool: 0,
      returnPaid: 0,
      returnRefused: 0,
      distributed: 0,
      released: 0,
    };
    sandbox.failingIbans.add(REFUSING_IBAN);
    const payinHook = () =>
      [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED');

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 14 }), async (steps) => {
        const members: Array<{ id: string; iban: string }> = [];
        for (let i = 0; i < MEMBERS; i++) {
          const m = await newMember(db);
          const { hosted_url } = await startIdentityCheck(ctx, m.id);
          await fetch(hosted_url, {
            method: 'POST',
            body: new URLSearchParams({ outcome: 'approve' }),
            redirect: 'manual',
          });
          await sandbox.flushHooks();
          const account = await repo.findAccount(db, m.id);
          if (!account) throw new Error('a verified member has no provider account');
          members.push({ ...m, iban: account.iban });
        }
        const campaigns: CampaignRow[] = [];
        for (let i = 0; i < CAMPAIGNS; i++)
          campaigns.push(
            await newCampaign(db, {
              goalCents: 15_000 + i * 60_000,
              maxCents: 90_000,
              reflectionSeconds: 0,
              developerId: studioId,
              successFeeBps: 300,
              deadlineAt: new Date(Date.now() + 3600_000),
            }),
          );
        /** Pay-ins whose notice has not arrived yet: the provider has them, the ledger not yet. */
        const late: Array<{ id: string; cents: number; account: string }> = [];
        const events: Array<[string, string]> = [];
        let month = 0;
        /** The funded campaign's distributions awaiting the studio's payment, and its IBAN. */
        const pool = () => revenuePoolAccount(ctx, adminId, campaigns[0]!.id);

        for (const s of steps) {
          switch (s.kind) {
            case 'wire': {
              const m = members[s.who]!;
              // A late notice: the provider's first delivery is lost, a later step sends it.
              if (s.late) payinHook()!.Status = 'DISABLED';
              const wire = sandbox.receiveWire({
                iban: m.iban,
                amount: s.cents,
                payerName: s.stranger ? 'Mallory Stranger' : 'Ada Investor',
              });
              payinHook()!.Status = 'ENABLED';
              if (s.late) late.push({ id: String(wire.Id), cents: s.cents, account: `wallet:${m.id}:EUR` });
              events.push(['PAYIN_NORMAL_SUCCEEDED', String(wire.Id)]);
              if (s.stranger) seen.parked++;
              else seen.credited++;
              break;
            }
            case 'deliver':
              for (const { id } of late.splice(0)) sandbox.emit('PAYIN_NORMAL_SUCCEEDED', id);
              break;
            case 'replay': {
              const event = events[s.pick % Math.max(1, events.length)];
              if (event) {
                sandbox.emit(event[0], event[1], 1);
                seen.replayed++;
                // Replaying a late notice delivers it.
                const wasLate = late.findIndex((l) => l.id === event[1]);
                if (wasLate >= 0) late.splice(wasLate, 1);
              }
              break;
            }
            case 'decide': {
              const parked = await repo.listParked(db);
              const item = parked[s.pick % Math.max(1, parked.length)];
              if (item)
                await allowRefusal(async () => {
                  if (s.assign) await assignSuspense(ctx, adminId, item.payinId, '127.0.0.1');
                  else await returnSuspense(ctx, adminId, item.payinId, PAYER_ADDRESS, '127.0.0.1');
                  seen.decided++;
                });
              break;
            }
            case 'invest':
              await allowRefusal(() =>
                invest(
                  ctx,
                  members[s.who]!.id,
                  campaigns[s.campaign]!.id,
                  { amount_cents: s.cents, ...acknowledged, high_amount_consent: true },
                  randomUUID(),
                ),
              );
              break;
            case 'settle': {
              // Past the deadline: the campaigns close and settle, and the funded one's money moves.
              const later = new Date(Date.now() + 2 * 3600_000);
              await runDueWork(ctx, later);
              const round = await runDueWork(ctx, new Date(later.getTime() + 60_000));
              expect(round.errors).toEqual([]);
              const moved = await sendEscrowTransfers(ctx);
              expect(moved.failed).toBe(0);
              seen.escrowed += moved.sent;
              for (const x of sandbox.state.transfers.values())
                events.push(['TRANSFER_NORMAL_SUCCEEDED', String(x.Id)]);
              break;
            }
            case 'withdraw': {
              const m = members[s.who]!;
              const asked: { id?: string } = {};
              await allowRefusal(async () => {
                asked.id = (
                  await requestWithdrawal(ctx, m.id, {
                    amount_cents: s.cents,
                    iban: s.refused ? REFUSING_IBAN : OWN_IBAN,
                    account_holder: 'Ada Investor',
                    holder_address: {
                      line1: 'Via Roma 1',
                      city: 'Milano',
                      postal_code: '20121',
                      country: 'IT',
                    },
                  })
                ).id;
              });
              if (!asked.id) break;
              // Paid only once the member confirmed the account with the provider (once per IBAN).
              await confirmedWithdrawalAccount(ctx, sandbox, m.id, asked.id);
              expect((await sendPayouts(ctx)).failed).toBe(0);
              for (const p of sandbox.state.payouts.values())
                if (p.Status === 'CREATED') {
                  sandbox.settlePayout(String(p.Id), s.refused ? 'FAILED' : 'SUCCEEDED');
                  events.push([s.refused ? 'PAYOUT_NORMAL_FAILED' : 'PAYOUT_NORMAL_SUCCEEDED', String(p.Id)]);
                  if (s.refused) seen.refused++;
                  else seen.paid++;
                }
              break;
            }
            case 'report': {
              // A verified month of sales of the funded campaign (none before it is funded).
              if ((await campaign(db, campaigns[0]!.id)).status !== 'services_active') break;
              const n = month++;
              await verifiedReport(db, campaigns[0]!.id, {
                periodStart: `${2027 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`,
                netCents: s.net,
              });
              seen.reported++;
              break;
            }
            case 'pool': {
              // The studio's wire to the revenue IBAN: the first pool due, or another amount.
              const view = await pool();
              if (!view.account) break;
              const due = view.due[0]?.amount_cents;
              const cents = s.exact && due ? due : (due ?? 1_000) + 1;
              if (s.late) payinHook()!.Status = 'DISABLED';
              const wire = sandbox.receiveWire({
                iban: view.account.iban,
                amount: cents,
                payerName: 'Studio Srl',
              });
              payinHook()!.Status = 'ENABLED';
              if (s.late)
                late.push({ id: String(wire.Id), cents, account: `revenue:${campaigns[0]!.id}:EUR` });
              events.push(['PAYIN_NORMAL_SUCCEEDED', String(wire.Id)]);
              break;
            }
            case 'giveBack': {
              const parked = await revenueRepo.listParkedRevenuePayins(db);
              const item = parked[s.pick % Math.max(1, parked.length)];
              if (item) {
                // One on its way already is refused (409); the others go.
                await allowRefusal(async () => {
                  await returnRevenueSuspense(ctx, adminId, item.payinId, PAYER_ADDRESS, '127.0.0.1');
                  seen.returnedPool++;
                });
              }
              break;
            }
            case 'release': {
              // A funded campaign's escrow paid to the studio, then its bank pays or refuses.
              const round = await releaseEscrows(ctx);
              expect(round.failed).toBe(0);
              seen.released += round.transferred;
              for (const x of sandbox.state.transfers.values())
                events.push(['TRANSFER_NORMAL_SUCCEEDED', String(x.Id)]);
              for (const p of sandbox.state.payouts.values())
                if (p.Status === 'CREATED' && String(p.Tag).startsWith('release:')) {
                  sandbox.settlePayout(String(p.Id), s.refused ? 'FAILED' : 'SUCCEEDED');
                  events.push([s.refused ? 'PAYOUT_NORMAL_FAILED' : 'PAYOUT_NORMAL_SUCCEEDED', String(p.Id)]);
                }
              break;
            }
            case 'returnSettles': {
              // The bank pays, or refuses, every payout sending a parked pay-in back.
              for (const p of sandbox.state.payouts.values())
                if (p.Status === 'CREATED' && p.PaymentRef) {
                  sandbox.settlePayout(String(p.Id), s.refused ? 'FAILED' : 'SUCCEEDED');
                  events.push([s.refused ? 'PAYOUT_NORMAL_FAILED' : 'PAYOUT_NORMAL_SUCCEEDED', String(p.Id)]);
                  if (s.refused) seen.returnRefused++;
                  else seen.returnPaid++;
                }
              break;
            }
            case 'distribute': {
              const round = await sendRevenueTransfers(ctx);
              expect(round.failed).toBe(0);
              seen.distributed += round.sent;
              for (const x of sandbox.state.transfers.values())
                events.push(['TRANSFER_NORMAL_SUCCEEDED', String(x.Id)]);
              break;
            }
          }
          await sandbox.flushHooks();
          const ledger = await checkLedgerInvariants(db);
          const investments = await checkInvestmentInvariants(db);
          const revenue = await checkRevenueInvariants(db);
          if (!ledger.ok || !investments.ok || !revenue.ok)
            throw new Error(
              `after ${JSON.stringify(s)}: ${[...ledger.violations, ...investments.violations, ...revenue.violations].join('; ')}`,
            );
          // Until a late notice arrives, its pay-in is listed as unknown to the ledger, and its
          // member's wallet holds exactly the late amounts more than the ledger says. Nothing else differs.
          const result = await reconcile(ctx, 'manual');
          const lateOn = (account: string) =>
            late.filter((l) => l.account === account).reduce((sum, l) => sum + l.cents, 0);
          const unexplained = result.differences.filter((d) =>
            d.kind === 'unknown_in_ledger'
              ? !late.some((l) => l.id === d.transaction_id)
              : !(
                  d.kind === 'balance' &&
                  (d.provider_cents ?? 0) - (d.expected_cents ?? 0) === lateOn(d.account)
                ),
          );
          if (unexplained.length > 0)
            throw new Error(`after ${JSON.stringify(s)}: ${JSON.stringify(unexplained, null, 1)}`);
          for (const l of late)
            expect(
              result.differences.some((d) => d.kind === 'unknown_in_ledger' && d.transaction_id === l.id),
            ).toBe(true);
        }
        // Every late notice arrives in the end, and then nothing differs.
        for (const { id } of late.splice(0)) sandbox.emit('PAYIN_NORMAL_SUCCEEDED', id);
        await sandbox.flushHooks();
        seen.distributed += (await sendRevenueTransfers(ctx)).sent;
        expect((await reconcile(ctx, 'manual')).differences).toEqual([]);
        seen.pooled = (await db.select().from(providerRevenuePayins)).filter(
          (p) => p.outcome === 'funded',
        ).length;
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 6),
        endOnFailure: true,
        examples: [[EVERY_PATH]],
      },
    );
    // The sequences did reach every path (a property that only ever saw refusals proves nothing).
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  }, 180_000);
});
