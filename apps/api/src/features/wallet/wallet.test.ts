import { DEMO_WALLET_CENTS } from '@indiesplit/shared/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';
import { checkLedgerInvariants, ensureAccount, reserve } from '../ledger/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('wallet', () => {
  it('needs a session', async () => {
    const c = t.client();
    expect((await c.get('/api/wallet/')).statusCode).toBe(401);
    expect((await c.post('/api/wallet/demo/')).statusCode).toBe(401);
  });

  it('shows empty EUR and DEMO wallets to a new member', async () => {
    const { client } = await registerUser(t);
    const res = await client.get('/api/wallet/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      balances: [
        { currency: 'EUR', posted_cents: 0, reserved_cents: 0, available_cents: 0 },
        { currency: 'DEMO', posted_cents: 0, reserved_cents: 0, available_cents: 0 },
      ],
      transactions: [],
      next_before: null,
    });
  });

  it('opens a demo wallet with 10,000 virtual euros, and a double click does not mint twice', async () => {
    const { client } = await registerUser(t);
    const [a, b] = await Promise.all([client.post('/api/wallet/demo/'), client.post('/api/wallet/demo/')]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const res = (await client.get('/api/wallet/')).json();
    expect(res.balances[1]).toEqual({
      currency: 'DEMO',
      posted_cents: DEMO_WALLET_CENTS,
      reserved_cents: 0,
      available_cents: DEMO_WALLET_CENTS,
    });
    expect(res.balances[0].posted_cents).toBe(0);
    expect(res.transactions).toHaveLength(1);
    expect(res.transactions[0]).toMatchObject({
      currency: 'DEMO',
      amount_cents: DEMO_WALLET_CENTS,
      kind: 'demo_grant',
      phase: 'single',
    });
    expect((await checkLedgerInvariants(t.database.db)).violations).toEqual([]);
  });

  it('resets the demo wallet to 10,000 available, leaving money held by demo investments held', async () => {
    const { client, id: userId } = await registerUser(t);
    await client.post('/api/wallet/demo/');
    const db = t.database.db;
    const wallet = await ensureAccount(db, { kind: 'wallet', currency: 'DEMO', userId });
    const other = await ensureAccount(db, { kind: 'platform', currency: 'DEMO' });
    await reserve(db, {
      debitAccountId: wallet.id,
      creditAccountId: other.id,
      amount: 250_000,
      currency: 'DEMO',
      kind: 'investment',
    });

    const reset = await client.post('/api/wallet/demo/');
    expect(reset.json().balance).toEqual({
      currency: 'DEMO',
      posted_cents: DEMO_WALLET_CENTS + 250_000,
      reserved_cents: 250_000,
      available_cents: DEMO_WALLET_CENTS,
    });
    expect((await checkLedgerInvariants(db)).violations).toEqual([]);
  });

  it('shows each member only their own movements', async () => {
    const first = await registerUser(t);
    const second = await registerUser(t);
    await first.client.post('/api/wallet/demo/');
    const res = (await second.client.get('/api/wallet/')).json();
    expect(res.transactions).toEqual([]);
    expect(res.balances[1].available_cents).toBe(0);
  });
});
