import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

// Every member gets 10,000 virtual euros, so without a cap one member could fill a demo round on
// their own and spoil it for everyone else. DEMO_MEMBER_SHARE_PERCENT (10 by default) caps what
// one member has live in one demo round, in percent of the round's maximum.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const invest = (client: TestClient, campaignId: string, cents: number, extra: Record<string, unknown> = {}) =>
  client.post(`/api/campaigns/${campaignId}/investments`, investBody(cents, { currency: 'DEMO', ...extra }), {
    'idempotency-key': newKey(),
  });

async function demoMember() {
  const member = await readyInvestor(t, { verified: false });
  expect((await member.client.post('/api/wallet/demo/')).statusCode).toBeLessThan(300);
  return member;
}

async function reserved(client: TestClient): Promise<number> {
  const res = (await client.get('/api/wallet/')).json();
  return res.balances.find((b: { currency: string }) => b.currency === 'DEMO').reserved_cents;
}

// A demo round of at most 10,000 demo EUR: one member may hold 1,000 of it.
const demoRound = () =>
  insertCampaign(t.database.db, {
    currency: 'DEMO',
    goalCents: 500_000,
    maxCents: 1_000_000,
    minTicketCents: 1_000,
    reflectionSeconds: 60,
  });

describe('a member’s share of a demo round', () => {
  it('is capped: past 10% of the round the investment is refused with a translated error, and nothing is reserved', async () => {
    const round = await demoRound();
    const { client } = await demoMember();
    expect((await invest(client, round.id, 60_000)).statusCode).toBe(201);

    const over = await invest(client, round.id, 50_000);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'demoShareExceeded',
      error_codes: { amount_cents: 'demoShareExceeded' },
      message:
        'In a demo round one member may hold only a limited share, so that everyone can take part: please invest a smaller amount.',
    });
    const italian = await client.post(
      `/api/campaigns/${round.id}/investments`,
      investBody(50_000, { currency: 'DEMO' }),
      { 'idempotency-key': newKey(), 'accept-language': 'it' },
    );
    expect(italian.json().message).toBe(
      'In un round dimostrativo ogni membro può avere solo una quota limitata, così tutti possono partecipare: investi un importo più basso.',
    );
    expect(await reserved(client)).toBe(60_000);

    // Up to the cap exactly is fine.
    expect((await invest(client, round.id, 40_000)).statusCode).toBe(201);
    expect(await reserved(client)).toBe(100_000);
    expect((await invest(client, round.id, 1_000)).statusCode).toBe(409);
  });

  it('refuses a single investment above the cap outright, and leaves the round to the others', async () => {
    const round = await demoRound();
    const greedy = await demoMember();
    const res = await invest(greedy.client, round.id, 200_000);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('demoShareExceeded');
    expect(await reserved(greedy.client)).toBe(0);
    const other = await demoMember();
    expect((await invest(other.client, round.id, 100_000)).statusCode).toBe(201);
  });

  it('frees the room again when the member revokes', async () => {
    const round = await demoRound();
    const { client } = await demoMember();
    const first = await invest(client, round.id, 100_000);
    expect(first.statusCode).toBe(201);
    expect((await invest(client, round.id, 10_000)).statusCode).toBe(409);
    expect((await client.post(`/api/investments/${first.json().id}/revoke`)).statusCode).toBe(200);
    expect((await invest(client, round.id, 100_000)).statusCode).toBe(201);
  });

  it('does not apply to real-money campaigns', async () => {
    const campaign = await insertCampaign(t.database.db, { maxCents: 1_000_000 });
    const { client } = await readyInvestor(t, { cents: 300_000 });
    const res = await client.post(`/api/campaigns/${campaign.id}/investments`, investBody(250_000), {
      'idempotency-key': newKey(),
    });
    expect(res.statusCode).toBe(201);
  });
});
