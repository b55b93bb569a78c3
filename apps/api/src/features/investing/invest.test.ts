import { DEMO_WALLET_CENTS } from '@indiesplit/shared/wallet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertCampaign,
  investBody,
  newKey,
  readyInvestor,
  verifyEmail,
} from '../../../test/fixtures/investing.ts';
import {
  createTestApp,
  onPostgres,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments, investorProfiles } from '../../db/schema-investing.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const invest = (client: TestClient, campaignId: string, body: unknown, key: string | null = newKey()) =>
  client.post(
    `/api/campaigns/${campaignId}/investments`,
    body,
    key === null ? {} : { 'idempotency-key': key },
  );

async function wallet(client: TestClient, currency = 'EUR') {
  const res = (await client.get('/api/wallet/')).json();
  return res.balances.find((b: { currency: string }) => b.currency === currency);
}

async function campaignRow(id: string) {
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}

/** committed_cents and investor_count agree with the live investments of every campaign. */
async function expectCampaignTotalsConsistent() {
  const result = (await db().execute(sql`
    select c.id from campaigns c
    where c.committed_cents <> coalesce((select sum(amount_cents) from investments i
            where i.campaign_id = c.id and i.status in ('reserved', 'posted')), 0)
       or c.investor_count <> (select count(distinct investor_id) from investments i
            where i.campaign_id = c.id and i.status in ('reserved', 'posted'))`)) as unknown as {
    rows: unknown[];
  };
  expect(result.rows).toEqual([]);
  expect((await checkLedgerInvariants(db())).violations).toEqual([]);
}

describe('investing', () => {
  it('needs a session', async () => {
    const c = t.client();
    const campaign = await insertCampaign(db());
    expect((await invest(c, campaign.id, investBody(10_000))).statusCode).toBe(401);
    expect((await c.post(`/api/investments/${campaign.id}/revoke`)).statusCode).toBe(401);
    expect((await c.get('/api/portfolio/')).statusCode).toBe(401);
  });

  it('reserves the money at once and opens a 4-day reflection period', async () => {
    const { client } = await readyInvestor(t, { cents: 100_000 });
    const campaign = await insertCampaign(db());
    const before = Date.now();
    const res = await invest(client, campaign.id, investBody(25_000));
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      amount_cents: 25_000,
      currency: 'EUR',
      status: 'reserved',
      revocable: true,
      high_amount_consent: false,
      campaign: { id: campaign.id, slug: campaign.slug, status: 'live' },
    });
    const reflection = new Date(inv.reflection_ends_at).getTime() - before;
    expect(reflection).toBeGreaterThanOrEqual(4 * 24 * 3600_000 - 1000);
    expect(reflection).toBeLessThan(4 * 24 * 3600_000 + 60_000);
    expect(await wallet(client)).toEqual({
      currency: 'EUR',
      posted_cents: 100_000,
      reserved_cents: 25_000,
      available_cents: 75_000,
    });
    const row = await campaignRow(campaign.id);
    expect(row.committedCents).toBe(25_000);
    expect(row.investorCount).toBe(1);

    // A second investment by the same investor adds money, not an investor.
    expect((await invest(client, campaign.id, investBody(5_000))).statusCode).toBe(201);
    const again = await campaignRow(campaign.id);
    expect(again.committedCents).toBe(30_000);
    expect(again.investorCount).toBe(1);

    const portfolio = (await client.get('/api/portfolio/')).json();
    expect(portfolio.investments).toHaveLength(2);
    expect(portfolio.investments[1].id).toBe(inv.id);
    expect(portfolio.totals).toEqual([
      { currency: 'EUR', committed_cents: 30_000 },
      { currency: 'DEMO', committed_cents: 0 },
    ]);
    await expectCampaignTotalsConsistent();
  });

  describe('refuses, with a clear error and nothing reserved', () => {
    it('an investor whose email is not verified', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000, verified: false });
      const campaign = await insertCampaign(db());
      const res = await invest(client, campaign.id, investBody(10_000));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('emailNotVerifiedToInvest');
      expect((await wallet(client)).reserved_cents).toBe(0);
    });

    it('an investor without the knowledge test and loss simulation', async () => {
      const { client, id } = await registerUser(t);
      await verifyEmail(db(), id);
      const campaign = await insertCampaign(db());
      const res = await invest(client, campaign.id, investBody(10_000));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('investorProfileRequired');
    });

    it('an investor whose knowledge test is more than two years old', async () => {
      const { client, id } = await readyInvestor(t, { cents: 100_000 });
      await db()
        .update(investorProfiles)
        .set({ knowledgeValidUntil: new Date(Date.now() - 1000) })
        .where(eq(investorProfiles.userId, id));
      const res = await invest(client, (await insertCampaign(db())).id, investBody(10_000));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('knowledgeTestExpired');
    });

    it('the developer investing in their own campaign', async () => {
      const { client, id } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db(), { developerId: id });
      const res = await invest(client, campaign.id, investBody(10_000));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('cannotInvestOwnCampaign');
    });

    it('after the deadline, and in a campaign that is not live', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const past = await insertCampaign(db(), {
        startsAt: new Date(Date.now() - 10 * 24 * 3600_000),
        deadlineAt: new Date(Date.now() - 1000),
      });
      const late = await invest(client, past.id, investBody(10_000));
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('campaignDeadlinePassed');
      for (const status of ['scheduled', 'closing', 'funded', 'failed', 'cancelled'] as const) {
        const c = await insertCampaign(db(), { status });
        const res = await invest(client, c.id, investBody(10_000));
        expect(res.statusCode, status).toBe(409);
        expect(res.json().code, status).toBe('campaignNotOpen');
      }
      expect(
        (await invest(client, '00000000-0000-4000-8000-000000000000', investBody(10_000))).statusCode,
      ).toBe(404);
      expect((await wallet(client)).reserved_cents).toBe(0);
    });

    it('above what the cap leaves, and when the campaign is full', async () => {
      const { client } = await readyInvestor(t, { cents: 1_000_000 });
      const campaign = await insertCampaign(db(), { goalCents: 50_000, maxCents: 100_000 });
      expect(
        (await invest(client, campaign.id, investBody(80_000, { high_amount_consent: true }))).statusCode,
      ).toBe(201);
      const over = await invest(client, campaign.id, investBody(30_000));
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: 'investAboveRemaining',
        message: 'This campaign can take at most 200.00 EUR more.',
      });
      expect((await invest(client, campaign.id, investBody(20_000))).statusCode).toBe(201);
      const full = await invest(client, campaign.id, investBody(5_000));
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('campaignFull');
      expect((await campaignRow(campaign.id)).committedCents).toBe(100_000);
      await expectCampaignTotalsConsistent();
    });

    it('zero, negative, fractional-cent and non-numeric amounts', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db());
      for (const amount of [0, -5_000, 10_000.5, '10000', null]) {
        const res = await invest(client, campaign.id, investBody(10_000, { amount_cents: amount }));
        expect(res.statusCode, String(amount)).toBe(400);
        expect(res.json().error_codes, String(amount)).toEqual({ amount_cents: 'investAmountInvalid' });
      }
      expect((await wallet(client)).reserved_cents).toBe(0);
    });

    it('an amount below the minimum ticket', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db(), { minTicketCents: 10_000 });
      const res = await invest(client, campaign.id, investBody(9_999));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'investBelowMinimum',
        message: 'The minimum investment in this campaign is 100.00 EUR.',
      });
    });

    it('the wrong currency: demo euros into a real campaign and the other way round', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      await client.post('/api/wallet/demo/');
      const real = await insertCampaign(db());
      const demo = await insertCampaign(db(), { currency: 'DEMO', reflectionSeconds: 120 });
      const a = await invest(client, real.id, investBody(10_000, { currency: 'DEMO' }));
      expect(a.statusCode).toBe(422);
      expect(a.json().code).toBe('currencyMismatch');
      const b = await invest(client, demo.id, investBody(10_000, { currency: 'EUR' }));
      expect(b.statusCode).toBe(422);
      expect(b.json().code).toBe('currencyMismatch');
      const c = await invest(client, demo.id, investBody(10_000, { currency: 'USD' }));
      expect(c.statusCode).toBe(400);
      expect((await wallet(client)).reserved_cents).toBe(0);
      expect((await wallet(client, 'DEMO')).reserved_cents).toBe(0);
    });

    it('without the key information sheet or the risk warning acknowledged', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db());
      const a = await invest(client, campaign.id, investBody(10_000, { acknowledge_key_information: false }));
      expect(a.statusCode).toBe(400);
      expect(a.json().error_codes).toEqual({ acknowledge_key_information: 'acknowledgeKeyInformation' });
      const b = await invest(client, campaign.id, investBody(10_000, { acknowledge_risk: undefined }));
      expect(b.statusCode).toBe(400);
      expect(b.json().error_codes).toEqual({ acknowledge_risk: 'acknowledgeRisk' });
    });

    it('more than the available balance', async () => {
      const { client } = await readyInvestor(t, { cents: 20_000 });
      const campaign = await insertCampaign(db());
      const res = await invest(client, campaign.id, investBody(20_001));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('insufficientFunds');
      expect((await campaignRow(campaign.id)).committedCents).toBe(0);
    });

    it('a request without a usable Idempotency-Key', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db());
      for (const key of [null, '', 'k'.repeat(201)]) {
        const res = await invest(client, campaign.id, investBody(10_000), key);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('idempotencyKeyRequired');
      }
    });
  });

  describe('idempotency', () => {
    it('answers a repeated request with the first investment, and refuses the key with another body', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db());
      const key = newKey();
      const first = await invest(client, campaign.id, investBody(10_000), key);
      expect(first.statusCode).toBe(201);
      const second = await invest(client, campaign.id, investBody(10_000), key);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      const other = await invest(client, campaign.id, investBody(12_000), key);
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe('idempotencyKeyReused');
      expect((await wallet(client)).reserved_cents).toBe(10_000);
      // Another investor may use the same key: keys are per investor.
      const someoneElse = await readyInvestor(t, { cents: 100_000 });
      expect((await invest(someoneElse.client, campaign.id, investBody(10_000), key)).statusCode).toBe(201);
    });

    it.runIf(onPostgres)('makes one investment from ten identical requests sent at once', async () => {
      const { client, id } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db());
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => invest(client, campaign.id, investBody(60_000), key)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      const rows = await db().select().from(investments).where(eq(investments.investorId, id));
      expect(rows).toHaveLength(1);
      expect((await wallet(client)).reserved_cents).toBe(60_000);
      await expectCampaignTotalsConsistent();
    });

    it.runIf(onPostgres)('never passes the cap when many investors race for the last places', async () => {
      const campaign = await insertCampaign(db(), { goalCents: 50_000, maxCents: 100_000 });
      const investors = await Promise.all(
        Array.from({ length: 7 }, () => readyInvestor(t, { cents: 50_000 })),
      );
      const answers = await Promise.all(
        investors.map((i) => invest(i.client, campaign.id, investBody(20_000))),
      );
      const codes = answers.map((a) => (a.statusCode === 201 ? 'ok' : a.json().code)).sort();
      expect(codes).toEqual(['campaignFull', 'campaignFull', 'ok', 'ok', 'ok', 'ok', 'ok']);
      const row = await campaignRow(campaign.id);
      expect(row.committedCents).toBe(100_000);
      expect(row.investorCount).toBe(5);
      await expectCampaignTotalsConsistent();
    });
  });

  describe('the high-amount warning', () => {
    it('asks a non-sophisticated investor to consent above the higher of 1,000 euros and 5% of net worth', async () => {
      // Net worth 60,000 euros: the threshold is 3,000 euros.
      const { client } = await readyInvestor(t, { cents: 1_000_000 });
      const campaign = await insertCampaign(db());
      expect((await invest(client, campaign.id, investBody(300_000))).statusCode).toBe(201);
      const above = await invest(client, campaign.id, investBody(300_001));
      expect(above.statusCode).toBe(422);
      expect(above.json()).toMatchObject({
        code: 'highAmountConsentRequired',
        error_codes: { high_amount_consent: 'highAmountConsentRequired' },
      });
      expect(above.json().message).toContain('3000.00 EUR');
      const consented = await invest(client, campaign.id, investBody(300_001, { high_amount_consent: true }));
      expect(consented.statusCode).toBe(201);
      expect(consented.json().high_amount_consent).toBe(true);
    });

    it('uses 1,000 euros when 5% of net worth is less', async () => {
      const { client } = await readyInvestor(t, { cents: 1_000_000 });
      await client.request('PUT', '/api/investor-profile/loss-simulation', {
        body: { annual_income: '5000', liquid_assets: '1000', annual_commitments: '9000' },
      });
      const profile = (await client.get('/api/investor-profile/')).json();
      expect(profile.loss_simulation).toMatchObject({ net_worth_cents: -300_000, loss_capacity_cents: 0 });
      expect(profile.high_amount_threshold_cents).toBe(100_000);
      const campaign = await insertCampaign(db());
      const res = await invest(client, campaign.id, investBody(100_001));
      expect(res.json().code).toBe('highAmountConsentRequired');
    });
  });

  describe('revocation', () => {
    it('releases the reservation at once within the reflection period', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db());
      const inv = (await invest(client, campaign.id, investBody(40_000))).json();
      const res = await client.post(`/api/investments/${inv.id}/revoke`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: inv.id, status: 'revoked', revocable: false });
      expect(res.json().revoked_at).not.toBeNull();
      expect(await wallet(client)).toMatchObject({ reserved_cents: 0, available_cents: 100_000 });
      const row = await campaignRow(campaign.id);
      expect(row.committedCents).toBe(0);
      expect(row.investorCount).toBe(0);
      const again = await client.post(`/api/investments/${inv.id}/revoke`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('investmentNotRevocable');
      await expectCampaignTotalsConsistent();
    });

    it('is refused once the reflection period is over', async () => {
      const { client } = await readyInvestor(t, { cents: 100_000 });
      const campaign = await insertCampaign(db(), { reflectionSeconds: 60 });
      const inv = (await invest(client, campaign.id, investBody(40_000))).json();
      await db()
        .update(investments)
        .set({ reflectionEndsAt: new Date(Date.now() - 1000) })
        .where(eq(investments.id, inv.id));
      const res = await client.post(`/api/investments/${inv.id}/revoke`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('reflectionPeriodOver');
      expect((await wallet(client)).reserved_cents).toBe(40_000);
      const portfolio = (await client.get('/api/portfolio/')).json();
      expect(portfolio.investments[0]).toMatchObject({ status: 'reserved', revocable: false });
    });

    it("does not reveal or touch someone else's investment", async () => {
      const owner = await readyInvestor(t, { cents: 100_000 });
      const other = await readyInvestor(t);
      const campaign = await insertCampaign(db());
      const inv = (await invest(owner.client, campaign.id, investBody(40_000))).json();
      expect((await other.client.post(`/api/investments/${inv.id}/revoke`)).statusCode).toBe(404);
      expect((await other.client.post('/api/investments/not-a-uuid/revoke')).statusCode).toBe(404);
      expect((await wallet(owner.client)).reserved_cents).toBe(40_000);
    });
  });

  describe('the demo', () => {
    it('lets a member without a verified email invest virtual euros, kept apart from real ones', async () => {
      const { client } = await readyInvestor(t, { verified: false });
      await client.post('/api/wallet/demo/');
      const demo = await insertCampaign(db(), { currency: 'DEMO', reflectionSeconds: 120 });
      const res = await invest(client, demo.id, investBody(50_000, { currency: 'DEMO' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().currency).toBe('DEMO');
      const revoked = await client.post(`/api/investments/${res.json().id}/revoke`);
      expect(revoked.statusCode).toBe(200);
      expect((await wallet(client, 'DEMO')).available_cents).toBe(DEMO_WALLET_CENTS);
      expect(await wallet(client, 'EUR')).toMatchObject({ posted_cents: 0, reserved_cents: 0 });
      await expectCampaignTotalsConsistent();
    });
  });
});
