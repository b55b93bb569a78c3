import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { newMember, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { revenuePayouts } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { accountCodeOf } from '../ledger/account-code.ts';
import * as ledger from '../ledger/service.ts';
import { fundDistribution } from '../revenue/distribution.ts';
import { verifiedReport } from '../revenue/verified-report.ts';
import { monthsElapsed } from './service.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

const bankId = () => `BANK-${randomBytes(6).toString('hex').toUpperCase()}`;

describe('the public record of outcomes', () => {
  it('shows what a campaign raised and paid back, equal to the ledger’s sums', async () => {
    const admin = await newMember(db, { staffRole: 'admin' });
    const game = await launchedCampaign(ctx, {
      investments: [10_000, 20_000, 30_001],
      launchedOn: '2026-01-15',
    });
    const before = await Promise.all(
      game.investors.map(async (i) => (await walletOf(db, i.id, 'EUR')).posted),
    );
    // Two verified months paid out: nets of €10,000 and €3,333.33 at a 10% share, the platform 10% of each pool.
    for (const [periodStart, netCents] of [
      ['2026-01-01', 1_000_000],
      ['2026-02-01', 333_333],
    ] as const) {
      const { distribution } = await verifiedReport(db, game.campaign.id, { periodStart, netCents });
      await fundDistribution(ctx, distribution.id, {
        bankTransactionId: bankId(),
        amountCents: distribution.poolCents,
        actorId: admin.id,
      });
    }

    const visitor = t.client();
    const res = await visitor.get('/api/outcomes/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const outcome = res.json().outcomes.find((o: { slug: string }) => o.slug === game.campaign.slug);

    // What the ledger holds: the escrow's posted investments, the revenue account's payouts.
    const escrow = await ledger.findAccountByCode(db, accountCodeOf.escrow(game.campaign.id, 'EUR'));
    const paidRows = await db.execute(sql`
      select coalesce(sum(t.amount), 0) as cents from ledger_transfers t
      join ledger_accounts a on a.id = t.debit_account_id
      where a.code = ${accountCodeOf.revenue(game.campaign.id, 'EUR')} and t.kind in ('payout', 'payout_suspense')`);
    const ledgerPaid = Number((paidRows as unknown as { rows: Array<{ cents: string }> }).rows[0]?.cents);
    const after = await Promise.all(
      game.investors.map(async (i) => (await walletOf(db, i.id, 'EUR')).posted),
    );
    const walletGain = after.reduce((sum, a, i) => sum + a - (before[i] ?? 0), 0);
    const payoutRows = await db
      .select({ amount: revenuePayouts.amountCents })
      .from(revenuePayouts)
      .where(eq(revenuePayouts.campaignId, game.campaign.id));

    // 90,000 + 30,000: pools of 100,000 and 33,333 less the platform’s 10,000 and 3,333.
    expect(ledgerPaid).toBe(90_000 + 30_000);
    expect(walletGain).toBe(ledgerPaid);
    expect(payoutRows.reduce((s, p) => s + p.amount, 0)).toBe(ledgerPaid);
    expect(escrow?.creditsPosted).toBe(60_001);
    expect(outcome).toMatchObject({
      title: game.campaign.title,
      status: 'launched',
      raised_cents: 60_001,
      launched_on: '2026-01-15',
      term_months: game.campaign.termMonths,
      paid_cents: ledgerPaid,
      multiple: Math.round((ledgerPaid * 100) / 60_001) / 100,
    });
    expect(outcome.months_elapsed).toBe(
      monthsElapsed('2026-01-15', new Date().toISOString().slice(0, 10), game.campaign.termMonths),
    );
    expect(['none_due', 'on_time', 'cured', 'overdue', 'default']).toContain(outcome.health);

    const one = await visitor.get(`/api/outcomes/${game.campaign.slug}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(outcome);
  });

  it('lists funded campaigns not yet launched, never demo ones, and 404s anything else', async () => {
    const waiting = await launchedCampaign(ctx, { investments: [12_345], notLaunched: true });
    const demo = await launchedCampaign(ctx, { investments: [10_000], currency: 'DEMO' });
    const visitor = t.client();
    const list = (await visitor.get('/api/outcomes/')).json().outcomes as Array<Record<string, unknown>>;
    expect(list.find((o) => o.slug === waiting.campaign.slug)).toMatchObject({
      raised_cents: 12_345,
      launched_on: null,
      months_elapsed: null,
      paid_cents: 0,
      multiple: 0,
      health: null,
    });
    expect(list.find((o) => o.slug === demo.campaign.slug)).toBeUndefined();
    expect((await visitor.get(`/api/outcomes/${demo.campaign.slug}`)).statusCode).toBe(404);
    const missing = await visitor.get('/api/outcomes/no-such-campaign');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('notFound');
  });

  it('counts whole months of the term', () => {
    expect(monthsElapsed('2026-01-15', '2026-01-15', 36)).toBe(0);
    expect(monthsElapsed('2026-01-15', '2026-02-14', 36)).toBe(0);
    expect(monthsElapsed('2026-01-15', '2026-02-15', 36)).toBe(1);
    expect(monthsElapsed('2026-01-15', '2031-01-01', 36)).toBe(36);
  });
});
