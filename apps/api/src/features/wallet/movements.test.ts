import type { WalletMovementDto, WalletMovementsResponse } from '@indiesplit/shared/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { settleInvestment } from '../settlement/service.ts';

// The wallet's history as the member reads it (issue #16): every movement of the available
// balance once, signed as it changed it, with a running balance that ends at the balance.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function movements(client: TestClient, query = '') {
  const res = await client.get(`/api/wallet/movements${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as WalletMovementsResponse;
}

async function invest(client: TestClient, campaignId: string, cents: number): Promise<string> {
  const res = await client.post(`/api/campaigns/${campaignId}/investments`, investBody(cents), {
    'idempotency-key': newKey(),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const withdraw = (client: TestClient, amount: string) =>
  client.post('/api/funds/withdrawals/', {
    amount,
    iban: 'IT60 X054 2811 1010 0000 0123 456',
    account_holder: 'Ada Lovelace',
  });

/** Every row's balance is the one after it (older) plus its own amount; the newest is the balance. */
function expectRunningBalanceConsistent(rows: WalletMovementDto[], available: number, startsAtZero: boolean) {
  expect(rows[0]?.balance_after_cents).toBe(available);
  for (let i = 0; i + 1 < rows.length; i++) {
    expect(rows[i]!.balance_after_cents).toBe(rows[i + 1]!.balance_after_cents + rows[i]!.amount_cents);
  }
  if (startsAtZero) expect(rows.at(-1)!.balance_after_cents).toBe(rows.at(-1)!.amount_cents);
}

describe('wallet movements', () => {
  it('needs a session', async () => {
    expect((await t.client().get('/api/wallet/movements')).statusCode).toBe(401);
  });

  it('shows a new member an empty wallet', async () => {
    const { client } = await registerUser(t);
    expect(await movements(client)).toEqual({
      balance: { currency: 'EUR', posted_cents: 0, reserved_cents: 0, available_cents: 0 },
      reservations: [],
      movements: [],
      next_before: null,
    });
  });

  it('lists an investment once, a revocation as money back, and a withdrawal as held for it', async () => {
    const member = await readyInvestor(t, { cents: 100_000 });
    const funded = await insertCampaign(db(), { title: 'Lantern Keepers' });
    const revoked = await insertCampaign(db(), { title: 'Moss and Iron' });

    const kept = await invest(member.client, funded.id, 50_000);
    const gone = await invest(member.client, revoked.id, 10_000);
    expect((await member.client.post(`/api/investments/${gone}/revoke`)).statusCode).toBe(200);

    // The first campaign reaches its goal: the investment is posted to its escrow.
    await db().update(campaigns).set({ status: 'funded' }).where(eq(campaigns.id, funded.id));
    const ctx = { db: db(), config: t.config } as AppContext;
    expect(await settleInvestment(ctx, funded.id, kept, 'post', new Date())).toBe(true);

    expect((await withdraw(member.client, '50.00')).statusCode).toBe(201);
    const cancelled = await withdraw(member.client, '20.00');
    expect(cancelled.statusCode).toBe(201);
    const cancel = await member.client.post(`/api/funds/withdrawals/${cancelled.json().id}/cancel`);
    expect(cancel.statusCode).toBe(200);

    const res = await movements(member.client, '?currency=EUR');
    const rows = res.movements.map((m) => [
      m.kind,
      m.phase,
      m.amount_cents,
      m.reservation,
      m.campaign?.title ?? null,
    ]);
    expect(rows).toEqual([
      ['withdrawal', 'void', 2_000, null, null],
      ['withdrawal', 'pending', -2_000, 'released', null],
      ['withdrawal', 'pending', -5_000, 'held', null],
      ['investment', 'void', 10_000, null, 'Moss and Iron'],
      ['investment', 'pending', -10_000, 'released', 'Moss and Iron'],
      ['investment', 'pending', -50_000, 'completed', 'Lantern Keepers'],
      ['deposit', 'single', 100_000, null, null],
    ]);
    // The 500 € investment is one debit, even though the ledger holds its reservation and its post.
    expect(res.movements.filter((m) => m.campaign?.id === funded.id)).toHaveLength(1);

    // 1,000 − 500 − 100 + 100 − 50 − 20 + 20 = 450 available; 50 reserved for the open withdrawal.
    expect(res.balance).toEqual({
      currency: 'EUR',
      posted_cents: 50_000,
      reserved_cents: 5_000,
      available_cents: 45_000,
    });
    expectRunningBalanceConsistent(res.movements, res.balance.available_cents, true);

    // The reserved balance names what it holds: the withdrawal, not an investment.
    expect(res.reservations).toEqual([
      expect.objectContaining({ kind: 'withdrawal', amount_cents: 5_000, campaign: null }),
    ]);
    const reserved = res.reservations.reduce((s, r) => s + r.amount_cents, 0);
    expect(reserved).toBe(res.balance.reserved_cents);

    // The old list is still there, one row per ledger transfer (the completed investment's
    // reservation and post both), for the clients that read it.
    const legacy = (await member.client.get('/api/wallet/?currency=EUR')).json();
    expect(legacy.transactions).toHaveLength(8);
  });

  it('names the campaign an open investment is reserved for', async () => {
    const member = await readyInvestor(t, { cents: 30_000 });
    const campaign = await insertCampaign(db(), { title: 'Paper Comets' });
    await invest(member.client, campaign.id, 12_500);
    const res = await movements(member.client);
    expect(res.reservations).toEqual([
      expect.objectContaining({
        kind: 'investment',
        amount_cents: 12_500,
        campaign: { id: campaign.id, title: 'Paper Comets', slug: campaign.slug },
      }),
    ]);
    expect(res.movements[0]).toMatchObject({
      amount_cents: -12_500,
      reservation: 'held',
      balance_after_cents: 17_500,
    });
  });

  it('pages 50 movements at a time, and the running balance carries across pages', async () => {
    const member = await registerUser(t);
    for (let i = 1; i <= 55; i++) await fund(db(), member.id, i * 100);
    const first = await movements(member.client);
    expect(first.movements).toHaveLength(50);
    expect(first.next_before).toBe(first.movements.at(-1)!.id);
    const second = await movements(member.client, `?before=${first.next_before}`);
    expect(second.movements).toHaveLength(5);
    expect(second.next_before).toBeNull();
    const all = [...first.movements, ...second.movements];
    const total = (55 * 56 * 100) / 2;
    expectRunningBalanceConsistent(all, total, true);
    expect(first.balance.available_cents).toBe(total);
  });

  it('shows a member only their own wallet, and keeps demo money apart', async () => {
    const rich = await readyInvestor(t, { cents: 70_000 });
    const other = await registerUser(t);
    expect((await movements(other.client)).movements).toEqual([]);
    expect((await other.client.post('/api/wallet/demo/')).statusCode).toBe(200);
    const demo = await movements(other.client, '?currency=DEMO');
    expect(demo.movements).toEqual([
      expect.objectContaining({
        kind: 'demo_grant',
        currency: 'DEMO',
        amount_cents: 1_000_000,
        balance_after_cents: 1_000_000,
      }),
    ]);
    expect((await movements(rich.client, '?currency=DEMO')).movements).toEqual([]);
  });

  it('refuses an unknown currency or cursor with a field error', async () => {
    const { client } = await registerUser(t);
    expect((await client.get('/api/wallet/movements?currency=USD')).statusCode).toBe(400);
    expect((await client.get('/api/wallet/movements?before=-3')).statusCode).toBe(400);
  });
});
