import { SESSION_COOKIE } from '@indiesplit/shared/constants';
import { periodEndOf, type RevenuePortfolioDto } from '@indiesplit/shared/revenue';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LaunchedCampaign, launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { useTestApp } from '../../../test/fixtures/settlement.ts';
import { registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { revenueDistributions, revenuePayouts, revenueReports } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import type { CampaignRow } from '../campaigns/state.ts';
import { createDistribution } from './pool.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;

useTestApp((env) => {
  ({ t, db, ctx } = env);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A logged-in client for a member made by the fixtures (they have no password). */
async function clientOf(userId: string): Promise<TestClient> {
  const client = t.client();
  const { token } = await ctx.sessions.create(db, userId, {
    ip: client.address,
    headers: {},
  } as unknown as FastifyRequest);
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

interface PeriodSpec {
  periodStart: string;
  gross: number;
  fees?: number;
  refunds?: number;
  taxes?: number;
  adjusts?: string;
  /** Paid at this time with these payouts; left awaiting the developer's money without. */
  paidAt?: string;
  payouts?: Array<{ userId: string; invested: number; amount: number }>;
}

/** A verified report of the campaign with its distribution, paid the way the payout step does. */
async function verifiedPeriod(campaign: CampaignRow, spec: PeriodSpec) {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id)).for('update');
    const gross = spec.gross;
    const fees = spec.fees ?? 0;
    const refunds = spec.refunds ?? 0;
    const taxes = spec.taxes ?? 0;
    const [report] = await tx
      .insert(revenueReports)
      .values({
        campaignId: campaign.id,
        kind: spec.adjusts ? 'adjustment' : 'regular',
        adjustsReportId: spec.adjusts ?? null,
        periodKind: 'month',
        periodStart: spec.periodStart,
        periodEnd: periodEndOf('month', spec.periodStart),
        currency: campaign.currency,
        grossCents: gross,
        storeFeesCents: fees,
        refundsCents: refunds,
        taxesCents: taxes,
        netCents: gross - fees - refunds - taxes,
        status: 'verified',
        verifiedAt: new Date(),
      })
      .returning();
    const distribution = await createDistribution(tx, locked!, report!, new Date());
    if (spec.paidAt) {
      const paidAt = new Date(spec.paidAt);
      await tx
        .update(revenueDistributions)
        .set({ status: 'paid', paidAt, investorCount: spec.payouts?.length ?? 0 })
        .where(eq(revenueDistributions.id, distribution.id));
      if (spec.payouts?.length) {
        await tx.insert(revenuePayouts).values(
          spec.payouts.map((p) => ({
            distributionId: distribution.id,
            campaignId: campaign.id,
            userId: p.userId,
            investedCents: p.invested,
            amountCents: p.amount,
          })),
        );
      }
    }
    return { report: report!, distribution };
  });
}

// One launched campaign with two investors (60% and 40%) and four verified periods:
//   Feb 2026  net 1,000.00 -> pool 100.00 -> platform 10.00, investors 90.00 (54.00 / 36.00), paid 2026
//   Mar 2026  net   350.00 -> pool  35.00 -> platform  3.50, investors 31.50 (18.90 / 12.60), paid 2027
//   Feb 2026  adjustment net -100.00 -> pool due -10.00, carried out (a zero pool, paid at once)
//   Apr 2026  net   200.00 -> pool due 20.00 - 10.00 carried in = 10.00, waiting for the money
let game: LaunchedCampaign;
let a: { id: string; cents: number };
let b: { id: string; cents: number };
let reports: string[];

beforeAll(async () => {
  game = await launchedCampaign(ctx, { investments: [60_000, 40_000], launchedOn: '2026-01-15' });
  a = game.investors[0]!;
  b = game.investors[1]!;
  const feb = await verifiedPeriod(game.campaign, {
    periodStart: '2026-02-01',
    gross: 150_000,
    fees: 45_000,
    refunds: 3_000,
    taxes: 2_000,
    paidAt: '2026-03-20T09:00:00Z',
    payouts: [
      { userId: a.id, invested: 60_000, amount: 5_400 },
      { userId: b.id, invested: 40_000, amount: 3_600 },
    ],
  });
  const mar = await verifiedPeriod(game.campaign, {
    periodStart: '2026-03-01',
    gross: 50_000,
    fees: 15_000,
    paidAt: '2027-04-20T09:00:00Z',
    payouts: [
      { userId: a.id, invested: 60_000, amount: 1_890 },
      { userId: b.id, invested: 40_000, amount: 1_260 },
    ],
  });
  const adj = await verifiedPeriod(game.campaign, {
    periodStart: '2026-02-01',
    gross: -10_000,
    adjusts: feb.report.id,
  });
  const apr = await verifiedPeriod(game.campaign, { periodStart: '2026-04-01', gross: 20_000 });
  reports = [apr.report.id, mar.report.id, adj.report.id, feb.report.id];
  // A report still waiting for review is not shown.
  await db.insert(revenueReports).values({
    campaignId: game.campaign.id,
    periodKind: 'month',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    currency: 'EUR',
    grossCents: 99_999,
    storeFeesCents: 0,
    refundsCents: 0,
    taxesCents: 0,
    netCents: 99_999,
  });
});

describe('GET /api/portfolio/revenue/', () => {
  it('shows each verified period’s waterfall, the payouts to date, the multiple and the months left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
    const client = await clientOf(a.id);
    const res = await client.get('/api/portfolio/revenue/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as RevenuePortfolioDto;
    expect(body.holdings).toHaveLength(1);
    const [holding] = body.holdings;
    expect(holding?.campaign).toEqual({
      id: game.campaign.id,
      slug: game.campaign.slug,
      title: 'Lanterns <of> Vesper',
      status: 'launched',
      currency: 'EUR',
      revenue_share_bps: 1000,
      platform_share_bps: 1000,
      launched_on: '2026-01-15',
      term_ends_on: '2029-01-14',
      months_left: 23,
    });
    expect(holding?.invested_cents).toBe(60_000);
    expect(holding?.paid_cents).toBe(7_290);
    expect(holding?.multiple).toBe(0.12);
    expect(holding?.statement_years).toEqual([2027, 2026]);
    // Newest period first; within a period, the later distribution first.
    expect(holding?.periods.map((p) => p.report_id)).toEqual(reports);
    const [apr, mar, adj, feb] = holding!.periods;
    expect(feb).toMatchObject({
      kind: 'regular',
      period_kind: 'month',
      period_start: '2026-02-01',
      period_end: '2026-02-28',
      gross_cents: 150_000,
      store_fees_cents: 45_000,
      refunds_cents: 3_000,
      taxes_cents: 2_000,
      net_cents: 100_000,
      pool_cents: 10_000,
      carried_in_cents: 0,
      carried_out_cents: 0,
      platform_cents: 1_000,
      investors_cents: 9_000,
      your_cents: 5_400,
      status: 'paid',
      paid_at: '2026-03-20T09:00:00.000Z',
    });
    expect(mar).toMatchObject({
      net_cents: 35_000,
      pool_cents: 3_500,
      investors_cents: 3_150,
      your_cents: 1_890,
    });
    expect(adj).toMatchObject({
      kind: 'adjustment',
      period_start: '2026-02-01',
      net_cents: -10_000,
      pool_cents: 0,
      carried_out_cents: -1_000,
      your_cents: 0,
      status: 'paid',
    });
    expect(apr).toMatchObject({
      net_cents: 20_000,
      carried_in_cents: -1_000,
      pool_cents: 1_000,
      platform_cents: 100,
      investors_cents: 900,
      your_cents: 0,
      status: 'awaiting_funds',
      paid_at: null,
    });
  });

  it('shows another investor only their own payouts, and a stranger nothing', async () => {
    const res = await (await clientOf(b.id)).get('/api/portfolio/revenue/');
    const [holding] = (res.json() as RevenuePortfolioDto).holdings;
    expect(holding?.invested_cents).toBe(40_000);
    expect(holding?.paid_cents).toBe(4_860);
    expect(holding?.periods.map((p) => p.your_cents)).toEqual([0, 1_260, 0, 3_600]);

    const stranger = await registerUser(t);
    const empty = await stranger.client.get('/api/portfolio/revenue/');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ holdings: [] });
    expect(empty.body).not.toContain(game.campaign.id);

    const visitor = await t.client().get('/api/portfolio/revenue/');
    expect(visitor.statusCode).toBe(401);
  });

  it('shows a funded campaign not launched yet without a term, and no periods', async () => {
    const waiting = await launchedCampaign(ctx, { investments: [25_000], notLaunched: true });
    const res = await (await clientOf(waiting.investors[0]!.id)).get('/api/portfolio/revenue/');
    expect(res.json()).toEqual({
      holdings: [
        {
          campaign: expect.objectContaining({
            id: waiting.campaign.id,
            status: 'services_active',
            launched_on: null,
            term_ends_on: null,
            months_left: null,
          }),
          invested_cents: 25_000,
          paid_cents: 0,
          multiple: 0,
          periods: [],
          statement_years: [],
        },
      ],
    });
  });

  it('counts a demo campaign’s months left on its fast clock: one per month reported', async () => {
    const demo = await launchedCampaign(ctx, { investments: [10_000], currency: 'DEMO' });
    const investor = demo.investors[0]!;
    for (const periodStart of ['2026-01-01', '2026-02-01']) {
      await verifiedPeriod(demo.campaign, {
        periodStart,
        gross: 100_000,
        paidAt: '2026-03-01T00:00:00Z',
        payouts: [{ userId: investor.id, invested: 10_000, amount: 9_000 }],
      });
    }
    const [holding] = (
      (await (await clientOf(investor.id)).get('/api/portfolio/revenue/')).json() as RevenuePortfolioDto
    ).holdings;
    expect(holding?.campaign).toMatchObject({ currency: 'DEMO', months_left: 34 });
    expect(holding).toMatchObject({ invested_cents: 10_000, paid_cents: 18_000, multiple: 1.8 });
  });
});

describe('GET /api/portfolio/revenue/:campaignId/statement', () => {
  it('lists the payouts of the year as JSON', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
    const client = await clientOf(a.id);
    const res = await client.get(`/api/portfolio/revenue/${game.campaign.id}/statement?year=2026`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      year: 2026,
      investor: { name: 'Ada Investor', email: game.investors[0]!.email },
      campaign: expect.objectContaining({ id: game.campaign.id, months_left: 23 }),
      invested_cents: 60_000,
      rows: [
        {
          paid_at: '2026-03-20T09:00:00.000Z',
          period_start: '2026-02-01',
          period_end: '2026-02-28',
          kind: 'regular',
          net_cents: 100_000,
          pool_cents: 10_000,
          investors_cents: 9_000,
          your_cents: 5_400,
        },
      ],
      total_cents: 5_400,
      generated_at: '2027-03-01T10:00:00.000Z',
    });
    const other = await client.get(
      `/api/portfolio/revenue/${game.campaign.id}/statement?year=2025&format=json`,
    );
    expect(other.json()).toMatchObject({ rows: [], total_cents: 0 });
  });

  it('downloads the year as a CSV file with euros and ISO dates', async () => {
    const res = await (await clientOf(b.id)).get(
      `/api/portfolio/revenue/${game.campaign.id}/statement?year=2027&format=csv`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=indiesplit-${game.campaign.slug}-2027.csv`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(
      '\uFEFFcampaign,currency,paid_on,period_start,period_end,kind,net,pool,investors,your_payout\r\n' +
        'Lanterns <of> Vesper,EUR,2027-04-20,2026-03-01,2026-03-31,regular,350.00,35.00,31.50,12.60\r\n',
    );
  });

  it('neutralises a title that a spreadsheet would run as a formula', async () => {
    const risky = await launchedCampaign(ctx, { investments: [10_000] });
    await db
      .update(campaigns)
      .set({ title: '=HYPERLINK("http://evil.example","Click"), now' })
      .where(eq(campaigns.id, risky.campaign.id));
    const investor = risky.investors[0]!;
    await verifiedPeriod(risky.campaign, {
      periodStart: '2026-03-01',
      gross: 1_234_500,
      paidAt: '2026-04-10T12:00:00Z',
      payouts: [{ userId: investor.id, invested: 10_000, amount: 111_105 }],
    });
    const res = await (await clientOf(investor.id)).get(
      `/api/portfolio/revenue/${risky.campaign.id}/statement?year=2026&format=csv`,
    );
    const [, row] = res.body.split('\r\n');
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click""), now",EUR,2026-04-10,2026-03-01,2026-03-31,regular,12345.00,1234.50,1111.05,1111.05`,
    );
  });

  it('answers 404 for a campaign the caller holds nothing in, and 400 for a bad year', async () => {
    const stranger = await registerUser(t);
    const url = `/api/portfolio/revenue/${game.campaign.id}/statement?year=2026`;
    const theirs = await stranger.client.get(url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Lanterns');
    expect((await stranger.client.get(`${url}&format=csv`)).statusCode).toBe(404);
    const client = await clientOf(a.id);
    expect(
      (await client.get('/api/portfolio/revenue/00000000-0000-4000-8000-000000000000/statement?year=2026'))
        .statusCode,
    ).toBe(404);
    expect((await client.get('/api/portfolio/revenue/not-a-campaign/statement?year=2026')).statusCode).toBe(
      404,
    );
    expect(
      (await client.get(`/api/portfolio/revenue/${game.campaign.id}/statement?year=1999`)).statusCode,
    ).toBe(400);
    expect((await t.client().get(url)).statusCode).toBe(401);
  });
});
