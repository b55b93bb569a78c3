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
});

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

  it('pays out to a bank account; a payout the bank refuses puts the money back in the wallet', async () => {
    const { user, wallet } = await member();
    const va = await provider.createVirtualAccount(wallet.id, key());
    sandbox.receiveWire({ iban: va.iban, amount: 5_000, payerName: 'Ada Lovelace' });
    const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };
    const good = await provider.createBankAccount(
      user.id,
      { ownerName: 'Ada Lovelace', iban: 'IT60X0542811101000000123456', address },
      key(),
    );
    const bad = await provider.createBankAccount(
      user.id,
      { ownerName: 'Ada Lovelace', iban: 'DE89370400440532013000', address },
      key(),
    );
    sandbox.failingIbans.add('DE89370400440532013000');
    const paid = await provider.createPayout(
      { authorId: user.id, debitedWalletId: wallet.id, bankAccountId: good.id, amount: 2_000 },
      key(),
    );
    const refused = await provider.createPayout(
      { authorId: user.id, debitedWalletId: wallet.id, bankAccountId: bad.id, amount: 1_000 },
      key(),
    );
    expect(paid.status).toBe('CREATED');
    await new Promise((r) => setTimeout(r, 80));
    expect((await provider.getPayout(paid.id))?.status).toBe('SUCCEEDED');
    expect((await provider.getPayout(refused.id))?.status).toBe('FAILED');
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(3_000);
  });

  it('refunds a pay-in once', async () => {
    const { user, wallet } = await member();
    const va = await provider.createVirtualAccount(wallet.id, key());
    const wire = sandbox.receiveWire({ iban: va.iban, amount: 700, payerName: 'Someone Else' });
    const refund = await provider.refundPayIn(String(wire.Id), user.id, key());
    expect(refund).toMatchObject({
      status: 'SUCCEEDED',
      initialTransactionId: wire.Id,
      amount: { amount: 700 },
    });
    expect(await provider.getRefund(refund.id)).toEqual(refund);
    expect((await provider.getWallet(wallet.id))?.balance.amount).toBe(0);
    await expect(provider.refundPayIn(String(wire.Id), user.id, key())).rejects.toMatchObject({
      status: 400,
    });
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
