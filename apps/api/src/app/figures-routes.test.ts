import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { member } from '../../test/fixtures/pitches.ts';
import { launchedCampaign } from '../../test/fixtures/revenue.ts';
import { useTestApp } from '../../test/fixtures/settlement.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { verifiedReport } from '../features/revenue/verified-report.ts';
import type { AppContext } from '../platform/context.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

describe('the platform figures on the home page', () => {
  it('are read from the ledger: real euros raised by funded campaigns, their investors and the payouts', async () => {
    const admin = await member(t, 'admin');
    // Two funded real-money campaigns, with three investors between them.
    const first = await launchedCampaign(ctx, { investments: [10_000, 20_000] });
    await launchedCampaign(ctx, { investments: [5_000] });
    // Demo money is no achievement: a funded demo round counts for nothing.
    await launchedCampaign(ctx, { investments: [40_000], currency: 'DEMO' });

    // Net €10,000 at a 10% share: a pool of €1,000, of which the platform keeps €100.
    const { distribution } = await verifiedReport(db, first.campaign.id, {
      periodStart: '2026-02-01',
      netCents: 1_000_000,
    });
    const paid = await admin.client.post(`/api/backoffice/distributions/${distribution.id}/funding`, {
      bank_transaction_id: `BANK-${randomBytes(6).toString('hex').toUpperCase()}`,
      amount_cents: 100_000,
    });
    expect(paid.statusCode).toBe(200);

    const anonymous = t.client();
    const res = await anonymous.get('/api/figures');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toMatchObject({
      currency: 'EUR',
      raised_cents: 35_000,
      investors: 3,
      paid_out_cents: 90_000,
    });

    // Read once a minute, whatever the traffic: a second visitor gets the same reading.
    await launchedCampaign(ctx, { investments: [7_000] });
    const again = await t.client().get('/api/figures');
    expect(again.json()).toEqual(res.json());
  });
});
