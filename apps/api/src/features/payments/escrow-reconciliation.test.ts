import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import {
  acknowledged,
  campaign,
  DAY,
  fund,
  investmentsOf,
  newCampaign,
} from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { verifiedInvestor as investorAtSandbox, useSandboxApp } from '../../../test/payments-sandbox.ts';
import { runDueWork } from '../../app/workers.ts';
import { auditEvents } from '../../db/schema.ts';
import { jobs } from '../../db/schema-campaigns.ts';
import { providerEscrowTransfers } from '../../db/schema-payments.ts';
import { claimLease, releaseLease } from '../../platform/jobs.ts';
import type { Payments } from '../../platform/payments/create-provider.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import { invest } from '../investing/service.ts';
import { checkLedgerInvariants, findWallet } from '../ledger/service.ts';
import { checkInvestmentInvariants } from '../settlement/invariants.ts';
import { sendEscrowTransfers } from './escrow.ts';
import { nightlyDue, reconcile } from './reconciliation.ts';
import * as repo from './repo.ts';
import { keyFor } from './service.ts';

// Settlement at the provider and reconciliation (ADR 0039), against the sandbox provider over HTTP:
// a funded campaign's money follows the ledger from the investors' provider wallets to the
// campaign's escrow wallet, and the reconciliation compares every mapped wallet with the ledger.

let t: TestApp;
let payments: Payments;
let sandbox: SandboxProvider;
let admin: Awaited<ReturnType<typeof member>>;

useSandboxApp((env) => {
  ({ t, payments, sandbox, admin } = env);
});

const ctx = () => t.app.ctx;
const db = () => t.database.db;

const verifiedInvestor = (cents: number) => investorAtSandbox(ctx(), sandbox, cents);

const atProvider = async (walletId: string) => (await payments.provider!.getWallet(walletId))?.balance.amount;
const available = async (userId: string) => {
  const w = await findWallet(db(), userId, 'EUR');
  return w ? w.creditsPosted - w.debitsPosted - w.debitsPending : 0;
};

const put = (userId: string, campaignId: string, cents: number) =>
  invest(ctx(), userId, campaignId, { amount_cents: cents, ...acknowledged }, randomUUID());

/** Runs the settlement rounds past the campaign's deadline (its reflection period is zero). */
async function settle(campaignId: string) {
  const deadline = (await campaign(db(), campaignId)).deadlineAt!;
  await runDueWork(ctx(), new Date(deadline.getTime() + 1_000));
  await runDueWork(ctx(), new Date(deadline.getTime() + 5 * DAY));
}

/** Reconciles now and expects no difference (on `accounts` only, when given). */
async function expectReconciled(accounts?: string[]) {
  const result = await reconcile(ctx(), 'manual');
  const mine = result.differences.filter((d) => !accounts || accounts.includes(d.account));
  expect(mine).toEqual([]);
  if (!accounts) expect(result.ok).toBe(true);
  return result;
}

describe('a funded campaign’s money at the provider', () => {
  it('moves to the campaign’s escrow wallet once per investment; a failed campaign’s stays with the investors', async () => {
    const a = await verifiedInvestor(30_000);
    const b = await verifiedInvestor(25_000);
    const funded = await newCampaign(db(), { goalCents: 50_000, reflectionSeconds: 0 });
    const failed = await newCampaign(db(), { goalCents: 100_000, reflectionSeconds: 0 });
    await put(a.id, funded.id, 30_000);
    await put(b.id, funded.id, 20_000);
    await put(b.id, failed.id, 5_000);
    // Reserved, not moved: the provider holds the money where it was, and the books agree.
    await expectReconciled();

    await settle(funded.id);
    await settle(failed.id);
    expect((await campaign(db(), funded.id)).status).toBe('services_active');
    expect((await campaign(db(), failed.id)).status).toBe('failed');
    expect((await investmentsOf(db(), funded.id)).map((i) => i.status)).toEqual(['posted', 'posted']);

    // The escrow wallet is made on the first transfer; a fault that loses its answer three times
    // leaves that investment for the next round, and the retried wallet is the same wallet.
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({ kind: 'status500' as const, afterWork: true })),
    );
    expect(await sendEscrowTransfers(ctx())).toEqual({ sent: 1, failed: 1 });
    expect(await sendEscrowTransfers(ctx())).toEqual({ sent: 1, failed: 0 });
    expect(await sendEscrowTransfers(ctx())).toEqual({ sent: 0, failed: 0 });

    const escrows = [...sandbox.state.wallets.values()].filter((w) => w.Tag === `escrow:${funded.id}`);
    expect(escrows).toHaveLength(1);
    expect(escrows[0]?.Owners).toEqual([payments.platformUserId]);
    const escrowId = String(escrows[0]?.Id);
    expect(await atProvider(escrowId)).toBe(50_000);
    expect(await atProvider(a.walletId)).toBe(0);
    // B's 5,000 in the failed campaign never left B's provider wallet, and is available again.
    expect(await atProvider(b.walletId)).toBe(5_000);
    expect(await available(b.id)).toBe(5_000);
    const transfers = [...sandbox.state.transfers.values()].filter((x) => x.CreditedWalletId === escrowId);
    expect(transfers.map((x) => (x.DebitedFunds as { Amount: number }).Amount).sort()).toEqual([
      20_000, 30_000,
    ]);

    // The provider's events, again and late, change nothing twice.
    for (const x of transfers) sandbox.emit('TRANSFER_NORMAL_SUCCEEDED', String(x.Id));
    await sandbox.flushHooks();
    const again = await t
      .client()
      .get(
        `/api/payments/hooks?EventType=TRANSFER_NORMAL_SUCCEEDED&RessourceId=${String(transfers[0]?.Id)}&Date=1`,
      );
    expect(again.json()).toEqual({ result: 'duplicate' });
    const rows = await db()
      .select()
      .from(providerEscrowTransfers)
      .where(eq(providerEscrowTransfers.campaignId, funded.id));
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);

    const result = await expectReconciled();
    // Both members' wallets and the escrow, at least (other tests of the file add their own).
    expect(result.accounts_checked).toBeGreaterThanOrEqual(3);
    expect(await checkLedgerInvariants(db())).toMatchObject({ ok: true });
    expect(await checkInvestmentInvariants(db())).toMatchObject({ ok: true });
  });

  it('a retry after the provider forgot its Idempotency-Key (24 h) adopts the transfer the lost answer made', async () => {
    const a = await verifiedInvestor(20_000);
    const c = await newCampaign(db(), { goalCents: 10_000, reflectionSeconds: 0 });
    await put(a.id, c.id, 10_000);
    await settle(c.id);
    // An earlier round made the campaign's escrow wallet.
    const escrow = await payments.provider!.createWallet(
      { ownerId: payments.platformUserId!, description: 'Escrow', tag: `escrow:${c.id}` },
      keyFor(`escrow-wallet:${c.id}`),
    );
    await repo.insertEscrowWallet(db(), c.id, escrow.id);

    // The transfer is made, but its answer is lost on every attempt.
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status500' as const,
        afterWork: true,
        method: 'POST' as const,
      })),
    );
    expect(await sendEscrowTransfers(ctx())).toEqual({ sent: 0, failed: 1 });
    const made = () => [...sandbox.state.transfers.values()].filter((x) => x.CreditedWalletId === escrow.id);
    expect(made()).toHaveLength(1);
    // A day and more passes (the jobs were stopped): the provider has forgotten the key.
    sandbox.passTime(25 * 60 * 60 * 1000);
    expect(await sendEscrowTransfers(ctx())).toEqual({ sent: 1, failed: 0 });
    expect(made()).toHaveLength(1);
    expect(await atProvider(escrow.id)).toBe(10_000);
    expect(await atProvider(a.walletId)).toBe(10_000);
    const [row] = await db()
      .select()
      .from(providerEscrowTransfers)
      .where(eq(providerEscrowTransfers.campaignId, c.id));
    expect(row).toMatchObject({ status: 'succeeded', transferId: String(made()[0]?.Id) });
    await expectReconciled([`escrow:${c.id}:EUR`, `wallet:${a.id}:EUR`]);
  });

  it('a transfer the provider refuses is listed by the reconciliation, with the entries behind it', async () => {
    // Money the ledger holds but the provider never received (credited by hand, not by a pay-in).
    const m = await verifiedInvestor(0);
    await fund(db(), m.id, 10_000);
    const c = await newCampaign(db(), { goalCents: 10_000, reflectionSeconds: 0 });
    await put(m.id, c.id, 10_000);
    await settle(c.id);
    const round = await sendEscrowTransfers(ctx());
    expect(round.sent).toBe(1);
    const [row] = await db()
      .select()
      .from(providerEscrowTransfers)
      .where(eq(providerEscrowTransfers.campaignId, c.id));
    expect(row).toMatchObject({ status: 'failed', resultMessage: 'Unsufficient wallet balance' });

    const result = await reconcile(ctx(), 'manual');
    expect(result.ok).toBe(false);
    const byAccount = Object.fromEntries(
      result.differences.filter((d) => d.kind === 'balance').map((d) => [d.account, d]),
    );
    // The ledger gave the member 100 euros the provider never had, and moved them to the escrow:
    // the escrow wallet at the provider is 100 euros short.
    expect(byAccount[`escrow:${c.id}:EUR`]).toMatchObject({ expected_cents: 10_000, provider_cents: 0 });
    expect(byAccount[`wallet:${m.id}:EUR`]).toBeUndefined();
    const escrowEntries = byAccount[`escrow:${c.id}:EUR`]?.entries ?? [];
    expect(escrowEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'ledger', kind: 'investment', amount_cents: 10_000 }),
        expect.objectContaining({
          source: 'provider',
          kind: 'TRANSFER',
          status: 'FAILED',
          amount_cents: 10_000,
        }),
      ]),
    );
  });
});

describe('reconciliation with the provider', () => {
  it('lists a pay-in the ledger never heard of, with the entries behind it, until its notice arrives', async () => {
    const m = await verifiedInvestor(4_000);
    const mine = [`wallet:${m.id}:EUR`];
    await expectReconciled(mine);
    // The provider's notice is lost: the money is at the provider, not in the ledger.
    const payinHook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED');
    payinHook!.Status = 'DISABLED';
    const wire = sandbox.receiveWire({ iban: m.iban, amount: 1_500, payerName: 'Ada Investor' });
    payinHook!.Status = 'ENABLED';

    // A member may not ask for it; an admin may, and reads the result.
    const stranger = await member(t);
    expect((await stranger.client.post('/api/backoffice/payments/reconciliation/')).statusCode).toBe(403);
    const res = await admin.client.post('/api/backoffice/payments/reconciliation/');
    expect(res.statusCode).toBe(200);
    const run = res.json();
    expect(run).toMatchObject({ trigger: 'manual', ok: false });
    expect(run.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'balance',
          account: `wallet:${m.id}:EUR`,
          wallet_id: m.walletId,
          expected_cents: 4_000,
          provider_cents: 5_500,
          entries: expect.arrayContaining([
            expect.objectContaining({ source: 'ledger', kind: 'deposit', amount_cents: 4_000 }),
            expect.objectContaining({ source: 'provider', id: wire.Id, kind: 'PAYIN', amount_cents: 1_500 }),
          ]),
        }),
        expect.objectContaining({
          kind: 'unknown_in_ledger',
          transaction_id: wire.Id,
          wallet_id: m.walletId,
        }),
      ]),
    );
    const shown = await admin.client.get('/api/backoffice/payments/reconciliation/');
    expect(shown.json()).toEqual({ mode: 'sandbox', last: run });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'payment_reconciliation_run'));
    expect(audit.at(-1)).toMatchObject({ userId: admin.id, data: { reconciliationId: run.id } });

    // The notice comes again: credited once, and the books agree.
    sandbox.emit('PAYIN_NORMAL_SUCCEEDED', String(wire.Id));
    await sandbox.flushHooks();
    expect(await available(m.id)).toBe(5_500);
    await expectReconciled(mine);
  });

  it('reports only what lasts: a notice that arrives while the differences are read again clears them', async () => {
    const m = await verifiedInvestor(2_000);
    const mine = (run: { differences: Array<{ account: string; kind: string }> }) =>
      run.differences.filter((d) => d.account === `wallet:${m.id}:EUR`).map((d) => d.kind);
    const payinHook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED');
    const wireUnnoticed = (amount: number) => {
      payinHook!.Status = 'DISABLED';
      const wire = sandbox.receiveWire({ iban: m.iban, amount, payerName: 'Ada Investor' });
      payinHook!.Status = 'ENABLED';
      return String(wire.Id);
    };
    // The first read sees the money at the provider only; by the second the notice was applied.
    const first = wireUnnoticed(1_000);
    const settled = await reconcile(ctx(), 'manual', {
      recheckMs: 20,
      duringRecheck: async () => {
        sandbox.emit('PAYIN_NORMAL_SUCCEEDED', first);
        await sandbox.flushHooks();
      },
    });
    expect(mine(settled)).toEqual([]);
    expect(await available(m.id)).toBe(3_000);
    // A notice that does not come: the difference lasts, and is reported.
    wireUnnoticed(500);
    const lasting = await reconcile(ctx(), 'manual', { recheckMs: 20 });
    expect(mine(lasting)).toEqual(['balance', 'unknown_in_ledger']);
  });

  it('renews its lease as it reads, and stops without a result when another run took it meanwhile', async () => {
    const m = await verifiedInvestor(1_000);
    const payinHook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED');
    payinHook!.Status = 'DISABLED';
    const wire = sandbox.receiveWire({ iban: m.iban, amount: 700, payerName: 'Ada Investor' });
    payinHook!.Status = 'ENABLED';
    const kept = await reconcile(ctx(), 'manual', { recheckMs: 20, renewLeaseEveryMs: 0 });
    expect(kept.differences.map((d) => d.wallet_id)).toContain(m.walletId);

    // The difference makes a run read the wallets twice; before the second read, the lease expired
    // and another instance took it: the renewal after the next wallet read finds it gone.
    const stopped = reconcile(ctx(), 'manual', {
      recheckMs: 20,
      renewLeaseEveryMs: 0,
      duringRecheck: async () => {
        await db()
          .update(jobs)
          .set({ leaseUntil: sql`now() - interval '1 second'` })
          .where(eq(jobs.key, 'provider-reconciliation'));
        expect(await claimLease(db(), 'provider-reconciliation', 'another-worker', 60)).toBe(true);
      },
    });
    await expect(stopped).rejects.toThrow(/lost its lease/);
    try {
      // The last result is still the earlier run's, and the other run's lease is untouched.
      const shown = await admin.client.get('/api/backoffice/payments/reconciliation/');
      expect(shown.json().last.id).toBe(kept.id);
      expect(await claimLease(db(), 'provider-reconciliation', 'a-third-worker', 60)).toBe(false);
    } finally {
      await releaseLease(db(), 'provider-reconciliation', 'another-worker', {}, null);
    }
    sandbox.emit('PAYIN_NORMAL_SUCCEEDED', String(wire.Id));
    await sandbox.flushHooks();
    expect(await available(m.id)).toBe(1_700);
  });

  it('runs one at a time: a second run while one holds the lease is refused (translated 409)', async () => {
    expect(await claimLease(db(), 'provider-reconciliation', 'another-worker', 60)).toBe(true);
    try {
      const res = await admin.client.request('POST', '/api/backoffice/payments/reconciliation/', {
        headers: { 'accept-language': 'it' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'reconciliationRunning' });
      expect(res.json().message).toMatch(/già in corso/);
    } finally {
      await releaseLease(db(), 'provider-reconciliation', 'another-worker', {}, null);
    }
  });

  it('the nightly run covers the day before, once a day, from 02:00 UTC', async () => {
    // The file's other tests ran manual reconciliations only: no nightly run yet.
    const day = (iso: string) => new Date(iso);
    expect(await nightlyDue(ctx(), day('2031-03-10T01:30:00Z'))).toBe(false);
    expect(await nightlyDue(ctx(), day('2031-03-10T02:05:00Z'))).toBe(true);
    const nightly = await reconcile(ctx(), 'nightly', { now: day('2031-03-10T02:05:00Z') });
    expect(nightly).toMatchObject({
      trigger: 'nightly',
      window_start: '2031-03-09T00:00:00.000Z',
      window_end: '2031-03-10T00:00:00.000Z',
    });
    expect(await nightlyDue(ctx(), day('2031-03-10T23:00:00Z'))).toBe(false);
    expect(await nightlyDue(ctx(), day('2031-03-11T02:00:00Z'))).toBe(true);
  });
});
