import type { RevenuePortfolioDto } from '@indiesplit/shared/revenue';
import { describe, expect, it } from 'vitest';
import { escrowOf, expectAllInvariants, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import type { TestApp, TestClient } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import type { RevenueFixture } from './revenue-fixture.ts';

// The development route that builds a revenue-share campaign for one browser test. What it answers
// must be true for the people it names: they sign in with the passwords given, the money is where
// the ledger says, and every invariant holds. Its absence in production is in the platform's
// production tests.

let t: TestApp;
let db: Db;
useTestApp((env) => {
  ({ t, db } = env);
});

async function fixture(body: unknown): Promise<RevenueFixture> {
  const res = await t.client().post('/api/dev/fixtures/revenue-campaign', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function signedIn(person: { username: string; password: string }): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/auth/', { username: person.username, password: person.password });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

const firstOfMonthBeforeLast = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
};

describe('POST /api/dev/fixtures/revenue-campaign', () => {
  it('makes a funded campaign of a new studio, settled through the ledger, waiting for its launch', async () => {
    const made = await fixture({ stage: 'funded', title: 'Starfall Couriers' });
    expect(made.campaign.status).toBe('services_active');
    expect(made.campaign.title).toMatch(/^Starfall Couriers [0-9A-F]{6}$/);
    expect(made.campaign.slug).toMatch(/^starfall-couriers-[0-9a-f]{10}$/);
    expect(made).toMatchObject({ launched_on: null, report_id: null, distribution_id: null });
    expect(made.report_period).toBe(firstOfMonthBeforeLast());
    expect(made.investors.map((i) => i.invested_cents)).toEqual([50_000, 1_950_000]);

    // The money left the wallets for the escrow, posted.
    for (const investor of made.investors) expect((await walletOf(db, investor.id)).available).toBe(0);
    expect((await escrowOf(db, made.campaign.id)).posted).toBe(2_000_000);
    await expectAllInvariants(db);

    // The studio signs in and finds its campaign; the public page shows it funded.
    const studio = await signedIn(made.studio);
    const mine = await studio.get('/api/my-campaigns/');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(made.campaign.id);
    const page = await t.client().get(`/api/campaigns/${made.campaign.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: made.campaign.title });
  });

  it('goes as far as the payout: launched, reported, verified and paid to the investors', async () => {
    const made = await fixture({ stage: 'paid' });
    expect(made.campaign.status).toBe('launched');
    expect(made.launched_on).toBe(firstOfMonthBeforeLast());
    expect(made.report_id).not.toBeNull();
    expect(made.distribution_id).not.toBeNull();

    // €8,200 net, a €820 pool, €82 to the platform, €738 shared: €18.45 for the €500 investor.
    const small = made.investors[0]!;
    expect((await walletOf(db, small.id)).available).toBe(1_845);
    expect((await walletOf(db, made.investors[1]!.id)).available).toBe(71_955);
    await expectAllInvariants(db);

    const investor = await signedIn(small);
    const res = await investor.get('/api/portfolio/revenue/');
    expect(res.statusCode).toBe(200);
    const [holding] = (res.json() as RevenuePortfolioDto).holdings;
    expect(holding).toMatchObject({
      campaign: { id: made.campaign.id, title: made.campaign.title },
      invested_cents: 50_000,
      paid_cents: 1_845,
    });
  });

  it('stops at the stage asked for: a report filed, waiting for the back office', async () => {
    const made = await fixture({ stage: 'reported' });
    expect(made.campaign.status).toBe('launched');
    expect(made.report_id).not.toBeNull();
    expect(made.distribution_id).toBeNull();
    const studio = await signedIn(made.studio);
    const reports = await studio.get(`/api/my-campaigns/${made.campaign.id}/revenue-reports/`);
    expect(reports.statusCode).toBe(200);
    expect(reports.body).toContain(made.report_id!);
    expect(reports.body).toContain('"submitted"');
    expect((await walletOf(db, made.investors[0]!.id)).available).toBe(0);
  });

  it('makes new people and a new campaign every time', async () => {
    const a = await fixture({ stage: 'launched', title: 'Twin' });
    const b = await fixture({ stage: 'launched', title: 'Twin' });
    expect(a.campaign.id).not.toBe(b.campaign.id);
    expect(a.campaign.slug).not.toBe(b.campaign.slug);
    expect(a.campaign.title).not.toBe(b.campaign.title);
    expect(a.studio.email).not.toBe(b.studio.email);
    expect(new Set([...a.investors, ...b.investors].map((i) => i.email)).size).toBe(4);
  });

  it('refuses an unknown stage with 400', async () => {
    const res = await t.client().post('/api/dev/fixtures/revenue-campaign', { stage: 'everything' });
    expect(res.statusCode).toBe(400);
  });
});
