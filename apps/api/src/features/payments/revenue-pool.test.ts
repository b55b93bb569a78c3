import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { acknowledged, campaign, DAY, newCampaign } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { verifiedInvestor as investorAtSandbox, useSandboxApp } from '../../../test/payments-sandbox.ts';
import { deleteAccount } from '../../app/erase-account.ts';
import { runDueWork } from '../../app/workers.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { providerRevenuePayins, providerRevenueTransfers } from '../../db/schema-payments-revenue.ts';
import { revenueDistributions } from '../../db/schema-revenue.ts';
import type { Payments } from '../../platform/payments/create-provider.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import { lockCampaign, moveCampaign } from '../campaigns/state.ts';
import { invest } from '../investing/service.ts';
import { accountCodeOf } from '../ledger/account-code.ts';
import * as ledger from '../ledger/service.ts';
import { checkRevenueInvariants } from '../revenue/revenue-invariants.ts';
import { verifiedReport } from '../revenue/verified-report.ts';
import { checkInvestmentInvariants } from '../settlement/invariants.ts';
import { sendEscrowTransfers } from './escrow.ts';
import { reconcile } from './reconciliation.ts';
import { sendRevenueTransfers } from './revenue-pool.ts';
import * as revenueRepo from './revenue-pool-repo.ts';

// Revenue pools at the provider (ADR 0039), against the sandbox provider over HTTP: the studio's
// wire to the campaign's revenue IBAN funds the distribution awaiting it, the payouts follow as
// provider transfers to the investors' wallets, and the provider's balances stay the ledger's.

let t: TestApp;
let payments: Payments;
let sandbox: SandboxProvider;
let admin: Awaited<ReturnType<typeof member>>;

// Payouts settle when a test says so (sandbox.settlePayout), never on their own meanwhile.
useSandboxApp(
  (env) => {
    ({ t, payments, sandbox, admin } = env);
  },
  { payoutDelayMs: 3_600_000 },
);

const ctx = () => t.app.ctx;
const db = () => t.database.db;

const verifiedInvestor = (cents: number) => investorAtSandbox(ctx(), sandbox, cents);

/**
 * A campaign funded through the provider (the investors' money moved to its escrow wallet), then
 * launched; a revenue share of 10 % and a platform part of 10 % of each pool.
 */
async function launched(cents: number[]) {
  const studio = await member(t);
  const investors = [];
  for (const c of cents) investors.push(await verifiedInvestor(c));
  const total = cents.reduce((a, b) => a + b, 0);
  const c = await newCampaign(db(), {
    goalCents: total,
    maxCents: total * 2,
    minTicketCents: Math.min(...cents),
    reflectionSeconds: 0,
    developerId: studio.id,
  });
  await db()
    .update(campaigns)
    .set({ revenueShareBps: 1000, platformShareBps: 1000 })
    .where(eq(campaigns.id, c.id));
  for (const [i, inv] of investors.entries())
    await invest(ctx(), inv.id, c.id, { amount_cents: cents[i]!, ...acknowledged }, randomUUID());
  const deadline = (await campaign(db(), c.id)).deadlineAt!;
  await runDueWork(ctx(), new Date(deadline.getTime() + 1_000));
  await runDueWork(ctx(), new Date(deadline.getTime() + 5 * DAY));
  await sendEscrowTransfers(ctx());
  await db().transaction(async (tx) => {
    await tx.update(campaigns).set({ launchedOn: '2026-01-15' }).where(eq(campaigns.id, c.id));
    const row = await lockCampaign(tx, c.id);
    if (!row) throw new Error('campaign vanished');
    await moveCampaign(tx, row, 'launched', null, 'test launch');
  });
  return { campaign: c, studio, investors };
}

let month = 1;
/** A verified report of `netCents` and the distribution it makes (pool: 10 % of the net). */
const report = (campaignId: string, netCents: number) =>
  verifiedReport(db(), campaignId, {
    periodStart: `2026-${String(month++).padStart(2, '0')}-01`,
    netCents,
  }).then((r) => r.distribution);

const balance = async (walletId: string) => (await payments.provider!.getWallet(walletId))?.balance.amount;

async function postedOf(code: string) {
  const account = await ledger.findAccountByCode(db(), code);
  return account ? ledger.balanceOf(account).posted : 0;
}

const statusOf = async (id: string) =>
  (await db().select().from(revenueDistributions).where(eq(revenueDistributions.id, id)))[0]?.status;

/** What the studio does on the sandbox bank's page: a transfer of `euros` to `iban`. */
async function wireFromStudio(iban: string, euros: string) {
  const res = await fetch(`${sandbox.baseUrl}/sandbox/bank`, {
    method: 'POST',
    body: new URLSearchParams({ iban, payer: 'Vesper Games Srl', amount: euros }),
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('Transfer sent');
  await sandbox.flushHooks();
  return [...sandbox.state.payins.values()].at(-1)!;
}

async function expectEverythingAgrees() {
  const result = await reconcile(ctx(), 'manual');
  expect(result.differences).toEqual([]);
  expect(await ledger.checkLedgerInvariants(db())).toMatchObject({ ok: true });
  expect(await checkInvestmentInvariants(db())).toMatchObject({ ok: true });
  expect(await checkRevenueInvariants(db())).toMatchObject({ ok: true });
  return result;
}

/** Where the payer of a parked transfer gets it back (the provider registers their account with it). */
const PAYER_ADDRESS = { line1: 'Via Lanterna 3', city: 'Milano', postal_code: '20121', country: 'IT' };

const hook = (eventType: string, id: string) =>
  t
    .client()
    .get(`/api/payments/hooks?${new URLSearchParams({ EventType: eventType, RessourceId: id, Date: '1' })}`);

describe('a revenue pool paid in at the provider', () => {
  it('the studio’s wire to the campaign’s IBAN funds the distribution; the investors’ wallets receive their parts', async () => {
    const { campaign: c, studio, investors } = await launched([30_000, 20_000]);
    const [a, b] = investors;
    // Net €10,000: a pool of €1,000, the platform's €100, then 540 and 360 to the investors.
    const d = await report(c.id, 1_000_000);
    expect(d).toMatchObject({ status: 'awaiting_funds', poolCents: 100_000, platformCents: 10_000 });

    // The studio sees the IBAN (made on first need, owned by the platform's user) and what is due.
    const page = await studio.client.get(`/api/payments/revenue/${c.id}/`);
    expect(page.statusCode).toBe(200);
    const view = page.json();
    expect(view).toMatchObject({
      mode: 'sandbox',
      account: { holder_name: 'IndieSplit (sandbox)' },
      due: [{ distribution_id: d.id, amount_cents: 100_000, sequence: d.sequence }],
    });
    expect(view.sandbox_bank_url).toContain('amount=1000.00');
    const wallet = (await revenueRepo.findRevenueWallet(db(), c.id))!;
    expect(sandbox.state.wallets.get(wallet.walletId)?.Owners).toEqual([payments.platformUserId]);
    // Someone else's campaign is not theirs to see.
    const stranger = await member(t);
    expect((await stranger.client.get(`/api/payments/revenue/${c.id}/`)).statusCode).toBe(403);
    // The admin's manual record is refused where the provider holds the money.
    const manual = await admin.client.request('POST', `/api/backoffice/distributions/${d.id}/funding`, {
      body: { bank_transaction_id: 'BANK-1', amount_cents: 100_000 },
      headers: { 'accept-language': 'it' },
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().code).toBe('poolPaidThroughProvider');
    expect(manual.json().message).toMatch(/IBAN dei ricavi/);
    await expectEverythingAgrees();

    const payin = await wireFromStudio(view.account.iban, '1000.00');
    expect(await statusOf(d.id)).toBe('paid');
    expect(await postedOf(accountCodeOf.revenue(c.id, 'EUR'))).toBe(0);
    // Paid out in the ledger, not yet moved at the provider: the books still agree.
    expect(await balance(wallet.walletId)).toBe(100_000);
    await expectEverythingAgrees();

    expect(await sendRevenueTransfers(ctx())).toEqual({ planned: 2, sent: 2, failed: 0 });
    expect(await sendRevenueTransfers(ctx())).toEqual({ planned: 0, sent: 0, failed: 0 });
    expect(await balance(a!.walletId)).toBe(54_000);
    expect(await balance(b!.walletId)).toBe(36_000);
    expect(await balance(wallet.walletId)).toBe(0);
    const transfers = [...sandbox.state.transfers.values()].filter(
      (x) => x.DebitedWalletId === wallet.walletId,
    );
    // The platform's part rides as the fees of the largest payout's transfer.
    expect(
      transfers
        .map((x) => [(x.DebitedFunds as { Amount: number }).Amount, (x.Fees as { Amount: number }).Amount])
        .sort(),
    ).toEqual([
      [36_000, 0],
      [64_000, 10_000],
    ]);
    expect(transfers.map((x) => x.Tag).sort()).toEqual(
      [`distribution:${d.id}:${a!.id}`, `distribution:${d.id}:${b!.id}`].sort(),
    );
    await expectEverythingAgrees();

    // The provider's notices, again and late, change nothing twice.
    sandbox.emit('PAYIN_NORMAL_SUCCEEDED', String(payin.Id));
    for (const x of transfers) sandbox.emit('TRANSFER_NORMAL_SUCCEEDED', String(x.Id));
    await sandbox.flushHooks();
    expect((await hook('PAYIN_NORMAL_SUCCEEDED', String(payin.Id))).json()).toEqual({ result: 'duplicate' });
    expect((await hook('TRANSFER_NORMAL_SUCCEEDED', String(transfers[0]?.Id))).json()).toEqual({
      result: 'duplicate',
    });
    const rows = await db()
      .select()
      .from(providerRevenuePayins)
      .where(eq(providerRevenuePayins.campaignId, c.id));
    expect(rows).toEqual([
      expect.objectContaining({ payinId: String(payin.Id), outcome: 'funded', distributionId: d.id }),
    ]);
    expect(await balance(a!.walletId)).toBe(54_000);
    // Nothing is due any more.
    expect((await studio.client.get(`/api/payments/revenue/${c.id}/`)).json().due).toEqual([]);
    await expectEverythingAgrees();

    // A transfer the provider first answered as pending and whose notice was lost stays asked; the
    // job reads it back itself once it has waited ten minutes.
    const lost = String(transfers[0]?.Id);
    await db()
      .update(providerRevenueTransfers)
      .set({ status: 'asked' })
      .where(eq(providerRevenueTransfers.transferId, lost));
    await sendRevenueTransfers(ctx());
    const stillAsked = await revenueRepo.findRevenueTransfer(db(), lost);
    expect(stillAsked?.status).toBe('asked');
    await sendRevenueTransfers(ctx(), new Date(Date.now() + 11 * 60_000));
    expect((await revenueRepo.findRevenueTransfer(db(), lost))?.status).toBe('succeeded');
    expect(await balance(a!.walletId)).toBe(54_000);
  });

  it('a wire of the wrong amount, or with nothing awaiting, is parked; an admin returns it', async () => {
    const { campaign: c, studio } = await launched([10_000]);
    // Nothing is due yet: the page offers no IBAN, and no wallet is made.
    expect((await studio.client.get(`/api/payments/revenue/${c.id}/`)).json()).toMatchObject({
      account: null,
      due: [],
    });
    const d = await report(c.id, 200_000); // a pool of €200
    const { account } = (await studio.client.get(`/api/payments/revenue/${c.id}/`)).json();

    const wrong = await wireFromStudio(account.iban, '150.00');
    expect(await statusOf(d.id)).toBe('awaiting_funds');
    const listed = await admin.client.get('/api/backoffice/payments/revenue-suspense/');
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        payin_id: String(wrong.Id),
        campaign_id: c.id,
        amount_cents: 15_000,
        payer_name: 'Vesper Games Srl',
      }),
    ]);
    await expectEverythingAgrees();

    // The right amount funds it; a second one (paid twice) has nothing awaiting it any more.
    await wireFromStudio(account.iban, '200.00');
    expect(await statusOf(d.id)).toBe('paid');
    const twice = await wireFromStudio(account.iban, '200.00');
    await sendRevenueTransfers(ctx());
    await expectEverythingAgrees();

    // The admin returns both: a payout naming each pay-in from the revenue wallet to the payer's
    // account; once the provider says it succeeded, the suspense holding leaves the ledger.
    const wallet = (await revenueRepo.findRevenueWallet(db(), c.id))!;
    expect(await balance(wallet.walletId)).toBe(35_000);
    const returnUrl = (id: unknown) => `/api/backoffice/payments/revenue-suspense/${String(id)}/return`;
    for (const p of [wrong, twice]) {
      const unconfirmed = await admin.client.post(returnUrl(p.Id), {
        confirm: 'something else',
        address: PAYER_ADDRESS,
      });
      expect(unconfirmed.statusCode).toBe(422);
      const res = await admin.client.post(returnUrl(p.Id), { confirm: String(p.Id), address: PAYER_ADDRESS });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ state: 'returning', failure: null });
      const payout = sandbox.state.payouts.get(res.json().payout_id)!;
      expect(payout.PaymentRef).toEqual({ ReasonType: 'PAYIN_REFUND', ReferenceId: p.Id });
      expect(payout.AuthorId).toBe(payments.platformUserId);
      expect(payout.DebitedWalletId).toBe(wallet.walletId);
      // On its way: gone from the revenue wallet, still in the ledger's suspense; they agree.
      await expectEverythingAgrees();
      sandbox.settlePayout(String(payout.Id), 'SUCCEEDED');
      await sandbox.flushHooks();
    }
    expect(await balance(wallet.walletId)).toBe(0);
    const again = await admin.client.request(
      'POST',
      `/api/backoffice/payments/revenue-suspense/${String(wrong.Id)}/return`,
      {
        body: { confirm: String(wrong.Id), address: PAYER_ADDRESS },
        headers: { 'accept-language': 'it' },
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('revenuePayinNotParked');
    expect(again.json().message).toMatch(/già stato restituito/);
    expect((await admin.client.get('/api/backoffice/payments/revenue-suspense/')).json().items).toEqual([]);
    // A member cannot see or decide any of it.
    expect((await studio.client.get('/api/backoffice/payments/revenue-suspense/')).statusCode).toBe(403);
    await expectEverythingAgrees();
  });

  it('a forged notice (a pay-in id the provider does not know) moves nothing', async () => {
    const before = await db().select().from(providerRevenuePayins);
    const res = await hook('PAYIN_NORMAL_SUCCEEDED', 'wt_forged0000001');
    expect(res.json()).toEqual({ result: 'unknown_resource' });
    const forgedTransfer = await hook('TRANSFER_NORMAL_SUCCEEDED', 'tr_forged0000001');
    expect(forgedTransfer.json()).toEqual({ result: 'unknown_resource' });
    expect(await db().select().from(providerRevenuePayins)).toEqual(before);
  });

  it('the provider failing during the transfers: retried under the same key, each part moved once, even after a day', async () => {
    const { campaign: c, studio, investors } = await launched([10_000, 10_000, 10_000]);
    const d = await report(c.id, 300_000); // a pool of €300: €30 for the platform, €90 each
    const { account } = (await studio.client.get(`/api/payments/revenue/${c.id}/`)).json();
    await wireFromStudio(account.iban, '300.00');
    const wallet = (await revenueRepo.findRevenueWallet(db(), c.id))!;
    const made = () =>
      [...sandbox.state.transfers.values()].filter((x) => x.DebitedWalletId === wallet.walletId);

    // The first transfer is made but its answer is lost on every try (a 5xx after the work), the
    // second one's request hangs past our timeout before the provider does anything, then fails.
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status500' as const,
        afterWork: true,
        method: 'POST' as const,
      })),
      // One hang (our timeout gives up), then two quick faults use up the second one's tries.
      { kind: 'hang' as const, afterWork: false, method: 'POST' as const },
      ...Array.from({ length: 2 }, () => ({
        kind: 'status500' as const,
        afterWork: false,
        method: 'POST' as const,
      })),
    );
    expect(await sendRevenueTransfers(ctx())).toEqual({ planned: 3, sent: 1, failed: 2 });
    expect(made()).toHaveLength(2);
    // The transfer whose answer was lost is a difference until it is adopted: the revenue wallet
    // holds less than the ledger expects, the investor's more, and the transfer is not on record.
    const lost = made()[0]!;
    const differences = (await reconcile(ctx(), 'manual')).differences;
    // (a transfer between two mapped wallets is listed once, on whichever is read first). If it
    // carried the platform's part as its fees, the fees wallet holds that much more too.
    const carriedFees = Number((lost.Fees as { Amount: number }).Amount) > 0;
    expect(differences.map((x) => [x.kind, x.transaction_id ?? x.wallet_id]).sort()).toEqual(
      [
        ['balance', wallet.walletId],
        ['balance', String(lost.CreditedWalletId)],
        ['unknown_in_ledger', String(lost.Id)],
        ...(carriedFees ? [['balance', 'FEES_EUR']] : []),
      ].sort(),
    );

    // A day and more passes: the provider has forgotten the keys; the earlier transfer is adopted.
    sandbox.passTime(25 * 60 * 60 * 1000);
    expect(await sendRevenueTransfers(ctx())).toEqual({ planned: 0, sent: 2, failed: 0 });
    expect(made()).toHaveLength(3);
    for (const inv of investors) expect(await balance(inv.walletId)).toBe(9_000);
    expect(await balance(wallet.walletId)).toBe(0);
    const rows = await db()
      .select()
      .from(providerRevenueTransfers)
      .where(eq(providerRevenueTransfers.distributionId, d.id));
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(rows.reduce((s, r) => s + r.feesCents, 0)).toBe(3_000);
    await expectEverythingAgrees();
  }, 30_000);

  it('notices racing for the same pay-in fund the distribution once', async () => {
    const { campaign: c, studio, investors } = await launched([10_000]);
    const d = await report(c.id, 100_000); // a pool of €100
    const { account } = (await studio.client.get(`/api/payments/revenue/${c.id}/`)).json();
    // The provider's own delivery is lost; three copies of the notice then arrive at once.
    const payinHook = [...sandbox.state.hooks.values()].find(
      (h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED',
    )!;
    payinHook.Status = 'DISABLED';
    const wire = sandbox.receiveWire({ iban: account.iban, amount: 10_000, payerName: 'Vesper Games Srl' });
    payinHook.Status = 'ENABLED';
    // Before it arrives, the provider holds a pay-in the ledger does not know.
    const before = await reconcile(ctx(), 'manual');
    expect(before.differences.map((x) => [x.kind, x.transaction_id ?? x.account]).sort()).toEqual(
      [
        ['balance', accountCodeOf.revenue(c.id, 'EUR')],
        ['unknown_in_ledger', String(wire.Id)],
      ].sort(),
    );
    const answers = await Promise.all([1, 2, 3].map(() => hook('PAYIN_NORMAL_SUCCEEDED', String(wire.Id))));
    expect(answers.map((a) => a.json().result).sort()).toEqual(['duplicate', 'duplicate', 'funded']);
    expect(await statusOf(d.id)).toBe('paid');
    expect(await postedOf(accountCodeOf.wallet(investors[0]!.id, 'EUR'))).toBe(9_000);
    await sendRevenueTransfers(ctx());
    expect(await balance(investors[0]!.walletId)).toBe(9_000);
    await expectEverythingAgrees();
  });

  it('the part of a deleted account stays in the revenue wallet, held in suspense by the ledger', async () => {
    const { campaign: c, studio, investors } = await launched([10_000, 30_000]);
    const [gone, kept] = investors;
    // The first investor closes their account (their wallet is empty: all of it was invested).
    await deleteAccount(ctx(), gone!.id);
    const d = await report(c.id, 400_000); // a pool of €400: €40 for the platform, 90 and 270
    const { account } = (await studio.client.get(`/api/payments/revenue/${c.id}/`)).json();
    await wireFromStudio(account.iban, '400.00');
    expect(await statusOf(d.id)).toBe('paid');
    expect(await sendRevenueTransfers(ctx())).toEqual({ planned: 1, sent: 1, failed: 0 });
    const wallet = (await revenueRepo.findRevenueWallet(db(), c.id))!;
    expect(await balance(kept!.walletId)).toBe(27_000);
    expect(await balance(gone!.walletId)).toBe(0);
    expect(await balance(wallet.walletId)).toBe(9_000);
    await expectEverythingAgrees();
  });
});
