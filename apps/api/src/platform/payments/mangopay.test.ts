import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MangopayProvider } from './mangopay.ts';
import { ProviderError, parseHookNotice } from './provider.ts';
import { SandboxProvider } from './sandbox/server.ts';

// The Mangopay adapter and the official SDK, over HTTP, against the sandbox provider: the network
// boundary is the only thing replaced.

const hooks: string[] = [];
const sandbox = new SandboxProvider({
  clientId: 'adapter-test',
  apiKey: 'adapter-test-secret-key',
  payoutDelayMs: 20,
  deliver: async (url) => {
    hooks.push(url);
  },
});
let provider: MangopayProvider;
const key = () => randomUUID();

beforeAll(async () => {
  const baseUrl = await sandbox.start();
  provider = new MangopayProvider({
    clientId: 'adapter-test',
    apiKey: 'adapter-test-secret-key',
    baseUrl,
    retry: { attempts: 3, baseDelayMs: 5, timeoutMs: 400 },
  });
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  hooks.length = 0;
  sandbox.faults.length = 0;
  sandbox.failingIbans.clear();
});

const IBAN = 'IT60X0542811101000000123456';
const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };
const recipientInput = (scaContext: 'USER_PRESENT' | 'USER_NOT_PRESENT') => ({
  holder: { type: 'Individual' as const, firstName: 'Ada', lastName: 'Lovelace' },
  iban: IBAN,
  address,
  scaContext,
});

/**
 * The webhooks of these kinds sent since the test began: [event type, resource id]. (An earlier
 * test's payout may settle, and send its own, while a later one runs.)
 */
const events = (kind: 'RECIPIENT_' | 'PAYOUT_') =>
  hooks
    .map((h) => new URL(h).searchParams)
    .filter((q) => q.get('EventType')?.startsWith(kind))
    .map((q) => [q.get('EventType'), q.get('RessourceId')]);

/** A member whose wallet received `amount` by bank transfer (no transfer when 0). */
async function funded(amount: number) {
  const m = await member();
  const va = await provider.createVirtualAccount(m.wallet.id, key());
  const wire = amount > 0 ? sandbox.receiveWire({ iban: va.iban, amount, payerName: 'Ada Lovelace' }) : {};
  return { ...m, va, wire };
}

/** A request straight to the sandbox's API, with the client's own token (what the adapter no longer sends). */
async function sandboxPost(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const credentials = Buffer.from('adapter-test:adapter-test-secret-key').toString('base64');
  const token = await fetch(`${sandbox.baseUrl}/v2.01/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${sandbox.baseUrl}/v2.01/adapter-test${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function member(first = 'Ada', last = 'Lovelace') {
  const user = await provider.createNaturalUser(
    { firstName: first, lastName: last, email: `${randomUUID()}@example.test`, tag: randomUUID() },
    key(),
  );
  const wallet = await provider.createWallet({ ownerId: user.id, description: 'EUR wallet' }, key());
  return { user, wallet };
}

describe('the Mangopay adapter against the sandbox provider', () => {
  it('opens a user, a wallet and a personal IBAN; a wire to the IBAN is a succeeded pay-in read by id', async () => {
    const { user, wallet } = await member();
    const va = await provider.createVirtualAccount(wallet.id, key());
    expect(va.iban).toMatch(/^IT\d{2}/);
    expect(va).toMatchObject({
      walletId: wallet.id,
      ownerId: user.id,
      active: true,
      holderName: 'Ada Lovelace',
    });
    expect(await provider.getVirtualAccount(wallet.id, va.id)).toEqual(va);

    await sandbox.registerHooksFor(['PAYIN_NORMAL_SUCCEEDED'], 'http://127.0.0.1:9/api/payments/hooks');
    const wire = sandbox.receiveWire({ iban: va.iban, amount: 25_000, payerName: 'Ada Lovelace' });
    const payin = await provider.getPayIn(String(wire.Id));
    expect(payin).toMatchObject({
      status: 'SUCCEEDED',
      creditedWalletId: wallet.id,
      creditedUserId: user.id,
      amount: { currency: 'EUR', amount: 25_000 },
      payerName: 'Ada Lovelace',
    });
    expect((await provider.getWallet(wallet.id))?.balance).toEqual({ currency: 'EUR', amount: 25_000 });
    await sandbox.flushHooks();
    expect(hooks).toHaveLength(1);
    expect(parseHookNotice(Object.fromEntries(new URL(hooks[0] ?? '').searchParams))).toMatchObject({
      eventType: 'PAYIN_NORMAL_SUCCEEDED',
      resourceId: wire.Id,
    });
  });

  it('answers null for an id the provider does not know (a forged webhook moves nothing)', async () => {
    expect(await provider.getPayIn('wt_000000000000')).toBeNull();
    expect(await provider.getPayout('po_nothing')).toBeNull();
    expect(await provider.getIdentityVerification('idv_nothing')).toBeNull();
    expect(await provider.getTransfer('tr_nothing')).toBeNull();
  });

  it('retries a 5xx with the same Idempotency-Key, and the provider makes one user', async () => {
    const before = sandbox.state.users.size;
    // The provider did the work, then failed to answer: the retry must not make a second user.
    sandbox.faults.push({ kind: 'status500', afterWork: true });
    const k = key();
    const user = await provider.createNaturalUser(
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', tag: 'm1' },
      k,
    );
    expect(sandbox.state.users.size).toBe(before + 1);
    expect(sandbox.state.users.get(user.id)?.FirstName).toBe('Grace');
    const sent = sandbox.requests.filter((r) => r.idempotencyKey === k);
    expect(sent.map((r) => r.path)).toEqual(['/users/natural', '/users/natural']);
  });

  it('retries a call that hangs past the timeout, idempotently, and a transfer moves its money once', async () => {
    const a = await member();
    const b = await member('Alan', 'Turing');
    const va = await provider.createVirtualAccount(a.wallet.id, key());
    sandbox.receiveWire({ iban: va.iban, amount: 10_000, payerName: 'Ada Lovelace' });
    sandbox.faults.push({ kind: 'hang', afterWork: true });
    const transfer = await provider.createTransfer(
      { authorId: a.user.id, debitedWalletId: a.wallet.id, creditedWalletId: b.wallet.id, amount: 4_000 },
      key(),
    );
    expect(transfer.status).toBe('SUCCEEDED');
    expect((await provider.getWallet(a.wallet.id))?.balance.amount).toBe(6_000);
    expect((await provider.getWallet(b.wallet.id))?.balance.amount).toBe(4_000);
    expect(await provider.getTransfer(transfer.id)).toEqual(transfer);
  });

  it('gives up after the last try with a retryable error, and never retries a refusal', async () => {
    sandbox.faults.push(
      { kind: 'status500', afterWork: false },
      { kind: 'status500', afterWork: false },
      { kind: 'status500', afterWork: false },
    );
    const failure = await provider.getWallet('wlt_x').catch((e) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ status: 500, retryable: true });

    const count = sandbox.requests.length;
    const refused = await provider
      .createWallet({ ownerId: 'user_unknown', description: 'x' }, key())
      .catch((e) => e);
    expect(refused).toMatchObject({ status: 404, retryable: false });
    expect(sandbox.requests.length).toBe(count + 1);
  });

  it('reads a provider that does not answer at all as a fault to retry, and nothing is left unhandled', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const nobody = new MangopayProvider({
        clientId: 'adapter-test',
        apiKey: 'adapter-test-secret-key',
        baseUrl: `http://127.0.0.1:${port}`,
        retry: { attempts: 2, baseDelayMs: 5, timeoutMs: 400 },
      });
      const failure = await nobody.getWallet('wlt_x').catch((e) => e);
      expect(failure).toBeInstanceOf(ProviderError);
      expect(failure).toMatchObject({ status: 0, retryable: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('an insufficient balance is a failed transfer that moves nothing', async () => {
    const a = await member();
    const b = await member();
    const t = await provider.createTransfer(
      { authorId: a.user.id, debitedWalletId: a.wallet.id, creditedWalletId: b.wallet.id, amount: 1 },
      key(),
    );
    expect(t.status).toBe('FAILED');
    expect((await provider.getWallet(b.wallet.id))?.balance.amount).toBe(0);
  });

  it('runs a hosted identity check: pending, then validated or refused with the reason', async () => {
    const { user } = await member();
    const session = await provider.startIdentityVerification(user.id, 'http://localhost:3000/wallet', key());
    expect(session.status).toBe('PENDING');
    expect(session.hostedUrl).toBe(`${sandbox.baseUrl}/sandbox/idv/${session.id}`);
    const page = await fetch(session.hostedUrl);
    expect(await page.text()).toContain('Ada Lovelace');
    const done = await fetch(session.hostedUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'refuse', reason: 'Photo blurred' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost:3000/wallet');
    expect(await provider.getIdentityVerification(session.id)).toMatchObject({
      status: 'REFUSED',
      reason: 'DOCUMENT_UNREADABLE: Photo blurred',
    });
  });

  it('registers a recipient PENDING until the user confirms it with SCA, then ACTIVE with its event', async () => {
    const { user } = await member();
    sandbox.registerHooksFor(
      ['RECIPIENT_ACTIVE', 'RECIPIENT_CANCELED'],
      'http://127.0.0.1:9/api/payments/hooks',
    );
    const k = key();
    const input = {
      holder: { type: 'Individual' as const, firstName: 'Ada', lastName: 'Lovelace' },
      iban: 'it60 x054 2811 1010 0000 0123 456',
      address,
      scaContext: 'USER_PRESENT' as const,
      tag: 'member-1',
    };
    const pending = await provider.createRecipient(user.id, input, k);
    expect(pending).toEqual({
      id: expect.stringMatching(/^rec_/),
      userId: user.id,
      status: 'PENDING',
      iban: IBAN,
      holderName: 'Ada Lovelace',
      scaUrl: `${sandbox.baseUrl}/sandbox/sca/${pending.id}`,
      tag: 'member-1',
    });
    // What the SDK sent, as the provider keeps it.
    expect(sandbox.state.recipients.get(pending.id)).toMatchObject({
      DisplayName: 'Ada Lovelace EUR',
      PayoutMethodType: 'LocalBankTransfer',
      RecipientType: 'Individual',
      Currency: 'EUR',
      Country: 'IT',
      RecipientScope: 'PAYOUT',
      IndividualRecipient: {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Address: { AddressLine1: 'Via Roma 1', City: 'Milano', PostalCode: '20100', Country: 'IT' },
      },
      LocalBankTransfer: { EUR: { IBAN } },
    });
    expect(await provider.getRecipient(pending.id)).toEqual(pending);
    // The same key again is the same recipient.
    expect(await provider.createRecipient(user.id, input, k)).toEqual(pending);
    expect(sandbox.recipientsOf(user.id)).toHaveLength(1);

    sandbox.confirmRecipient(pending.id);
    expect(await provider.getRecipient(pending.id)).toEqual({ ...pending, status: 'ACTIVE', scaUrl: null });
    await sandbox.flushHooks();
    expect(events('RECIPIENT_')).toEqual([['RECIPIENT_ACTIVE', pending.id]]);
  });

  it('a recipient the user does not confirm is CANCELED for good, with its event', async () => {
    const { user } = await member();
    sandbox.registerHooksFor(
      ['RECIPIENT_ACTIVE', 'RECIPIENT_CANCELED'],
      'http://127.0.0.1:9/api/payments/hooks',
    );
    const r = await provider.createRecipient(user.id, recipientInput('USER_PRESENT'), key());
    sandbox.cancelRecipient(r.id);
    sandbox.confirmRecipient(r.id);
    expect(await provider.getRecipient(r.id)).toMatchObject({ status: 'CANCELED', scaUrl: null });
    await sandbox.flushHooks();
    expect(events('RECIPIENT_')).toEqual([['RECIPIENT_CANCELED', r.id]]);
  });

  it('registers a recipient for the user without them (USER_NOT_PRESENT): ACTIVE at once, with its event', async () => {
    const { user } = await member();
    sandbox.registerHooksFor(['RECIPIENT_ACTIVE'], 'http://127.0.0.1:9/api/payments/hooks');
    const r = await provider.createRecipient(
      user.id,
      {
        holder: { type: 'Business', name: 'Faro Games S.r.l.' },
        iban: 'DE89370400440532013000',
        address,
        scaContext: 'USER_NOT_PRESENT',
      },
      key(),
    );
    expect(r).toMatchObject({ status: 'ACTIVE', scaUrl: null, holderName: 'Faro Games S.r.l.', tag: null });
    expect(sandbox.state.recipients.get(r.id)).toMatchObject({
      RecipientType: 'Business',
      Country: 'DE',
      BusinessRecipient: { BusinessName: 'Faro Games S.r.l.', Address: { City: 'Milano' } },
    });
    await sandbox.flushHooks();
    expect(events('RECIPIENT_')).toEqual([['RECIPIENT_ACTIVE', r.id]]);
  });

  it('answers null for an unknown recipient, and refuses bad input once, without retrying', async () => {
    expect(await provider.getRecipient('rec_nothing')).toBeNull();
    const { user } = await member();
    const count = sandbox.requests.length;
    const badIban = await provider
      .createRecipient(
        user.id,
        { ...recipientInput('USER_PRESENT'), iban: 'IT61X0542811101000000123456' },
        key(),
      )
      .catch((e) => e);
    expect(badIban).toBeInstanceOf(ProviderError);
    expect(badIban).toMatchObject({ status: 400, retryable: false, providerCode: 'param_error' });
    expect(badIban.message).toMatch(/IBAN/);
    const noCity = await provider
      .createRecipient(
        user.id,
        { ...recipientInput('USER_PRESENT'), address: { ...address, city: '' } },
        key(),
      )
      .catch((e) => e);
    expect(noCity).toMatchObject({ status: 400, retryable: false });
    expect(noCity.message).toMatch(/City/);
    const noUser = await provider
      .createRecipient('user_unknown', recipientInput('USER_PRESENT'), key())
      .catch((e) => e);
    expect(noUser).toMatchObject({ status: 404, retryable: false });
    expect(sandbox.requests.length).toBe(count + 3);
    expect(sandbox.recipientsOf(user.id)).toEqual([]);
  });

  it('pays out to an ACTIVE recipient; a payout the bank refuses puts the money back in the wallet', async () => {
    const { user, wallet } = await funded(5_000);
    sandbox.registerHooksFor(
      ['PAYOUT_NORMAL_SUCCEEDED', 'PAYOUT_NORMAL_FAILED'],
      'http://127.0.0.1:9/api/payments/hooks',
    );
    const good = await provider.createRecipient(user.id, recipientInput('USER_NOT_PRESENT'), key());
    const bad = await provider.createRecipient(
      user.id,
      { ...recipientInput('USER_NOT_PRESENT'), iban: 'DE89370400440532013000' },
      key(),
    );
    sandbox.failingIbans.add('DE89370400440532013000');
    const paid = await provider.createPayout(
      { authorId: user.id, debitedWalletId: wallet.id, recipientId: good.id, amount: 2_000, tag: 'w1' },
      key(),
    );
    const refused = await provider.createPayout(
      { authorId: user.id, debitedWalletId: wallet.id, recipientId: bad.id, amount: 1_000 },
      key(),
    );
    expect(paid).toMatchObject({ status: 'CREATED', recipientId: good.id, paymentRef: null, tag: 'w1' });
    // The SDK sent RecipientId as it is (its PayOut model does not know it).
    expect(sandbox.state.payouts.get(paid.id)).toMatchObject({ RecipientId: good.id, PaymentRef: null });
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(2_000);
    await new Promise((r) => setTimeout(r, 80));
    expect((await provider.getPayout(paid.id))?.status).toBe('SUCCEEDED');
    expect((await provider.getPayout(refused.id))?.status).toBe('FAILED');
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(3_000);
    await sandbox.flushHooks();
    expect(events('PAYOUT_').sort()).toEqual(
      [
        ['PAYOUT_NORMAL_SUCCEEDED', paid.id],
        ['PAYOUT_NORMAL_FAILED', refused.id],
      ].sort(),
    );
    const window = { after: new Date(Date.now() - 60_000), before: new Date(Date.now() + 60_000) };
    expect(
      (await provider.listWalletTransactions(wallet.id, window)).map((t) => [t.type, t.id, t.status]),
    ).toEqual([
      ['PAYIN', expect.any(String), 'SUCCEEDED'],
      ['PAYOUT', paid.id, 'SUCCEEDED'],
      ['PAYOUT', refused.id, 'FAILED'],
    ]);
  });

  it('refuses a payout to a PENDING, CANCELED or another user’s recipient, and moves nothing', async () => {
    const { user, wallet } = await funded(5_000);
    const other = await member('Grace', 'Hopper');
    const pending = await provider.createRecipient(user.id, recipientInput('USER_PRESENT'), key());
    const canceled = await provider.createRecipient(user.id, recipientInput('USER_PRESENT'), key());
    sandbox.cancelRecipient(canceled.id);
    const theirs = await provider.createRecipient(other.user.id, recipientInput('USER_NOT_PRESENT'), key());
    const pay = (recipientId: string) =>
      provider
        .createPayout({ authorId: user.id, debitedWalletId: wallet.id, recipientId, amount: 1_000 }, key())
        .catch((e) => e);
    const [p, c, t] = [await pay(pending.id), await pay(canceled.id), await pay(theirs.id)];
    for (const refusal of [p, c, t]) {
      expect(refusal).toBeInstanceOf(ProviderError);
      expect(refusal).toMatchObject({ status: 400, retryable: false, providerCode: 'param_error' });
    }
    expect(p.message).toMatch(/PENDING/);
    expect(c.message).toMatch(/CANCELED/);
    expect(t.message).toMatch(/not the owner/);
    expect((await pay('rec_unknown')).status).toBe(404);
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(5_000);
    expect([...sandbox.state.payouts.values()].filter((x) => x.DebitedWalletId === wallet.id)).toEqual([]);
  });

  it('fails a payout to a Bank Account as live Mangopay does (121018), moving nothing', async () => {
    const { user, wallet } = await funded(5_000);
    const answer = await sandboxPost('/payouts/bankwire', {
      AuthorId: user.id,
      DebitedWalletId: wallet.id,
      BankAccountId: 'bankacc_1',
      DebitedFunds: { Currency: 'EUR', Amount: 1_000 },
      Fees: { Currency: 'EUR', Amount: 0 },
    });
    expect(answer).toMatchObject({ status: 200, body: { Status: 'FAILED', ResultCode: '121018' } });
    expect(await provider.getPayout(String(answer.body.Id))).toMatchObject({
      status: 'FAILED',
      resultMessage: expect.stringMatching(/non-SCA compliant bank account/),
    });
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(5_000);
  });

  it('sends a pay-in back by a PAYIN_REFUND payout: at most what is left of it, once per key', async () => {
    const { user, wallet, va } = await funded(0);
    const wire = sandbox.receiveWire({
      iban: va.iban,
      amount: 700,
      payerName: 'Someone Else',
      payerIban: 'DE89370400440532013000',
    });
    const payer = await provider.createRecipient(
      user.id,
      {
        holder: { type: 'Individual', firstName: 'Someone', lastName: 'Else' },
        iban: 'DE89370400440532013000',
        address,
        scaContext: 'USER_NOT_PRESENT',
        tag: String(wire.Id),
      },
      key(),
    );
    const paymentRef = { reasonType: 'PAYIN_REFUND' as const, referenceId: String(wire.Id) };
    const back = (amount: number, k = key(), ref = paymentRef) =>
      provider.createPayout(
        { authorId: user.id, debitedWalletId: wallet.id, recipientId: payer.id, amount, paymentRef: ref },
        k,
      );
    const k = key();
    const first = await back(300, k);
    expect(first).toMatchObject({ status: 'CREATED', recipientId: payer.id, paymentRef });
    expect(sandbox.state.payouts.get(first.id)?.PaymentRef).toEqual({
      ReasonType: 'PAYIN_REFUND',
      ReferenceId: wire.Id,
    });
    // The same key again: the same payout, no money moved twice.
    expect((await back(300, k)).id).toBe(first.id);
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(400);
    // More than is left of the pay-in is refused, even with money in the wallet.
    sandbox.receiveWire({ iban: va.iban, amount: 1_000, payerName: 'Ada Lovelace' });
    const tooMuch = await back(401).catch((e) => e);
    expect(tooMuch).toMatchObject({ status: 400, retryable: false });
    expect(tooMuch.message).toMatch(/exceeds what is left of the pay-in to refund \(400 cents\)/);
    const rest = await back(400);
    expect(rest.status).toBe('CREATED');
    await expect(back(1)).rejects.toMatchObject({ status: 400 });
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(1_000);

    // A pay-in that is not there, or that credited another wallet, is not sent back from here.
    const elsewhere = await funded(900);
    const unknown = await back(100, key(), {
      reasonType: 'PAYIN_REFUND',
      referenceId: 'wt_000000000000',
    }).catch((e) => e);
    expect(unknown).toMatchObject({ status: 400, retryable: false });
    expect(unknown.message).toMatch(/not a pay-in/);
    const foreign = await back(100, key(), {
      reasonType: 'PAYIN_REFUND',
      referenceId: String(elsewhere.wire.Id),
    }).catch((e) => e);
    expect(foreign).toMatchObject({ status: 400, retryable: false });
    expect(foreign.message).toMatch(/did not credit the debited wallet/);
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(1_000);
    expect((await provider.getWallet(elsewhere.wallet.id))?.balance.amount).toBe(900);
  });

  it('a PAYIN_REFUND payout the bank refuses leaves its amount to send back again', async () => {
    const { user, wallet, wire } = await funded(500);
    const payer = await provider.createRecipient(
      user.id,
      { ...recipientInput('USER_NOT_PRESENT'), iban: 'DE89370400440532013000' },
      key(),
    );
    sandbox.failingIbans.add('DE89370400440532013000');
    const paymentRef = { reasonType: 'PAYIN_REFUND' as const, referenceId: String(wire.Id) };
    const input = {
      authorId: user.id,
      debitedWalletId: wallet.id,
      recipientId: payer.id,
      amount: 500,
      paymentRef,
    };
    const refused = await provider.createPayout(input, key());
    await expect(provider.createPayout(input, key())).rejects.toMatchObject({ status: 400 });
    sandbox.settlePayout(refused.id, 'FAILED');
    expect((await provider.getPayout(refused.id))?.status).toBe('FAILED');
    sandbox.failingIbans.delete('DE89370400440532013000');
    expect((await provider.createPayout(input, key())).status).toBe('CREATED');
  });

  it('the sandbox bank page sends a transfer from the payer’s IBAN, and refuses an invalid one', async () => {
    const { wallet, va } = await funded(0);
    const send = (payerIban: string) =>
      fetch(`${sandbox.baseUrl}/sandbox/bank`, {
        method: 'POST',
        body: new URLSearchParams({ iban: va.iban, payer: 'Someone Else', payerIban, amount: '12.50' }),
      });
    const refused = await send('IT61X0542811101000000123456');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('must be valid');
    expect((await send('it60 x054 2811 1010 0000 0123 456')).status).toBe(200);
    const [payin] = [...sandbox.state.payins.values()].filter((p) => p.CreditedWalletId === wallet.id);
    expect(await provider.getPayIn(String(payin?.Id))).toMatchObject({
      amount: { amount: 1_250 },
      payerName: 'Someone Else',
      payerIban: IBAN,
    });
  });

  it('serves the SCA page: confirm sends the user back, a second answer changes nothing', async () => {
    const { user } = await member();
    sandbox.registerHooksFor(
      ['RECIPIENT_ACTIVE', 'RECIPIENT_CANCELED'],
      'http://127.0.0.1:9/api/payments/hooks',
    );
    const r = await provider.createRecipient(
      user.id,
      {
        ...recipientInput('USER_PRESENT'),
        holder: { type: 'Individual', firstName: '<b>Ada</b>', lastName: 'O\'Brien & "Co"' },
      },
      key(),
    );
    const back = 'http://localhost:3000/wallet?withdraw=1&x=<y>';
    const url = `${r.scaUrl}?returnUrl=${encodeURIComponent(back)}`;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('&lt;b&gt;Ada&lt;/b&gt; O&#39;Brien &amp; &quot;Co&quot;');
    expect(html).not.toContain('<b>Ada</b>');
    // The IBAN is masked: its country and check digits and its last four characters only.
    expect(html).toContain('IT60 •••• 3456');
    expect(html).not.toContain(IBAN);
    expect(html).toContain('>Confirm</button>');
    expect(html).toContain('>Cancel</button>');

    const done = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'confirm' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(back);
    expect((await provider.getRecipient(r.id))?.status).toBe('ACTIVE');

    const again = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'cancel' }),
      redirect: 'manual',
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already ACTIVE: it cannot be confirmed again');
    const reread = await (await fetch(url)).text();
    expect(reread).toContain('cannot be confirmed again');
    expect(reread).not.toContain('<form');
    expect((await provider.getRecipient(r.id))?.status).toBe('ACTIVE');
    await sandbox.flushHooks();
    expect(events('RECIPIENT_')).toEqual([['RECIPIENT_ACTIVE', r.id]]);
    expect((await fetch(`${sandbox.baseUrl}/sandbox/sca/rec_unknown`)).status).toBe(404);
  });

  it('on the SCA page, cancel with a return URL that is not http(s) shows a page instead of following it', async () => {
    const { user } = await member();
    for (const returnUrl of ['javascript:alert(1)', '/wallet', '//evil.example/x', '']) {
      const r = await provider.createRecipient(user.id, recipientInput('USER_PRESENT'), key());
      const done = await fetch(`${r.scaUrl}?returnUrl=${encodeURIComponent(returnUrl)}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'cancel' }),
        redirect: 'manual',
      });
      expect(done.status).toBe(200);
      expect(done.headers.get('location')).toBeNull();
      const html = await done.text();
      expect(html).toContain('Confirmation canceled');
      expect(html).not.toContain('javascript:');
      expect((await provider.getRecipient(r.id))?.status).toBe('CANCELED');
    }
    // Without a return URL at all, confirming shows the done page too.
    const r = await provider.createRecipient(user.id, recipientInput('USER_PRESENT'), key());
    const confirmed = await fetch(String(r.scaUrl), {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'confirm' }),
      redirect: 'manual',
    });
    expect([confirmed.status, await confirmed.text()]).toEqual([
      200,
      expect.stringContaining('Bank account confirmed'),
    ]);
    expect((await provider.getRecipient(r.id))?.status).toBe('ACTIVE');
  });

  it('lists a wallet’s transactions of a window, every page of them, oldest first', async () => {
    const { wallet } = await member();
    const va = await provider.createVirtualAccount(wallet.id, key());
    const other = await member('Grace', 'Hopper');
    // 150 pay-ins: two pages of the provider's 100, then a transfer out and a failed one.
    for (let i = 1; i <= 150; i++)
      sandbox.receiveWire({ iban: va.iban, amount: i, payerName: 'Ada Lovelace' });
    const moved = await provider.createTransfer(
      {
        authorId: wallet.ownerId,
        debitedWalletId: wallet.id,
        creditedWalletId: other.wallet.id,
        amount: 500,
      },
      key(),
    );
    const refused = await provider.createTransfer(
      {
        authorId: wallet.ownerId,
        debitedWalletId: wallet.id,
        creditedWalletId: other.wallet.id,
        amount: 10 ** 9,
      },
      key(),
    );
    const window = { after: new Date(Date.now() - 60_000), before: new Date(Date.now() + 60_000) };
    const list = await provider.listWalletTransactions(wallet.id, window);
    expect(list).toHaveLength(152);
    expect(list.slice(0, 150).map((t) => [t.type, t.amount.amount, t.status])).toEqual(
      Array.from({ length: 150 }, (_, i) => ['PAYIN', i + 1, 'SUCCEEDED']),
    );
    expect(list.slice(150).map((t) => [t.id, t.type, t.status])).toEqual([
      [moved.id, 'TRANSFER', 'SUCCEEDED'],
      [refused.id, 'TRANSFER', 'FAILED'],
    ]);
    // The credited wallet lists the transfer in; a window before them all lists nothing.
    expect((await provider.listWalletTransactions(other.wallet.id, window)).map((t) => t.id)).toEqual([
      moved.id,
      refused.id,
    ]);
    const before = { after: new Date(Date.now() - 120_000), before: new Date(Date.now() - 60_000) };
    expect(await provider.listWalletTransactions(wallet.id, before)).toEqual([]);
  });

  it('refuses wrong credentials at the token endpoint, and the adapter does not retry them', async () => {
    const wrong = new MangopayProvider({
      clientId: 'adapter-test',
      apiKey: 'not-the-key',
      baseUrl: sandbox.baseUrl,
      retry: { attempts: 2, baseDelayMs: 5, timeoutMs: 400 },
    });
    await expect(wrong.getWallet('x')).rejects.toBeInstanceOf(ProviderError);
    // The first client still works with its own token.
    expect(await provider.getPayIn('nothing')).toBeNull();
  });
});

describe('parseHookNotice', () => {
  it('reads the provider query and refuses anything else', () => {
    expect(
      parseHookNotice({ EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: 'wt_1', Date: '1700000000' }),
    ).toEqual({
      eventType: 'PAYIN_NORMAL_SUCCEEDED',
      resourceId: 'wt_1',
      date: 1_700_000_000,
    });
    for (const q of [
      {},
      { EventType: 'x', RessourceId: 'wt_1', Date: '1' },
      { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: '../etc', Date: '1' },
      { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: 'wt_1', Date: 'soon' },
      { EventType: ['A', 'B'], RessourceId: 'wt_1', Date: '1' },
    ])
      expect(parseHookNotice(q)).toBeNull();
  });
});
