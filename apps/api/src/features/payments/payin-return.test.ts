import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { member } from '../../../test/fixtures/pitches.ts';
import { newCampaign, newMember } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { verifiedInvestor as investorAtSandbox, useSandboxApp } from '../../../test/payments-sandbox.ts';
import { auditEvents } from '../../db/schema.ts';
import { ledgerTransfers } from '../../db/schema-ledger.ts';
import { providerPayins, providerRecipients } from '../../db/schema-payments.ts';
import { providerRevenuePayins } from '../../db/schema-payments-revenue.ts';
import type { Payments } from '../../platform/payments/create-provider.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { reconcile } from './reconciliation.ts';
import { revenueTransfersJob, revenueWalletOf } from './revenue-pool.ts';

// Sending a parked pay-in back (ADR 0039, "Suspense"), against the sandbox provider over HTTP: a
// payout naming the pay-in from the wallet it credited to the payer's account, `returning` until
// the payout's event, read back by id, says it was paid (the suspense released once) or refused
// (parked again, the reason shown, and it may be sent again). The provider and the ledger agree in
// every state.

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

const db = () => t.database.db;
const ctx = () => t.app.ctx;

const PAYER_IBAN = 'FR7630006000011234567890189';
const ADDRESS = { line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' };
const returnUrl = (id: string) => `/api/backoffice/payments/suspense/${id}/return`;

/** A verified member, and a transfer to their IBAN from a stranger's account: parked. */
async function parked(cents: number, payerName = 'Mallory Stranger') {
  const m = await investorAtSandbox(ctx(), sandbox, 0);
  const wire = sandbox.receiveWire({ iban: m.iban, amount: cents, payerName, payerIban: PAYER_IBAN });
  await sandbox.flushHooks();
  const [row] = await db()
    .select()
    .from(providerPayins)
    .where(eq(providerPayins.payinId, String(wire.Id)));
  expect(row?.outcome).toBe('suspense');
  return { member: m, payinId: String(wire.Id) };
}

const listed = async (payinId: string) =>
  (await admin.client.get('/api/backoffice/payments/suspense/'))
    .json()
    .items.find((i: { payin_id: string }) => i.payin_id === payinId);

const outcomeOf = async (payinId: string) =>
  (await db().select().from(providerPayins).where(eq(providerPayins.payinId, payinId)))[0]?.outcome;

/** The ledger's releases of the pay-in's suspense holding (`kind`), by their reference. */
const releases = (payinId: string, kind = 'deposit_returned') =>
  db()
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, payinId), eq(ledgerTransfers.kind, kind)));

const payoutsNaming = (payinId: string) =>
  [...sandbox.state.payouts.values()].filter(
    (p) => (p.PaymentRef as { ReferenceId?: string } | null)?.ReferenceId === payinId,
  );

const walletBalance = async (walletId: string) =>
  (await payments.provider!.getWallet(walletId))?.balance.amount;

async function expectReconciled() {
  const result = await reconcile(ctx(), 'manual');
  expect(result.differences).toEqual([]);
  expect(await checkLedgerInvariants(db())).toMatchObject({ ok: true });
}

const hook = (eventType: string, id: string) =>
  t
    .client()
    .get(`/api/payments/hooks?${new URLSearchParams({ EventType: eventType, RessourceId: id, Date: '1' })}`);

describe('a member’s parked pay-in sent back', () => {
  it('returning until the payout is paid, then returned with the suspense released once', async () => {
    const { member, payinId } = await parked(4_200, 'Mallory Stranger');
    expect(await listed(payinId)).toMatchObject({
      state: 'parked',
      payer_iban: PAYER_IBAN,
      return_payout_id: null,
      return_failure: null,
    });

    const asked = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'returning', failure: null });
    const payoutId = asked.json().payout_id as string;

    // The payout: from the member's wallet, by the member's provider user, to the payer's account
    // registered for that user (a person: first and last name), naming the pay-in.
    const payout = sandbox.state.payouts.get(payoutId)!;
    expect(payout.Status).toBe('CREATED');
    expect(payout.DebitedWalletId).toBe(member.walletId);
    expect(payout.PaymentRef).toEqual({ ReasonType: 'PAYIN_REFUND', ReferenceId: payinId });
    expect((payout.DebitedFunds as { Amount: number }).Amount).toBe(4_200);
    const recipient = sandbox.state.recipients.get(String(payout.RecipientId))!;
    expect(recipient).toMatchObject({
      Status: 'ACTIVE',
      ScaContext: 'USER_NOT_PRESENT',
      UserId: payout.AuthorId,
      RecipientType: 'Individual',
      IndividualRecipient: expect.objectContaining({
        FirstName: 'Mallory',
        LastName: 'Stranger',
        Address: expect.objectContaining({
          AddressLine1: '1 Rue de Rivoli',
          PostalCode: '75001',
          Country: 'FR',
        }),
      }),
      LocalBankTransfer: { EUR: { IBAN: PAYER_IBAN } },
    });
    const [kept] = await db()
      .select()
      .from(providerRecipients)
      .where(eq(providerRecipients.recipientId, String(recipient.Id)));
    expect(kept).toMatchObject({ userId: member.id, purpose: 'payin_return', status: 'ACTIVE' });

    // On its way: gone from the wallet, still in the ledger's suspense; they reconcile.
    expect(await outcomeOf(payinId)).toBe('returning');
    expect(await walletBalance(member.walletId)).toBe(0);
    expect(await releases(payinId)).toHaveLength(0);
    expect(await listed(payinId)).toMatchObject({ state: 'returning', return_payout_id: payoutId });
    await expectReconciled();
    // The admin's decision is in the audit log, with the payout it asked for.
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, admin.id), eq(auditEvents.kind, 'payment_suspense_decided')));
    expect(audits.filter((a) => (a.data as { payinId?: string }).payinId === payinId)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ decision: 'returning', payoutId, attempt: 1, amountCents: 4_200 }),
      }),
    ]);

    // A second click meanwhile is refused, in the admin's language, and asks for nothing.
    const again = await admin.client.request('POST', returnUrl(payinId), {
      body: { confirm: payinId, address: ADDRESS },
      headers: { 'accept-language': 'it' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'payinReturnInProgress', message: /già in corso/ });
    expect(payoutsNaming(payinId)).toHaveLength(1);

    // A forged notice (a payout the provider does not know) moves nothing.
    expect((await hook('PAYOUT_NORMAL_SUCCEEDED', 'po_forged0000001')).json()).toEqual({
      result: 'unknown_resource',
    });
    expect(await outcomeOf(payinId)).toBe('returning');

    // The bank pays it: the event, read back by id, releases the suspense once.
    sandbox.settlePayout(payoutId, 'SUCCEEDED');
    await sandbox.flushHooks();
    expect(await outcomeOf(payinId)).toBe('returned');
    expect(await releases(payinId)).toHaveLength(1);
    expect(await listed(payinId)).toBeUndefined();
    await expectReconciled();

    // A duplicate, and a late one, change nothing.
    expect((await hook('PAYOUT_NORMAL_SUCCEEDED', payoutId)).json()).toEqual({ result: 'duplicate' });
    sandbox.emit('PAYOUT_NORMAL_SUCCEEDED', payoutId, 1);
    await sandbox.flushHooks();
    expect(await releases(payinId)).toHaveLength(1);
    const done = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('payinNotParked');
    await expectReconciled();
  });

  it('a payout the bank refuses parks it again with the reason; a second attempt is a new payout that pays', async () => {
    const { member, payinId } = await parked(2_500, 'Northwind Traders');
    sandbox.failingIbans.add(PAYER_IBAN);
    try {
      const first = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
      expect(first.json().state).toBe('returning');
      const firstId = first.json().payout_id as string;
      await expectReconciled();
      sandbox.settlePayout(firstId, 'FAILED');
      await sandbox.flushHooks();
      expect(await outcomeOf(payinId)).toBe('suspense');
      expect(await walletBalance(member.walletId)).toBe(2_500);
      expect(await releases(payinId)).toHaveLength(0);
      expect(await listed(payinId)).toMatchObject({
        state: 'parked',
        return_payout_id: firstId,
        return_failure: 'Bank account refused the transfer',
      });
      await expectReconciled();
    } finally {
      sandbox.failingIbans.delete(PAYER_IBAN);
    }

    const second = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    expect(second.statusCode).toBe(200);
    const secondId = second.json().payout_id as string;
    const [firstPayout, secondPayout] = payoutsNaming(payinId);
    expect(secondPayout?.Id).toBe(secondId);
    expect(secondId).not.toBe(firstPayout?.Id);
    // Each attempt has a key of its own: the provider was not answered the first payout again.
    const keys = sandbox.requests
      .filter((r) => r.method === 'POST' && r.path.endsWith('/payouts/bankwire'))
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await listed(payinId)).toMatchObject({ state: 'returning', return_failure: null });

    // The first payout's late event changes nothing; the second one's pays.
    sandbox.emit('PAYOUT_NORMAL_FAILED', String(firstPayout?.Id));
    await sandbox.flushHooks();
    expect(await outcomeOf(payinId)).toBe('returning');
    sandbox.settlePayout(secondId, 'SUCCEEDED');
    await sandbox.flushHooks();
    expect(await outcomeOf(payinId)).toBe('returned');
    expect(await releases(payinId)).toHaveLength(1);
    await expectReconciled();
  });

  it('an answer lost three times: not creditable meanwhile; sent again a day later, the one payout is found by its tag', async () => {
    const { payinId } = await parked(1_800);
    // The payer's account is registered (a POST passed on), then the payout is made but its
    // answer is lost on every try of the adapter.
    sandbox.faults.push(
      { kind: 'pass', afterWork: false, method: 'POST' },
      ...Array.from({ length: 3 }, () => ({
        kind: 'status500' as const,
        afterWork: true,
        method: 'POST' as const,
      })),
    );
    const lost = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    expect(lost.statusCode).toBe(503);
    expect(lost.json().code).toBe('paymentProviderUnavailable');
    expect(payoutsNaming(payinId)).toHaveLength(1);
    expect(await outcomeOf(payinId)).toBe('suspense');
    // Its payout may have taken the money: crediting it to the member is refused.
    const assign = await admin.client.post(`/api/backoffice/payments/suspense/${payinId}/assign`, {
      confirm: payinId,
    });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().code).toBe('payinReturnInProgress');

    // A day later the provider has forgotten the key: the payout is found by its tag, not made again.
    sandbox.passTime(25 * 60 * 60 * 1000);
    const again = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    expect(again.statusCode).toBe(200);
    expect(again.json().payout_id).toBe(payoutsNaming(payinId)[0]?.Id);
    expect(payoutsNaming(payinId)).toHaveLength(1);
    expect(await outcomeOf(payinId)).toBe('returning');
    await expectReconciled();
    sandbox.settlePayout(String(again.json().payout_id), 'SUCCEEDED');
    await sandbox.flushHooks();
    expect(await releases(payinId)).toHaveLength(1);
    await expectReconciled();
  });

  it('a payout the provider refuses outright gives the attempt up with its reason; the next one registers the account again', async () => {
    const { payinId } = await parked(1_100);
    const first = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    const recipientId = String(sandbox.state.payouts.get(first.json().payout_id)?.RecipientId);
    sandbox.settlePayout(String(first.json().payout_id), 'FAILED');
    await sandbox.flushHooks();
    // The provider stops paying to the payer's account; its notice is lost.
    const deactivated = [...sandbox.state.hooks.values()].find(
      (h) => h.EventType === 'RECIPIENT_DEACTIVATED',
    );
    if (deactivated) deactivated.Status = 'DISABLED';
    sandbox.deactivateRecipient(recipientId);
    await sandbox.flushHooks();
    if (deactivated) deactivated.Status = 'ENABLED';

    const refused = await admin.client.request('POST', returnUrl(payinId), {
      body: { confirm: payinId, address: ADDRESS },
      headers: { 'accept-language': 'it' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'payinReturnRefused', message: /DEACTIVATED.*riprova/ });
    expect(await outcomeOf(payinId)).toBe('suspense');
    expect((await listed(payinId)).return_failure).toMatch(/DEACTIVATED/);
    const [kept] = await db()
      .select()
      .from(providerRecipients)
      .where(eq(providerRecipients.recipientId, recipientId));
    expect(kept?.status).toBe('DEACTIVATED');
    await expectReconciled();

    const next = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    expect(next.statusCode).toBe(200);
    expect(next.json().state).toBe('returning');
    expect(sandbox.state.payouts.get(next.json().payout_id)?.RecipientId).not.toBe(recipientId);
    await expectReconciled();
  });

  it('a bad address is refused field by field, translated, and nothing is asked of the provider', async () => {
    const { payinId } = await parked(900);
    const before = sandbox.requests.length;
    const res = await admin.client.request('POST', returnUrl(payinId), {
      body: { confirm: payinId, address: { line1: ' ', city: '', postal_code: '75001!', country: 'XX' } },
      headers: { 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({
      'address.line1': 'fillMandatory',
      'address.city': 'fillMandatory',
      'address.postal_code': 'kybPostalCodeInvalid',
      'address.country': 'kybAddressCountryInvalid',
    });
    expect(res.json().message).toMatch(/[a-zà-ù]/);
    expect(res.json().errors['address.postal_code']).toMatch(/codice postale/);
    expect(sandbox.requests.length).toBe(before);
    expect(await outcomeOf(payinId)).toBe('suspense');
  });

  it('a payout whose event never came is read back by the job after ten minutes', async () => {
    const { payinId } = await parked(1_300);
    const asked = await admin.client.post(returnUrl(payinId), { confirm: payinId, address: ADDRESS });
    const payoutId = asked.json().payout_id as string;
    const payoutHooks = [...sandbox.state.hooks.values()].filter((h) =>
      String(h.EventType).startsWith('PAYOUT_NORMAL_'),
    );
    for (const h of payoutHooks) h.Status = 'DISABLED';
    try {
      sandbox.settlePayout(payoutId, 'SUCCEEDED');
      await sandbox.flushHooks();
    } finally {
      for (const h of payoutHooks) h.Status = 'ENABLED';
    }
    expect(await outcomeOf(payinId)).toBe('returning');
    const job = revenueTransfersJob(ctx(), 60);
    const signal = new AbortController().signal;
    await job.tick(new Date(Date.now() + 5 * 60_000), signal);
    expect(await outcomeOf(payinId)).toBe('returning');
    await job.tick(new Date(Date.now() + 11 * 60_000), signal);
    expect(await outcomeOf(payinId)).toBe('returned');
    expect(await releases(payinId)).toHaveLength(1);
    await expectReconciled();
  });
});

describe('a revenue pool’s parked pay-in sent back', () => {
  it('from the revenue wallet by the platform’s user; a business payer; released once', async () => {
    const studio = await newMember(db());
    const campaign = await newCampaign(db(), { developerId: studio.id });
    const wallet = await revenueWalletOf(ctx(), { id: campaign.id, title: campaign.title });
    // Nothing awaits payment: parked.
    const wire = sandbox.receiveWire({
      iban: wallet.iban,
      amount: 7_700,
      payerName: 'Vesper',
      payerIban: PAYER_IBAN,
    });
    await sandbox.flushHooks();
    const payinId = String(wire.Id);
    const url = `/api/backoffice/payments/revenue-suspense/${payinId}/return`;
    const row = async () =>
      (await db().select().from(providerRevenuePayins).where(eq(providerRevenuePayins.payinId, payinId)))[0];
    expect((await row())?.outcome).toBe('suspense');
    await expectReconciled();

    const asked = await admin.client.post(url, { confirm: payinId, address: ADDRESS });
    expect(asked.statusCode).toBe(200);
    const payout = sandbox.state.payouts.get(asked.json().payout_id)!;
    expect(payout.AuthorId).toBe(payments.platformUserId);
    expect(payout.DebitedWalletId).toBe(wallet.walletId);
    expect(payout.PaymentRef).toEqual({ ReasonType: 'PAYIN_REFUND', ReferenceId: payinId });
    expect(sandbox.state.recipients.get(String(payout.RecipientId))).toMatchObject({
      RecipientType: 'Business',
      BusinessRecipient: expect.objectContaining({ BusinessName: 'Vesper' }),
      UserId: payments.platformUserId,
    });
    const items = (await admin.client.get('/api/backoffice/payments/revenue-suspense/')).json().items;
    expect(items.find((i: { payin_id: string }) => i.payin_id === payinId)).toMatchObject({
      state: 'returning',
      return_payout_id: payout.Id,
    });
    expect((await row())?.outcome).toBe('returning');
    expect(await walletBalance(wallet.walletId)).toBe(0);
    await expectReconciled();
    const twice = await admin.client.post(url, { confirm: payinId, address: ADDRESS });
    expect(twice.json().code).toBe('payinReturnInProgress');

    sandbox.settlePayout(String(payout.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    sandbox.emit('PAYOUT_NORMAL_SUCCEEDED', String(payout.Id));
    await sandbox.flushHooks();
    expect((await row())?.outcome).toBe('returned');
    expect(await releases(payinId, 'revenue_payin_returned')).toHaveLength(1);
    await expectReconciled();
  });
});
