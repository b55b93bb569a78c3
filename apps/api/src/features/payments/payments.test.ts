import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import type { TestApp, TestClient } from '../../../test/harness.ts';
import { useSandboxApp } from '../../../test/payments-sandbox.ts';
import { users } from '../../db/schema.ts';
import { providerPayins } from '../../db/schema-payments.ts';
import type { Payments } from '../../platform/payments/create-provider.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import { claimProviderWithdrawals } from '../funds/service.ts';
import { identityOf } from '../identity/service.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { sendPayouts } from './payouts.ts';
import { reconcile } from './reconciliation.ts';

// PAYMENTS=sandbox end to end through the API: the real Mangopay adapter and SDK talk HTTP to the
// sandbox provider, whose webhooks come back into this app (test/payments-sandbox.ts).

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

async function investor(first = 'Ada', last = 'Lovelace') {
  const m = await member(t);
  await t.database.db.update(users).set({ firstName: first, lastName: last }).where(eq(users.id, m.id));
  return m;
}

const account = async (client: TestClient) => {
  const res = await client.get('/api/payments/account/');
  expect(res.statusCode).toBe(200);
  return res.json();
};

const available = async (client: TestClient) =>
  (await client.get('/api/wallet/?currency=EUR')).json().balances[0]?.available_cents ?? 0;

/** What a person does on the sandbox's hosted page: approve or refuse the check, then come back. */
async function completeCheck(client: TestClient, outcome: 'approve' | 'refuse', reason = '') {
  const start = await client.post('/api/payments/identity/');
  expect(start.statusCode).toBe(200);
  const hosted = start.json().hosted_url as string;
  expect(hosted.startsWith(sandbox.baseUrl)).toBe(true);
  const page = await fetch(hosted, {
    method: 'POST',
    body: new URLSearchParams({ outcome, reason }),
    redirect: 'manual',
  });
  expect(page.status).toBe(303);
  expect(page.headers.get('location')).toBe(`${t.config.publicUrl}/portfolio/wallet?identity=returned`);
  await sandbox.flushHooks();
}

async function verifiedInvestor(first = 'Ada', last = 'Lovelace') {
  const m = await investor(first, last);
  await completeCheck(m.client, 'approve');
  const { account: acc } = await account(m.client);
  return { ...m, iban: acc.iban as string };
}

const hook = (client: TestClient, query: Record<string, string>) =>
  client.get(`/api/payments/hooks?${new URLSearchParams(query)}`);

describe('identity verification before real euros', () => {
  it('a new member has not started; without a name the check cannot start', async () => {
    const m = await member(t);
    await t.database.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, m.id));
    expect(await account(m.client)).toMatchObject({
      mode: 'sandbox',
      identity: { status: 'not_started', reason: null },
      account: null,
    });
    const res = await m.client.post('/api/payments/identity/');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('identityNamesRequired');
  });

  it('withdrawing euros needs a verified identity (translated 403)', async () => {
    const m = await investor();
    const res = await m.client.request('POST', '/api/funds/withdrawals/', {
      body: { amount: '10.00', iban: 'IT60 X054 2811 1010 0000 0123 456', account_holder: 'Ada Lovelace' },
      headers: { 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('identityNotVerified');
    expect(res.json().message).toMatch(/verifica la tua identità/i);
  });

  it('pending, then verified on the provider’s event: the member gets a personal IBAN', async () => {
    const m = await investor();
    const start = await m.client.post('/api/payments/identity/');
    expect((await account(m.client)).identity.status).toBe('pending');
    await fetch(start.json().hosted_url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'approve' }),
      redirect: 'manual',
    });
    await sandbox.flushHooks();
    const after = await account(m.client);
    expect(after.identity).toEqual({ status: 'verified', reason: null });
    expect(after.account.iban).toMatch(/^IT\d{2}X03002/);
    expect(after.account.holder_name).toBe('Ada Lovelace');
    expect(after.sandbox_bank_url).toContain('/sandbox/bank?iban=');
    expect((await m.client.post('/api/payments/identity/')).json().code).toBe('identityAlreadyVerified');
  });

  it('a refused check shows the reason, and a new check can be started', async () => {
    const m = await investor('Grace', 'Hopper');
    await completeCheck(m.client, 'refuse', 'Photo blurred');
    expect((await account(m.client)).identity).toEqual({
      status: 'refused',
      reason: 'DOCUMENT_UNREADABLE: Photo blurred',
    });
    expect((await account(m.client)).account).toBeNull();
    await completeCheck(m.client, 'approve');
    expect((await account(m.client)).identity.status).toBe('verified');
  });

  it('an old session’s late event changes nothing', async () => {
    const m = await investor('Alan', 'Turing');
    await completeCheck(m.client, 'refuse', 'Expired document');
    const [old] = [...sandbox.state.idv.values()].filter((s) => s.Status === 'REFUSED').slice(-1);
    await completeCheck(m.client, 'approve');
    // The refused session's event arrives again, late.
    sandbox.emit('IDENTITY_VERIFICATION_FAILED', String(old?.Id));
    await sandbox.flushHooks();
    expect((await account(m.client)).identity.status).toBe('verified');
  });
});

describe('pay-ins to the personal IBAN', () => {
  it('a transfer from the member credits the wallet once, whatever the events do', async () => {
    const m = await verifiedInvestor('Ada', 'Lovelace');
    const wire = sandbox.receiveWire({ iban: m.iban, amount: 25_000, payerName: 'LOVELACE ADA' });
    await sandbox.flushHooks();
    expect(await available(m.client)).toBe(25_000);
    // Duplicates, and the same event late with an older date.
    for (let i = 0; i < 3; i++) sandbox.emit('PAYIN_NORMAL_SUCCEEDED', String(wire.Id));
    sandbox.emit('PAYIN_NORMAL_SUCCEEDED', String(wire.Id), 1_000);
    await sandbox.flushHooks();
    const direct = await hook(t.client(), {
      EventType: 'PAYIN_NORMAL_SUCCEEDED',
      RessourceId: String(wire.Id),
      Date: '1',
    });
    expect(direct.json()).toEqual({ result: 'duplicate' });
    expect(await available(m.client)).toBe(25_000);
    const rows = await t.database.db
      .select()
      .from(providerPayins)
      .where(eq(providerPayins.payinId, String(wire.Id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.outcome).toBe('credited');
    // The member sees it as a deposit, and the provider's wallet holds what the ledger says.
    const tx = (await m.client.get('/api/wallet/?currency=EUR')).json().transactions;
    expect(tx).toEqual([expect.objectContaining({ amount_cents: 25_000, kind: 'deposit' })]);
    const walletId = [...sandbox.state.virtualAccounts.values()].find(
      (v) => String((v.LocalAccountsDetails as { Account: { Iban: string } }).Account.Iban) === m.iban,
    )?.WalletId;
    expect((await payments.provider?.getWallet(String(walletId)))?.balance.amount).toBe(25_000);
    expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
  });

  it('later pay-ins (one statement each): racing notices credit once; a member changed since the last one is read again', async () => {
    const m = await verifiedInvestor('Dorothy', 'Vaughan');
    const payinHook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED');
    // A wire whose notice the test delivers itself, `times` at once; the answers, sorted.
    const wire = async (amount: number, payerName: string, times = 1) => {
      if (payinHook) payinHook.Status = 'DISABLED';
      const w = sandbox.receiveWire({ iban: m.iban, amount, payerName });
      if (payinHook) payinHook.Status = 'ENABLED';
      const notice = { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: String(w.Id), Date: '1' };
      const answers = await Promise.all(Array.from({ length: times }, () => hook(t.client(), notice)));
      return { id: String(w.Id), results: answers.map((a) => a.json().result).sort() };
    };
    const outcome = async (id: string) =>
      (await t.database.db.select().from(providerPayins).where(eq(providerPayins.payinId, id)))[0]?.outcome;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const notices = () =>
      rows<{ email: string; data: unknown; amount_cents: number }>(
        sql`select n.email, n.data, d.amount_cents::int as amount_cents
          from notifications n join deposits d on d.id::text = n.subject_id
          where n.user_id = ${m.id} and n.type = 'deposit_credited' order by n.id`,
      );
    const mails = async () =>
      (
        await rows<{ to_address: string }>(
          sql`select to_address from mail_outbox where user_id = ${m.id} and subject is not null order by id`,
        )
      ).map((r) => r.to_address);
    const mailsBefore = (await mails()).length;

    expect((await wire(1_000, 'Dorothy Vaughan')).results).toEqual(['credited']);
    expect((await wire(2_000, 'DOROTHY VAUGHAN', 4)).results).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await available(m.client)).toBe(3_000);
    expect(await notices()).toEqual([
      { email: 'queued', data: { amount_cents: 1_000, currency: 'EUR' }, amount_cents: 1_000 },
      { email: 'queued', data: { amount_cents: 2_000, currency: 'EUR' }, amount_cents: 2_000 },
    ]);
    expect((await mails()).length).toBe(mailsBefore + 2);

    // Her name changed since: the payer is no longer her, and the money is parked.
    await t.database.db.update(users).set({ firstName: 'Dot' }).where(eq(users.id, m.id));
    const parked = await wire(500, 'Dorothy Vaughan');
    expect(parked.results).toEqual(['suspense']);
    expect(await outcome(parked.id)).toBe('suspense');
    // Her name back and a new email address: the credit's email goes to the new one.
    await t.database.db
      .update(users)
      .set({ firstName: 'Dorothy', email: 'dorothy.new@example.com' })
      .where(eq(users.id, m.id));
    expect((await wire(400, 'Dorothy Vaughan')).results).toEqual(['credited']);
    expect((await mails()).at(-1)).toBe('dorothy.new@example.com');
    // No email for a member who turned this type off; the notification is there.
    await t.database.db.execute(sql`insert into notification_preferences (user_id, type, delivery)
      values (${m.id}, 'deposit_credited', 'off')`);
    expect((await wire(300, 'Dorothy Vaughan', 2)).results).toEqual(['credited', 'duplicate']);
    expect((await notices()).at(-1)).toMatchObject({ email: 'none', amount_cents: 300 });
    expect((await mails()).length).toBe(mailsBefore + 3);
    expect(await available(m.client)).toBe(3_700);
    expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
  });

  it('a forged notice (an id the provider does not know) moves nothing; a malformed one is refused', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(providerPayins);
    const forged = await hook(t.client(), {
      EventType: 'PAYIN_NORMAL_SUCCEEDED',
      RessourceId: 'wt_forged000001',
      Date: '1700000000',
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ result: 'unknown_resource' });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(providerPayins);
    expect(after).toEqual(before);
    const bad = await t
      .client()
      .get('/api/payments/hooks?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=../x&Date=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalidHookNotice');
  });

  it('a provider failing while a notice is handled: retried; when it keeps failing, 503 and nothing applied, then applied once', async () => {
    const m = await verifiedInvestor('Katherine', 'Johnson');
    const wire = sandbox.receiveWire({ iban: m.iban, amount: 1_000, payerName: 'Katherine Johnson' });
    // The event is lost (answered 503): three failing reads in a row, the adapter's every try.
    const notice = { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: String(wire.Id), Date: '1' };
    await sandbox.flushHooks();
    const credited = await available(m.client);
    expect(credited).toBe(1_000);
    // The provider's own delivery is lost this time: the notice comes from the test alone.
    const payinHook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'PAYIN_NORMAL_SUCCEEDED');
    if (payinHook) payinHook.Status = 'DISABLED';
    const wire2 = sandbox.receiveWire({ iban: m.iban, amount: 500, payerName: 'Katherine Johnson' });
    if (payinHook) payinHook.Status = 'ENABLED';
    // Every try of the adapter fails: 503 (the provider will send the notice again), nothing applied.
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({ kind: 'status500' as const, afterWork: false })),
    );
    const failed = await hook(t.client(), { ...notice, RessourceId: String(wire2.Id) });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('paymentProviderUnavailable');
    expect(await available(m.client)).toBe(1_000);
    // One fault is retried inside the adapter: applied once; the next delivery changes nothing.
    sandbox.faults.push({ kind: 'status500', afterWork: false });
    const retried = await hook(t.client(), { ...notice, RessourceId: String(wire2.Id) });
    expect(retried.json()).toEqual({ result: 'credited' });
    sandbox.emit('PAYIN_NORMAL_SUCCEEDED', String(wire2.Id));
    await sandbox.flushHooks();
    expect(await available(m.client)).toBe(1_500);
  });
});

describe('the suspense account', () => {
  it('parks a transfer from someone else; an admin assigns one and returns another, once each', async () => {
    const m = await verifiedInvestor('Mary', 'Jackson');
    const foreign = sandbox.receiveWire({ iban: m.iban, amount: 3_000, payerName: 'Mallory Unknown' });
    const other = sandbox.receiveWire({ iban: m.iban, amount: 700, payerName: 'Eve Stranger' });
    await sandbox.flushHooks();
    expect(await available(m.client)).toBe(0);
    const list = await admin.client.get('/api/backoffice/payments/suspense/');
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((i: { payin_id: string }) => i.payin_id);
    expect(ids).toEqual(expect.arrayContaining([foreign.Id, other.Id]));
    expect((await m.client.get('/api/backoffice/payments/suspense/')).statusCode).toBe(403);

    const url = (id: unknown, what: string) => `/api/backoffice/payments/suspense/${String(id)}/${what}`;
    const unconfirmed = await admin.client.post(url(foreign.Id, 'assign'), { confirm: 'wrong' });
    expect(unconfirmed.statusCode).toBe(422);
    expect((await admin.client.post(url(foreign.Id, 'assign'), { confirm: foreign.Id })).statusCode).toBe(
      204,
    );
    expect(await available(m.client)).toBe(3_000);
    const again = await admin.client.post(url(foreign.Id, 'assign'), { confirm: foreign.Id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payinNotParked');

    // Sent back by a payout naming the pay-in (payin-return.test.ts goes through its states).
    const address = { line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' };
    const asked = await admin.client.post(url(other.Id, 'return'), { confirm: other.Id, address });
    expect(asked.statusCode).toBe(200);
    const twice = await admin.client.post(url(other.Id, 'return'), { confirm: other.Id, address });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('payinReturnInProgress');
    const payouts = [...sandbox.state.payouts.values()].filter(
      (p) => (p.PaymentRef as { ReferenceId?: string } | null)?.ReferenceId === other.Id,
    );
    expect(payouts).toHaveLength(1);
    sandbox.settlePayout(String(payouts[0]!.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    expect(
      (await admin.client.post(url(other.Id, 'return'), { confirm: other.Id, address })).statusCode,
    ).toBe(409);
    expect(await available(m.client)).toBe(3_000);
    const outcomes = await t.database.db
      .select({ id: providerPayins.payinId, outcome: providerPayins.outcome })
      .from(providerPayins)
      .where(sql`${providerPayins.payinId} in (${String(foreign.Id)}, ${String(other.Id)})`);
    expect(Object.fromEntries(outcomes.map((o) => [o.id, o.outcome]))).toEqual({
      [String(foreign.Id)]: 'assigned',
      [String(other.Id)]: 'returned',
    });
    expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
  });
});

describe('withdrawals paid by the provider', () => {
  const ADDRESS = { line1: 'Via Roma 1', city: 'Milano', postal_code: '20121', country: 'it' };
  const IBAN = 'IT60X0542811101000000123456';

  /** A verified member whose personal IBAN received `cents` from themselves. */
  async function funded(first: string, last: string, cents: number) {
    const m = await verifiedInvestor(first, last);
    sandbox.receiveWire({ iban: m.iban, amount: cents, payerName: `${first} ${last}` });
    await sandbox.flushHooks();
    expect(await available(m.client)).toBe(cents);
    return m;
  }

  const providerWallet = async (iban: string) => {
    const walletId = [...sandbox.state.virtualAccounts.values()].find(
      (v) => String((v.LocalAccountsDetails as { Account: { Iban: string } }).Account.Iban) === iban,
    )?.WalletId;
    return (await payments.provider?.getWallet(String(walletId)))?.balance.amount;
  };

  const mine = async (client: TestClient, id: string) =>
    (await client.get('/api/funds/withdrawals/')).json().withdrawals.find((w: { id: string }) => w.id === id);

  /** Asks for a withdrawal to `iban` in a provider mode (with the holder's address); its id. */
  async function askWithdrawal(
    client: TestClient,
    amount: string,
    holder: string,
    iban = IBAN,
  ): Promise<string> {
    const asked = await client.post('/api/funds/withdrawals/', {
      amount,
      iban,
      account_holder: holder,
      holder_address: { ...ADDRESS, country: iban.slice(0, 2) },
    });
    expect(asked.statusCode).toBe(201);
    return asked.json().id as string;
  }

  const payoutsOf = (withdrawalId: string) =>
    [...sandbox.state.payouts.values()].filter((p) => p.Tag === withdrawalId);

  const RETURN_URL = () => `${t.config.publicUrl}/portfolio/wallet?account=returned`;

  /** What the wallet page calls right after the request (and its "Confirm your bank account" button). */
  async function confirmAccount(client: TestClient, id: string) {
    const res = await client.post(`/api/payments/withdrawals/${id}/confirm-account/`);
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; confirm_url: string | null };
  }

  /** The recipient a confirmation page is for. */
  const recipientOf = (confirmUrl: string) => {
    const id = /\/sandbox\/sca\/([A-Za-z0-9_]+)\?/.exec(confirmUrl)?.[1];
    const recipient = sandbox.state.recipients.get(String(id));
    if (!recipient) throw new Error(`no recipient behind ${confirmUrl}`);
    return recipient;
  };

  /** What the member does on the provider's page: confirm (or cancel), then back to the wallet. */
  async function onConfirmPage(confirmUrl: string, outcome: 'confirm' | 'cancel') {
    expect(confirmUrl.startsWith(`${sandbox.baseUrl}/sandbox/sca/`)).toBe(true);
    const page = await fetch(confirmUrl);
    expect(page.status).toBe(200);
    const answer = await fetch(confirmUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(RETURN_URL());
    await sandbox.flushHooks();
  }

  /** The request's bank account registered and confirmed by the member; the recipient's id. */
  async function confirmed(client: TestClient, id: string): Promise<string> {
    const asked = await confirmAccount(client, id);
    expect(asked).toMatchObject({ status: 'PENDING' });
    await onConfirmPage(String(asked.confirm_url), 'confirm');
    expect(await mine(client, id)).toMatchObject({ status: 'requested', account_confirmation: 'confirmed' });
    return String(recipientOf(String(asked.confirm_url)).Id);
  }

  /**
   * The withdrawal has exactly one payout at the provider; the bank pays it, and the member sees
   * the withdrawal paid with `left` cents in the provider wallet and in the available balance.
   */
  async function paidOnce(m: { client: TestClient; iban: string }, id: string, left: number) {
    expect(payoutsOf(id)).toHaveLength(1);
    sandbox.settlePayout(String(payoutsOf(id)[0]?.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    expect(await mine(m.client, id)).toMatchObject({ status: 'paid' });
    expect(await providerWallet(m.iban)).toBe(left);
    expect(await available(m.client)).toBe(left);
  }

  it('waits until the member confirms the bank account, then pays to their own recipient once, whatever the events do', async () => {
    const m = await funded('Ada', 'Lovelace', 25_000);
    const noAddress = await m.client.request('POST', '/api/funds/withdrawals/', {
      body: { amount: '100.00', iban: IBAN, account_holder: 'Ada Lovelace' },
      headers: { 'accept-language': 'it' },
    });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json()).toMatchObject({
      code: 'holderAddressRequired',
      error_codes: { holder_address: 'holderAddressRequired' },
    });
    expect(noAddress.json().message).toMatch(/indirizzo dell’intestatario/);
    expect(await available(m.client)).toBe(25_000);

    // The form's holder says something else: the provider's recipient carries the verified name.
    const id = await askWithdrawal(m.client, '100.00', 'A. L.');
    expect(await available(m.client)).toBe(15_000);
    expect(await mine(m.client, id)).toMatchObject({ status: 'requested', account_confirmation: 'pending' });

    // Not confirmed (not even registered): nothing is paid, and the request stays the member's to
    // cancel; the job does not even claim it (no round taken and given back, again and again).
    expect((await claimProviderWithdrawals(t.app.ctx)).map((w) => w.id)).not.toContain(id);
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(payoutsOf(id)).toHaveLength(0);
    expect(await mine(m.client, id)).toMatchObject({ status: 'requested' });

    const asked = await confirmAccount(m.client, id);
    expect(asked.status).toBe('PENDING');
    expect(asked.confirm_url).toBe(
      `${sandbox.baseUrl}/sandbox/sca/${String(recipientOf(String(asked.confirm_url)).Id)}?returnUrl=${encodeURIComponent(RETURN_URL())}`,
    );
    const recipient = recipientOf(String(asked.confirm_url));
    const { providerUserId: providerUser } = await identityOf(t.database.db, m.id);
    expect(recipient).toMatchObject({
      UserId: providerUser,
      ScaContext: 'USER_PRESENT',
      RecipientType: 'Individual',
      IndividualRecipient: {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Address: { AddressLine1: 'Via Roma 1', City: 'Milano', PostalCode: '20121', Country: 'IT' },
      },
      LocalBankTransfer: { EUR: { IBAN } },
    });
    // Asked again while the member has not confirmed: the same recipient, the same page.
    expect(await confirmAccount(m.client, id)).toEqual(asked);
    expect(sandbox.recipientsOf(String(providerUser))).toHaveLength(1);
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(await mine(m.client, id)).toMatchObject({ status: 'requested', account_confirmation: 'pending' });

    // The back office sees why it waits, as the member does.
    const inBackoffice = async () =>
      (await admin.client.get('/api/backoffice/funds/withdrawals?status=requested'))
        .json()
        .withdrawals.find((w: { id: string }) => w.id === id);
    expect(await inBackoffice()).toMatchObject({ account_confirmation: 'pending' });

    await onConfirmPage(String(asked.confirm_url), 'confirm');
    expect(await mine(m.client, id)).toMatchObject({
      status: 'requested',
      account_confirmation: 'confirmed',
    });
    expect(await inBackoffice()).toMatchObject({ account_confirmation: 'confirmed' });

    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    const [payout] = payoutsOf(id);
    expect(payout).toMatchObject({
      Status: 'CREATED',
      DebitedFunds: { Amount: 10_000 },
      RecipientId: recipient.Id,
      AuthorId: providerUser,
    });
    expect(await providerWallet(m.iban)).toBe(15_000);
    expect(await mine(m.client, id)).toMatchObject({ status: 'processing', account_confirmation: null });

    // On its way: the member cannot cancel it, and no admin can pay or refuse it by hand.
    expect((await m.client.post(`/api/funds/withdrawals/${id}/cancel`)).json().code).toBe(
      'withdrawalBeingPaid',
    );
    const byHand = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, {
      bank_reference: 'SEPA-1',
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().code).toBe('withdrawalAtProvider');
    // Nor is there an account left to confirm.
    const late = await m.client.post(`/api/payments/withdrawals/${id}/confirm-account/`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('withdrawalAccountNotWaiting');

    // A second round sends nothing more.
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(payoutsOf(id)).toHaveLength(1);

    sandbox.settlePayout(String(payout?.Id), 'SUCCEEDED');
    await sandbox.flushHooks();
    expect(await mine(m.client, id)).toMatchObject({ status: 'paid', bank_reference: String(payout?.Id) });
    for (let i = 0; i < 2; i++) sandbox.emit('PAYOUT_NORMAL_SUCCEEDED', String(payout?.Id));
    await sandbox.flushHooks();
    const again = await hook(t.client(), {
      EventType: 'PAYOUT_NORMAL_SUCCEEDED',
      RessourceId: String(payout?.Id),
      Date: '1',
    });
    expect(again.json()).toEqual({ result: 'duplicate' });
    // Another payout that names this request (another amount, from the same wallet) closes nothing.
    const other = await payments.provider!.createPayout(
      {
        authorId: String(payout?.AuthorId),
        debitedWalletId: String(payout?.DebitedWalletId),
        recipientId: String(payout?.RecipientId),
        amount: 1,
        tag: id,
      },
      'other-payout-of-the-test-0001',
    );
    sandbox.settlePayout(other.id, 'SUCCEEDED');
    const stranger = await hook(t.client(), {
      EventType: 'PAYOUT_NORMAL_SUCCEEDED',
      RessourceId: other.id,
      Date: '1',
    });
    expect(stranger.json()).toEqual({ result: 'unknown' });
    expect(await mine(m.client, id)).toMatchObject({ status: 'paid', bank_reference: String(payout?.Id) });
    expect(await available(m.client)).toBe(15_000);
    // The stranger's cent left the provider wallet without the ledger: a difference the
    // reconciliation must show, not one a notice may paper over.
    expect(await providerWallet(m.iban)).toBe(14_999);
    const check = await reconcile(t.app.ctx, 'manual');
    const differences = check.differences.filter((d) => d.account === `wallet:${m.id}:EUR`);
    expect(differences).toEqual([
      expect.objectContaining({ kind: 'balance', expected_cents: 15_000, provider_cents: 14_999 }),
      expect.objectContaining({ kind: 'unknown_in_ledger', transaction_id: other.id }),
    ]);
    const mail = await t.mailbox(m.payload.email);
    expect(mail.filter((e) => /paid|pagato/i.test(e.subject))).toHaveLength(1);
    expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
  });

  it('a cancelled confirmation is not paid; confirming again makes a new recipient, which is', async () => {
    const m = await funded('Mary', 'Somerville', 8_000);
    const id = await askWithdrawal(m.client, '20.00', 'Mary Somerville');
    const first = await confirmAccount(m.client, id);
    await onConfirmPage(String(first.confirm_url), 'cancel');
    expect(recipientOf(String(first.confirm_url)).Status).toBe('CANCELED');
    expect(await mine(m.client, id)).toMatchObject({
      status: 'requested',
      account_confirmation: 'not_confirmed',
    });
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(payoutsOf(id)).toHaveLength(0);
    expect(await available(m.client)).toBe(6_000);

    // The button again: a new recipient (a cancelled one is never reused), which the member confirms.
    const second = await confirmAccount(m.client, id);
    expect(second.status).toBe('PENDING');
    const recipient = recipientOf(String(second.confirm_url));
    expect(recipient.Id).not.toBe(recipientOf(String(first.confirm_url)).Id);
    await onConfirmPage(String(second.confirm_url), 'confirm');
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    expect(payoutsOf(id)[0]).toMatchObject({ RecipientId: recipient.Id });
    await paidOnce(m, id, 6_000);
  });

  it('a second withdrawal to a confirmed IBAN needs no new confirmation', async () => {
    const m = await funded('Emmy', 'Noether', 9_000);
    const firstId = await askWithdrawal(m.client, '10.00', 'Emmy Noether');
    const recipientId = await confirmed(m.client, firstId);
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    await paidOnce(m, firstId, 8_000);

    const asked = await m.client.post('/api/funds/withdrawals/', {
      amount: '15.00',
      iban: IBAN,
      account_holder: 'Emmy Noether',
      holder_address: ADDRESS,
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'requested', account_confirmation: 'confirmed' });
    const id = asked.json().id as string;
    const recipients = sandbox.state.recipients.size;
    expect(await confirmAccount(m.client, id)).toEqual({ status: 'ACTIVE', confirm_url: null });
    expect(sandbox.state.recipients.size).toBe(recipients);
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    expect(payoutsOf(id)[0]).toMatchObject({ RecipientId: recipientId });
    await paidOnce(m, id, 6_500);
  });

  it('someone else’s request, an unknown one or a closed one is refused, in the member’s language; a waiting one can be cancelled', async () => {
    const owner = await funded('Sophie', 'Germain', 5_000);
    const id = await askWithdrawal(owner.client, '30.00', 'Sophie Germain');
    const other = await verifiedInvestor('Mallory', 'Other');
    const recipients = sandbox.state.recipients.size;

    const foreign = await other.client.request('POST', `/api/payments/withdrawals/${id}/confirm-account/`, {
      headers: { 'accept-language': 'it' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'withdrawalNotFound',
      message: 'Questa richiesta di prelievo non è tra le tue.',
    });
    const unknown = await other.client.post(
      '/api/payments/withdrawals/00000000-0000-4000-8000-000000000000/confirm-account/',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('withdrawalNotFound');
    expect((await t.client().post(`/api/payments/withdrawals/${id}/confirm-account/`)).statusCode).toBe(401);
    expect(sandbox.state.recipients.size).toBe(recipients);

    // The owner cancels it while the account waits: the money is back, and nothing is paid later.
    const asked = await confirmAccount(owner.client, id);
    const cancelled = await owner.client.post(`/api/funds/withdrawals/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', account_confirmation: null });
    expect(await available(owner.client)).toBe(5_000);
    await onConfirmPage(String(asked.confirm_url), 'confirm');
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(payoutsOf(id)).toHaveLength(0);
    const closed = await owner.client.post(`/api/payments/withdrawals/${id}/confirm-account/`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'withdrawalAccountNotWaiting',
      message: expect.stringMatching(/no longer waiting for your bank account/),
    });
    expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
  });

  it('a forged RECIPIENT_ACTIVE notice changes nothing: an unknown id, or a recipient the provider still has PENDING', async () => {
    const m = await funded('Ada', 'Byron', 4_000);
    const id = await askWithdrawal(m.client, '10.00', 'Ada Byron');
    const asked = await confirmAccount(m.client, id);
    const forged = await hook(t.client(), {
      EventType: 'RECIPIENT_ACTIVE',
      RessourceId: 'rec_forged_1',
      Date: '1',
    });
    expect(forged.json()).toEqual({ result: 'unknown_resource' });
    const early = await hook(t.client(), {
      EventType: 'RECIPIENT_ACTIVE',
      RessourceId: String(recipientOf(String(asked.confirm_url)).Id),
      Date: '1',
    });
    expect(early.statusCode).toBe(200);
    expect(await mine(m.client, id)).toMatchObject({ status: 'requested', account_confirmation: 'pending' });
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(payoutsOf(id)).toHaveLength(0);
    expect(await available(m.client)).toBe(3_000);
  });

  it('a confirmation whose event was lost is read back by the job after a while, and the payout follows', async () => {
    const m = await funded('Hedy', 'Lamarr', 3_000);
    const id = await askWithdrawal(m.client, '12.00', 'Hedy Lamarr');
    const asked = await confirmAccount(m.client, id);
    const activeHook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'RECIPIENT_ACTIVE');
    activeHook!.Status = 'DISABLED';
    try {
      await onConfirmPage(String(asked.confirm_url), 'confirm');
    } finally {
      activeHook!.Status = 'ENABLED';
    }
    // Just confirmed, as far as we know still PENDING: not read back yet.
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(await mine(m.client, id)).toMatchObject({ account_confirmation: 'pending' });
    // Eleven minutes without news.
    await t.database.db.execute(
      sql`update provider_recipients set updated_at = now() - interval '11 minutes' where user_id = ${m.id}`,
    );
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    await paidOnce(m, id, 1_800);
  });

  it('an account withdrawn after the request was claimed gives the request back to the member, unpaid', async () => {
    const m = await funded('Rosalind', 'Franklin', 2_000);
    const id = await askWithdrawal(m.client, '5.00', 'Rosalind Franklin');
    const recipientId = await confirmed(m.client, id);
    // The job claims it; before it asks for the payout, the provider withdraws the account.
    expect((await claimProviderWithdrawals(t.app.ctx)).map((w) => w.id)).toContain(id);
    sandbox.deactivateRecipient(recipientId);
    await sandbox.flushHooks();
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(payoutsOf(id)).toHaveLength(0);
    expect(await mine(m.client, id)).toMatchObject({
      status: 'requested',
      started_at: null,
      account_confirmation: 'not_confirmed',
    });
    expect((await m.client.post(`/api/funds/withdrawals/${id}/cancel`)).json().status).toBe('cancelled');
    expect(await available(m.client)).toBe(2_000);
  });

  it('a payout the bank refuses closes the request and gives the money back, in the ledger and at the provider', async () => {
    const m = await funded('Grace', 'Hopper', 5_000);
    const refusedIban = 'DE89370400440532013000';
    sandbox.failingIbans.add(refusedIban);
    const id = await askWithdrawal(m.client, '50.00', 'Grace Hopper', refusedIban);
    await confirmed(m.client, id);
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    expect(await providerWallet(m.iban)).toBe(0);
    const [payout] = payoutsOf(id);
    sandbox.settlePayout(String(payout?.Id), 'FAILED');
    await sandbox.flushHooks();
    expect(await mine(m.client, id)).toMatchObject({
      status: 'rejected',
      note: 'Bank account refused the transfer',
    });
    expect(await available(m.client)).toBe(5_000);
    expect(await providerWallet(m.iban)).toBe(5_000);
    expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
  });

  it('a retry after the provider forgot its Idempotency-Key (24 h) adopts the payout the lost answer made', async () => {
    const m = await funded('Grace', 'Hopper', 10_000);
    const id = await askWithdrawal(m.client, '30.00', 'Grace Hopper');
    await confirmed(m.client, id);
    // The payout is made, but its answer is lost on every attempt.
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status500' as const,
        afterWork: true,
        method: 'POST' as const,
      })),
    );
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 1 });
    expect(payoutsOf(id)).toHaveLength(1);
    // A day and more passes (the jobs were stopped): the provider has forgotten the key.
    sandbox.passTime(25 * 60 * 60 * 1000);
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    await paidOnce(m, id, 7_000);
  });

  it('a provider fault while asking leaves the request for the next round, which makes one payout', async () => {
    const m = await funded('Alan', 'Turing', 3_000);
    const id = await askWithdrawal(m.client, '30.00', 'Alan Turing');
    await confirmed(m.client, id);
    // The payout is made, but its answer is lost until the adapter gives up this round.
    sandbox.faults.push(
      { kind: 'status500', afterWork: false, method: 'POST' },
      { kind: 'status500', afterWork: true, method: 'POST' },
      { kind: 'status500', afterWork: true, method: 'POST' },
    );
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 0, failed: 1 });
    expect(await mine(m.client, id)).toMatchObject({ status: 'processing' });
    expect(await sendPayouts(t.app.ctx)).toEqual({ sent: 1, failed: 0 });
    await paidOnce(m, id, 0);
  });

  it('a provider down when the member confirms: 503, nothing registered, and the next try works', async () => {
    const m = await funded('Ida', 'Rhodes', 1_000);
    const id = await askWithdrawal(m.client, '5.00', 'Ida Rhodes');
    const recipients = sandbox.state.recipients.size;
    sandbox.faults.push(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status500' as const,
        afterWork: false,
        method: 'POST' as const,
      })),
    );
    const down = await m.client.post(`/api/payments/withdrawals/${id}/confirm-account/`);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('paymentProviderUnavailable');
    expect(sandbox.state.recipients.size).toBe(recipients);
    expect(await mine(m.client, id)).toMatchObject({ status: 'requested', account_confirmation: 'pending' });
    await confirmed(m.client, id);
  });
});
