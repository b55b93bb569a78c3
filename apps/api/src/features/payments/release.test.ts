import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kybProviderData, registrationScan, verifyStudio } from '../../../test/fixtures/kyb.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { acknowledged, campaign, DAY, newCampaign } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { verifiedInvestor as investorAtSandbox, useSandboxApp } from '../../../test/payments-sandbox.ts';
import { runDueWork } from '../../app/workers.ts';
import { investments } from '../../db/schema-investing.ts';
import { studioKyb } from '../../db/schema-kyb.ts';
import { providerEscrowReleases } from '../../db/schema-payments-release.ts';
import type { Payments } from '../../platform/payments/create-provider.ts';
import { decideKycDocument } from '../../platform/payments/sandbox/kyb.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import { invest } from '../investing/service.ts';
import { findSend } from '../kyb/provider-repo.ts';
import { studioAtProvider } from '../kyb/provider-studio.ts';
import { submitKyb } from '../kyb/service.ts';
import { checkLedgerInvariants, ensureAccount, getBalance } from '../ledger/service.ts';
import { checkInvestmentInvariants } from '../settlement/invariants.ts';
import * as settlement from '../settlement/service.ts';
import { sendEscrowTransfers } from './escrow.ts';
import { reconcile } from './reconciliation.ts';
import { releaseEscrows, successFee } from './release.ts';

// A funded campaign's money paid to its studio (ADR 0042), against the sandbox provider over HTTP:
// the escrow wallet is transferred whole to the studio's wallet, the success fee kept as the
// transfer's fees, the ledger follows the provider's answer, and a payout takes the money to the
// studio's verified bank account once its representative has confirmed it (its Recipient). No admin
// acts.

let t: TestApp;
let payments: Payments;
let sandbox: SandboxProvider;
let admin: Awaited<ReturnType<typeof member>>;

useSandboxApp((env) => {
  ({ t, payments, sandbox, admin } = env);
});

const ctx = () => t.app.ctx;
const db = () => t.database.db;
const provider = () => payments.provider!;

const verifiedInvestor = (cents: number) => investorAtSandbox(ctx(), sandbox, cents);

const atProvider = async (walletId: string) => (await provider().getWallet(walletId))?.balance.amount;

/** A campaign of `studioId` funded by two investors (30,000 + 20,000), its escrow at the provider. */
async function fundedCampaign(studioId: string, feeBps: number) {
  const a = await verifiedInvestor(30_000);
  const b = await verifiedInvestor(20_000);
  const c = await newCampaign(db(), {
    goalCents: 50_000,
    reflectionSeconds: 0,
    developerId: studioId,
    successFeeBps: feeBps,
  });
  for (const [who, cents] of [
    [a, 30_000],
    [b, 20_000],
  ] as const)
    await invest(ctx(), who.id, c.id, { amount_cents: cents, ...acknowledged }, randomUUID());
  const deadline = (await campaign(db(), c.id)).deadlineAt!;
  await runDueWork(ctx(), new Date(deadline.getTime() + 1_000));
  await runDueWork(ctx(), new Date(deadline.getTime() + 5 * DAY));
  await sendEscrowTransfers(ctx());
  await sandbox.flushHooks();
  const escrow = [...sandbox.state.wallets.values()].find((w) => w.Tag === `escrow:${c.id}`);
  return { campaign: c, escrowWalletId: String(escrow?.Id) };
}

/**
 * A studio (an account that can sign in) verified through the sandbox, with its wallet and its
 * confirmed payout account there (`confirm: false`: the account waits for its representative).
 */
async function verifiedStudio({ confirm = true } = {}) {
  const studio = await member(t);
  await verifyStudio(ctx(), studio.id, undefined, { confirm });
  const there = await studioAtProvider(db(), studio.id);
  if (!there) throw new Error('the studio is not at the provider after its verification');
  // The IBAN of its payout account, as the provider holds it.
  const recipient = there.recipientId ? sandbox.state.recipients.get(there.recipientId) : undefined;
  const iban = String((recipient?.LocalBankTransfer as { EUR?: { IBAN?: string } } | undefined)?.EUR?.IBAN);
  return { ...studio, ...there, iban };
}

/** The payouts asked for a campaign's release. */
const releasePayouts = (campaignId: string) =>
  [...sandbox.state.payouts.values()].filter((p) => String(p.Tag).startsWith(`release:${campaignId}`));

const releaseOf = async (campaignId: string) =>
  (
    await db().select().from(providerEscrowReleases).where(eq(providerEscrowReleases.campaignId, campaignId))
  )[0];

async function ledgerBalance(spec: Parameters<typeof ensureAccount>[1]) {
  return (await getBalance(db(), (await ensureAccount(db(), spec)).id)).posted;
}

async function expectBooksSound() {
  expect(await checkLedgerInvariants(db())).toMatchObject({ ok: true });
  expect(await checkInvestmentInvariants(db())).toMatchObject({ ok: true });
  const result = await reconcile(ctx(), 'manual');
  expect(result.differences).toEqual([]);
}

describe('a funded campaign’s money paid to its studio', () => {
  it('leaves the escrow whole, the fee to the platform and the rest to the studio’s bank, once', async () => {
    const studio = await verifiedStudio();
    const { campaign: c, escrowWalletId } = await fundedCampaign(studio.id, 500);
    expect(await atProvider(escrowWalletId)).toBe(50_000);
    expect(successFee(50_000, 500)).toBe(2_500);

    const platformBefore = await ledgerBalance({ kind: 'platform', currency: 'EUR' });
    const feesBefore = (await provider().getFeesWallet())?.balance.amount ?? 0;
    const round = await releaseEscrows(ctx());
    expect(round).toMatchObject({ transferred: 1, paidOut: 1, failed: 0 });
    // One transfer, the fee as its fees; the escrow wallet is empty and the payout is on its way.
    const transfers = [...sandbox.state.transfers.values()].filter(
      (x) => x.DebitedWalletId === escrowWalletId,
    );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      CreditedWalletId: studio.walletId,
      DebitedFunds: { Amount: 50_000 },
      Fees: { Amount: 2_500 },
      Status: 'SUCCEEDED',
    });
    expect(await atProvider(escrowWalletId)).toBe(0);
    expect(await atProvider(studio.walletId)).toBe(0);
    expect((await releaseOf(c.id))?.status).toBe('paying');

    // The ledger followed the provider: the escrow emptied into the fee and the world.
    expect(await ledgerBalance({ kind: 'escrow', currency: 'EUR', campaignId: c.id })).toBe(0);
    expect((await ledgerBalance({ kind: 'platform', currency: 'EUR' })) - platformBefore).toBe(2_500);
    // The fee reached the platform's fees wallet at the provider, which the reconciliation compares
    // with the ledger's platform account: a cent less there is a difference.
    expect(((await provider().getFeesWallet())?.balance.amount ?? 0) - feesBefore).toBe(2_500);
    await expectBooksSound();
    sandbox.state.feesCents -= 1;
    expect((await reconcile(ctx(), 'manual')).differences).toEqual([
      expect.objectContaining({ kind: 'balance', account: 'platform:EUR', wallet_id: 'FEES_EUR' }),
    ]);
    sandbox.state.feesCents += 1;

    // The bank pays; its event closes the release. Events again change nothing twice.
    const payout = [...sandbox.state.payouts.values()].find((p) =>
      String(p.Tag).startsWith(`release:${c.id}`),
    );
    expect(payout).toMatchObject({
      DebitedFunds: { Amount: 47_500 },
      RecipientId: studio.recipientId,
      AuthorId: studio.providerUserId,
      Tag: `release:${c.id}:${studio.recipientId}`,
    });
    sandbox.settlePayout(String(payout?.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    expect((await releaseOf(c.id))?.status).toBe('paid');
    const again = await t
      .client()
      .get(`/api/payments/hooks?EventType=PAYOUT_NORMAL_SUCCEEDED&RessourceId=${String(payout?.Id)}&Date=1`);
    expect(again.json()).toEqual({ result: 'duplicate' });
    const transferAgain = await t
      .client()
      .get(
        `/api/payments/hooks?EventType=TRANSFER_NORMAL_SUCCEEDED&RessourceId=${String(transfers[0]?.Id)}&Date=1`,
      );
    expect(transferAgain.json()).toEqual({ result: 'duplicate' });

    // Later rounds find nothing to do.
    expect(await releaseEscrows(ctx())).toEqual({ transferred: 0, paidOut: 0, waiting: 0, failed: 0 });
    expect(
      [...sandbox.state.transfers.values()].filter((x) => x.DebitedWalletId === escrowWalletId),
    ).toHaveLength(1);
    await expectBooksSound();

    // The studio sees it on its campaigns page.
    const seen = await studio.client.get('/api/payments/studio/releases/');
    expect(seen.json().items).toEqual([
      expect.objectContaining({
        campaign_id: c.id,
        amount_cents: 50_000,
        fee_cents: 2_500,
        net_cents: 47_500,
        status: 'paid',
        reason: null,
      }),
    ]);
    // Nobody else's.
    const other = await member(t);
    expect((await other.client.get('/api/payments/studio/releases/')).json().items).toEqual([]);
  });

  it('moves the money once when the provider’s answer to the transfer is lost', async () => {
    const studio = await verifiedStudio();
    const { campaign: c, escrowWalletId } = await fundedCampaign(studio.id, 0);
    // The transfer is made, but its answer is lost three times: the round leaves it for the next.
    // (POSTs only: the transfer's own notice, read back meanwhile, is answered.)
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status500' as const,
        afterWork: true,
        method: 'POST' as const,
      })),
    );
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 0, failed: 1 });
    expect((await releaseOf(c.id))?.transferId).toBeNull();
    // Its notice arrives before the next round: it is not ours yet (no id recorded), nothing moves.
    await sandbox.flushHooks();
    expect(await ledgerBalance({ kind: 'escrow', currency: 'EUR', campaignId: c.id })).toBe(50_000);

    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 1, failed: 0 });
    const transfers = [...sandbox.state.transfers.values()].filter(
      (x) => x.DebitedWalletId === escrowWalletId,
    );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.Fees).toEqual({ Currency: 'EUR', Amount: 0 });
    expect(await ledgerBalance({ kind: 'escrow', currency: 'EUR', campaignId: c.id })).toBe(0);
    expect((await releaseOf(c.id))?.feeCents).toBe(0);
    await expectBooksSound();
  });

  it('keeps the money in escrow while the studio’s verification is not running', async () => {
    const studio = await member(t);
    const { campaign: c, escrowWalletId } = await fundedCampaign(studio.id, 500);
    expect((await releaseEscrows(ctx())).transferred).toBe(0);
    expect(await releaseOf(c.id)).toBeUndefined();
    expect(await atProvider(escrowWalletId)).toBe(50_000);
    expect(await ledgerBalance({ kind: 'escrow', currency: 'EUR', campaignId: c.id })).toBe(50_000);
    await expectBooksSound();
  });

  it('a payout the studio’s bank refuses leaves the money in the studio’s wallet and says why', async () => {
    const studio = await verifiedStudio();
    const { campaign: c } = await fundedCampaign(studio.id, 1_000);
    sandbox.failingIbans.add(studio.iban);
    await releaseEscrows(ctx());
    const payout = [...sandbox.state.payouts.values()].find((p) =>
      String(p.Tag).startsWith(`release:${c.id}`),
    );
    sandbox.settlePayout(String(payout?.Id), 'FAILED');
    await sandbox.flushHooks();
    const row = await releaseOf(c.id);
    expect(row).toMatchObject({
      status: 'payout_failed',
      resultMessage: 'Bank account refused the transfer',
    });
    expect(await atProvider(studio.walletId)).toBe(45_000);
    // Not asked again to the same account.
    expect(await releaseEscrows(ctx())).toMatchObject({ paidOut: 0 });
    const seen = await studio.client.get('/api/payments/studio/releases/');
    expect(seen.json().items[0]).toMatchObject({
      status: 'payout_failed',
      reason: 'Bank account refused the transfer',
    });
    await expectBooksSound();
  });

  it('waits until every investment of a funded campaign is posted, then pays the whole escrow', async () => {
    const studio = await verifiedStudio();
    const a = await verifiedInvestor(30_000);
    const b = await verifiedInvestor(20_000);
    const c = await newCampaign(db(), { goalCents: 50_000, reflectionSeconds: 0, developerId: studio.id });
    for (const [who, cents] of [
      [a, 30_000],
      [b, 20_000],
    ] as const)
      await invest(ctx(), who.id, c.id, { amount_cents: cents, ...acknowledged }, randomUUID());
    const now = new Date((await campaign(db(), c.id)).deadlineAt!.getTime() + 5 * DAY);
    await settlement.closeCampaign(ctx(), c.id, now);
    expect(await settlement.decideCampaign(ctx(), c.id, now)).toBe('funded');
    // The settlement has posted the first investment only, and its money has reached the escrow.
    const [first, second] = await db().select().from(investments).where(eq(investments.campaignId, c.id));
    await settlement.settleInvestment(ctx(), c.id, first!.id, 'post', now);
    await sendEscrowTransfers(ctx());
    await sandbox.flushHooks();
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 0 });
    expect(await releaseOf(c.id)).toBeUndefined();

    await settlement.settleInvestment(ctx(), c.id, second!.id, 'post', now);
    await sendEscrowTransfers(ctx());
    await sandbox.flushHooks();
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 1 });
    expect(await releaseOf(c.id)).toMatchObject({ amountCents: 50_000 });
    expect(await ledgerBalance({ kind: 'escrow', currency: 'EUR', campaignId: c.id })).toBe(0);
    await expectBooksSound();
  });

  it('waits in the studio’s wallet until its representative confirms the payout account, then pays to it', async () => {
    const studio = await verifiedStudio({ confirm: false });
    expect(studio.recipientId).toBeNull();
    const { campaign: c, escrowWalletId } = await fundedCampaign(studio.id, 500);
    // The verification runs: the escrow is the studio's, in its wallet; the payout waits.
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 1, paidOut: 0, failed: 0 });
    expect(await atProvider(escrowWalletId)).toBe(0);
    expect(await atProvider(studio.walletId)).toBe(47_500);
    expect(await releaseOf(c.id)).toMatchObject({ status: 'transferred', recipientId: null, payoutId: null });
    expect(releasePayouts(c.id)).toEqual([]);
    // The studio reads why, not a fault.
    const seen = async () => (await studio.client.get('/api/payments/studio/releases/')).json().items[0];
    expect(await seen()).toMatchObject({
      status: 'transferred',
      waiting_for: 'payout_account',
      reason: null,
    });
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 0, paidOut: 0, failed: 0 });
    await expectBooksSound();

    // The representative confirms it from the verification page, on the provider's page.
    const confirm = await studio.client.post('/api/studio-verification/payout-account/confirm', {});
    expect(confirm.json()).toMatchObject({ status: 'PENDING' });
    const confirmed = await fetch(confirm.json().confirm_url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'confirm' }),
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    await sandbox.flushHooks();
    const recipientId = (await studioAtProvider(db(), studio.id))?.recipientId;
    expect(recipientId).toMatch(/^rec_/);

    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 0, paidOut: 1, failed: 0 });
    expect(releasePayouts(c.id)).toMatchObject([
      {
        RecipientId: recipientId,
        DebitedFunds: { Amount: 47_500 },
        Tag: `release:${c.id}:${recipientId}`,
        Status: 'CREATED',
      },
    ]);
    expect(await releaseOf(c.id)).toMatchObject({ status: 'paying', recipientId });
    expect(await seen()).toMatchObject({ status: 'paying', waiting_for: null });
    sandbox.settlePayout(String(releasePayouts(c.id)[0]?.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    expect((await releaseOf(c.id))?.status).toBe('paid');
    await expectBooksSound();
  });

  it('a verification run out after the transfer holds the payout, and the studio reads why', async () => {
    const studio = await verifiedStudio({ confirm: false });
    const { campaign: c } = await fundedCampaign(studio.id, 0);
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 1, paidOut: 0 });
    await db()
      .update(studioKyb)
      .set({ validUntil: new Date(Date.now() - DAY) })
      .where(eq(studioKyb.userId, studio.id));
    // Confirming the account now is not enough: the verification must run again.
    const confirm = await studio.client.post('/api/studio-verification/payout-account/confirm', {});
    sandbox.confirmRecipient(/\/sca\/([A-Za-z0-9_]+)/.exec(confirm.json().confirm_url)![1]!);
    await sandbox.flushHooks();
    expect(await releaseEscrows(ctx())).toMatchObject({ paidOut: 0 });
    expect(releasePayouts(c.id)).toEqual([]);
    expect((await studio.client.get('/api/payments/studio/releases/')).json().items[0]).toMatchObject({
      status: 'transferred',
      waiting_for: 'verification',
    });
  });

  it('pays nothing to a renewal’s new IBAN before the renewal is approved: the money waits in the studio’s wallet', async () => {
    const studio = await verifiedStudio();
    // A renewal names another IBAN (someone with the studio's password, say); the provider refuses it.
    const renew = (iban: string) =>
      submitKyb(ctx(), studio.id, async () => ({
        data: JSON.stringify(kybProviderData({ payout_iban: iban })),
        file: { data: await registrationScan(), fileName: 'registration.png' },
      }));
    const kybId = (await renew('DE89 3704 0044 0532 0130 00')).latest!.id;
    // While it waits, the new account is registered at the provider but nothing is paid to it.
    expect((await studioAtProvider(db(), studio.id))?.recipientId).toBeNull();
    const { campaign: c, escrowWalletId } = await fundedCampaign(studio.id, 500);
    expect(await releaseEscrows(ctx())).toMatchObject({ transferred: 1, paidOut: 0 });
    expect(await atProvider(escrowWalletId)).toBe(0);
    expect(await atProvider(studio.walletId)).toBe(47_500);
    // Even confirmed by whoever holds the password, the new account is not paid before approval.
    const newAccount = (
      await studio.client.post('/api/studio-verification/payout-account/confirm', {})
    ).json();
    expect(newAccount.confirm_url).not.toContain(studio.recipientId);
    sandbox.confirmRecipient(/\/sca\/([A-Za-z0-9_]+)/.exec(newAccount.confirm_url)![1]!);
    await sandbox.flushHooks();
    expect(await releaseEscrows(ctx())).toMatchObject({ paidOut: 0 });
    decideKycDocument(sandbox, (await findSend(db(), kybId))!.documentId!, 'REFUSED');
    await sandbox.flushHooks();
    expect(await releaseEscrows(ctx())).toMatchObject({ paidOut: 0 });
    expect(releasePayouts(c.id)).toEqual([]);
    expect((await studio.client.get('/api/payments/studio/releases/')).json().items[0]).toMatchObject({
      status: 'transferred',
      waiting_for: 'payout_account',
    });
    await expectBooksSound();

    // The studio sends again with its approved IBAN: its confirmed account is the one paid, at once.
    await renew('IT60 X054 2811 1010 0000 0123 456');
    expect((await studioAtProvider(db(), studio.id))?.recipientId).toBe(studio.recipientId);
    expect(await releaseEscrows(ctx())).toMatchObject({ paidOut: 1 });
    expect(releasePayouts(c.id)).toMatchObject([{ RecipientId: studio.recipientId }]);
  });

  it('a payout whose answer was lost is found again a day later, not paid twice', async () => {
    const studio = await verifiedStudio();
    const { campaign: c } = await fundedCampaign(studio.id, 0);
    await releaseEscrows(ctx());
    const payouts = () =>
      [...sandbox.state.payouts.values()].filter((p) => String(p.Tag).startsWith(`release:${c.id}`));
    expect(payouts()).toHaveLength(1);
    // As if the payout had been asked two hours ago and its answer lost (no id recorded), and the
    // provider had forgotten the key since: the retry now must find it from when it was asked.
    const twoHours = 2 * 60 * 60;
    payouts()[0]!.CreationDate = Number(payouts()[0]!.CreationDate) - twoHours;
    await db()
      .update(providerEscrowReleases)
      .set({ payoutId: null, payoutAskedAt: new Date(Date.now() - twoHours * 1000) })
      .where(eq(providerEscrowReleases.campaignId, c.id));
    sandbox.passTime(25 * 60 * 60 * 1000);
    await releaseEscrows(ctx());
    expect(payouts()).toHaveLength(1);
    expect((await releaseOf(c.id))?.payoutId).toBe(String(payouts()[0]?.Id));
  });

  it('reads a payout back itself when its notice is lost', async () => {
    const studio = await verifiedStudio();
    const { campaign: c } = await fundedCampaign(studio.id, 0);
    await releaseEscrows(ctx());
    const hook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYOUT_NORMAL_SUCCEEDED')!;
    hook.Status = 'DISABLED';
    const payout = [...sandbox.state.payouts.values()].find((p) =>
      String(p.Tag).startsWith(`release:${c.id}`),
    );
    sandbox.settlePayout(String(payout?.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    hook.Status = 'ENABLED';
    expect((await releaseOf(c.id))?.status).toBe('paying');
    // Within the wait nothing is read; past it, the job asks the provider.
    await releaseEscrows(ctx());
    expect((await releaseOf(c.id))?.status).toBe('paying');
    await releaseEscrows(ctx(), new Date(Date.now() + 11 * 60_000));
    expect((await releaseOf(c.id))?.status).toBe('paid');
  });

  it('the back office lists every release with its studio and the provider’s ids; members may not', async () => {
    const studio = await verifiedStudio();
    const { campaign: c } = await fundedCampaign(studio.id, 500);
    await releaseEscrows(ctx());
    const res = await admin.client.get('/api/backoffice/payments/releases/');
    expect(res.statusCode).toBe(200);
    const row = await releaseOf(c.id);
    expect(res.json().items).toContainEqual(
      expect.objectContaining({
        campaign_id: c.id,
        studio_id: studio.id,
        studio_username: studio.payload.username,
        amount_cents: 50_000,
        fee_cents: 2_500,
        status: 'paying',
        transfer_id: row?.transferId,
        payout_id: row?.payoutId,
      }),
    );
    expect((await studio.client.get('/api/backoffice/payments/releases/')).statusCode).toBe(403);
  });

  it('a forged notice for a transfer or payout the provider does not know moves nothing', async () => {
    for (const type of ['TRANSFER_NORMAL_SUCCEEDED', 'PAYOUT_NORMAL_SUCCEEDED']) {
      const res = await t
        .client()
        .get(`/api/payments/hooks?EventType=${type}&RessourceId=tr_forged_1&Date=1`);
      expect(res.json()).toEqual({ result: 'unknown_resource' });
    }
  });
});
