import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { expectAllInvariants, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import type { Db } from '../../db/client.ts';
import { campaignEvents, campaigns } from '../../db/schema-campaigns.ts';
import { revenueDistributions, revenueReportLines, revenueReports } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { demoSales, monthStart } from './demo-revenue.ts';
import { runRevenueWork } from './worker.ts';

let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ db, ctx } = env);
});

describe('demo sales', () => {
  it('look like an indie game at €14.99: Steam first, 30% store fees, a few refunds, fewer copies each month', () => {
    const id = '7f1d2c3b-0000-4000-8000-00000000abcd';
    const first = demoSales(id, 0);
    expect(demoSales(id, 0)).toEqual(first);
    const gross = (lines: ReturnType<typeof demoSales>) => lines.reduce((a, l) => a + l.grossCents, 0);
    for (const line of first) {
      expect(line.grossCents % 1499).toBe(0);
      expect(Math.abs(line.storeFeesCents - line.grossCents * 0.3)).toBeLessThanOrEqual(1);
      expect(line.refundsCents).toBeGreaterThanOrEqual(Math.floor(line.grossCents * 0.02));
      expect(line.refundsCents).toBeLessThanOrEqual(Math.ceil(line.grossCents * 0.04));
      expect(line.taxesCents).toBe(0);
    }
    const steam = first.find((l) => l.store === 'steam')!;
    expect(first.every((l) => l.grossCents <= steam.grossCents)).toBe(true);
    expect(gross(first) / 1499).toBeGreaterThan(500);
    expect(gross(demoSales(id, 12))).toBeLessThan(gross(first) / 2);
    expect(monthStart('2026-01-31', 1)).toBe('2026-02-01');
    expect(monthStart('2026-11-15', 2)).toBe('2027-01-01');
  });
});

describe('the demo revenue share on the fast clock', () => {
  it('launches a funded demo campaign, files a month every demo month, pays investors, completes after the term', async () => {
    const { campaign, investors } = await launchedCampaign(ctx, {
      investments: [5_000, 15_000],
      currency: 'DEMO',
      notLaunched: true,
    });
    await db.update(campaigns).set({ termMonths: 4 }).where(eq(campaigns.id, campaign.id));
    const ids = investors.map((i) => i.id);
    const demoWallets = () => Promise.all(ids.map(async (id) => (await walletOf(db, id, 'DEMO')).posted));
    const start = await demoWallets();

    const t0 = new Date();
    const first = await runRevenueWork(ctx, t0, { demo: true });
    expect(first.errors).toEqual([]);
    expect(first.demoLaunched).toBeGreaterThanOrEqual(1);
    const [launched] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(launched).toMatchObject({ status: 'launched', launchedOn: t0.toISOString().slice(0, 10) });
    const [event] = await db
      .select({ at: campaignEvents.createdAt })
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, campaign.id), eq(campaignEvents.toStatus, 'launched')))
      .orderBy(desc(campaignEvents.id));
    const origin = event!.at.getTime();
    const month = ctx.config.demoMonthSeconds * 1000;

    // Nothing is due before the first demo month has passed.
    await runRevenueWork(ctx, new Date(origin + month - 1), { demo: true });
    const reportsOf = () =>
      db
        .select()
        .from(revenueReports)
        .where(eq(revenueReports.campaignId, campaign.id))
        .orderBy(asc(revenueReports.periodStart));
    expect(await reportsOf()).toEqual([]);
    expect(await demoWallets()).toEqual(start);

    // One demo month later: the launch month's report, verified, paid out into the demo wallets.
    const round = await runRevenueWork(ctx, new Date(origin + month), { demo: true });
    expect(round.errors).toEqual([]);
    expect(round.demoReports).toBe(1);
    const [report] = await reportsOf();
    expect(report).toMatchObject({
      kind: 'regular',
      periodKind: 'month',
      periodStart: monthStart(launched!.launchedOn!, 0),
      currency: 'DEMO',
      status: 'verified',
      generated: true,
      taxesCents: 0,
    });
    const lines = await db
      .select()
      .from(revenueReportLines)
      .where(eq(revenueReportLines.reportId, report!.id));
    expect(lines.reduce((a, l) => a + l.grossCents, 0)).toBe(report!.grossCents);
    const [paid] = await db
      .select()
      .from(revenueDistributions)
      .where(eq(revenueDistributions.reportId, report!.id));
    expect(paid).toMatchObject({ status: 'paid', investorCount: 2 });
    expect(paid!.poolCents).toBeGreaterThan(0);
    const gained = (await demoWallets()).map((w, i) => w - start[i]!);
    expect(gained[0]! + gained[1]!).toBe(paid!.investorsCents);
    // 1 : 3, within a cent.
    expect(Math.abs(gained[1]! - 3 * gained[0]!)).toBeLessThanOrEqual(3);
    await expectAllInvariants(db);

    // Three months later at once: the missed months are filed in order; the term of 4 is then
    // over and the campaign completed.
    const late = await runRevenueWork(ctx, new Date(origin + 4 * month + 5), { demo: true });
    expect(late.errors).toEqual([]);
    expect(late.demoReports).toBe(3);
    expect(late.demoCompleted).toBe(1);
    const all = await reportsOf();
    expect(all.map((r) => r.periodStart)).toEqual(
      [0, 1, 2, 3].map((k) => monthStart(launched!.launchedOn!, k)),
    );
    const [done] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(done!.status).toBe('completed');
    const distributions = await db
      .select()
      .from(revenueDistributions)
      .where(eq(revenueDistributions.campaignId, campaign.id))
      .orderBy(asc(revenueDistributions.sequence));
    expect(distributions.map((d) => d.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    const total = distributions.reduce((a, d) => a + d.investorsCents, 0);
    const finalGain = (await demoWallets()).map((w, i) => w - start[i]!);
    expect(finalGain[0]! + finalGain[1]!).toBe(total);

    // Later rounds file nothing more.
    const after = await runRevenueWork(ctx, new Date(origin + 40 * month), { demo: true });
    expect(after.demoReports).toBe(0);
    expect(await reportsOf()).toHaveLength(4);
    await expectAllInvariants(db);
  });

  it('leaves demo campaigns alone when the demo is off, but still pays what was funded', async () => {
    const { campaign } = await launchedCampaign(ctx, {
      investments: [5_000],
      currency: 'DEMO',
      notLaunched: true,
    });
    const round = await runRevenueWork(ctx, new Date(), { demo: false });
    expect(round.demoLaunched).toBe(0);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.status).toBe('services_active');
  });
});
