import { randomBytes } from 'node:crypto';
import type { Currency } from '@indiesplit/shared/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { type LaunchedCampaign, launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { expectAllInvariants, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import { registerUser, type TestApp } from '../../../test/harness.ts';
import { runDueWork } from '../../app/workers.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { revenueDistributions, revenuePayouts } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { type AccountSpec, accountCode, accountCodeOf } from '../ledger/account-code.ts';
import * as ledger from '../ledger/service.ts';
import { payDistribution, recordDeveloperPayment } from './distribution.ts';
import type { DistributionRow } from './pool.ts';
import { verifiedReport } from './verified-report.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

const bankId = () => `BANK-${randomBytes(6).toString('hex').toUpperCase()}`;

let month = 0;
/** A verified report of `netCents` and its distribution, as the verification makes them. */
async function verified(
  campaign: LaunchedCampaign['campaign'],
  netCents: number,
  adjusts?: string,
): Promise<{ reportId: string; distribution: DistributionRow }> {
  const periodStart = `2026-${String((month++ % 12) + 1).padStart(2, '0')}-01`;
  return verifiedReport(db, campaign.id, { periodStart, netCents, adjusts });
}

async function accountPosted(spec: AccountSpec): Promise<number> {
  const account = await ledger.findAccountByCode(db, accountCode(spec));
  return account ? ledger.balanceOf(account).posted : 0;
}
const platformOf = (currency: Currency = 'EUR') => accountPosted({ kind: 'platform', currency });
const suspenseOf = (currency: Currency = 'EUR') => accountPosted({ kind: 'suspense', currency });
const revenueOf = (campaignId: string, currency: Currency = 'EUR') =>
  accountPosted({ kind: 'revenue', campaignId, currency });

async function wallets(ids: string[], currency: Currency = 'EUR') {
  return Promise.all(ids.map(async (id) => (await walletOf(db, id, currency)).posted));
}

async function distribution(id: string) {
  const [row] = await db.select().from(revenueDistributions).where(eq(revenueDistributions.id, id));
  return row!;
}

async function payoutsOf(distributionId: string) {
  return db.select().from(revenuePayouts).where(eq(revenuePayouts.distributionId, distributionId));
}

describe('paying a distribution in and out', () => {
  it('splits the pool exactly: the platform first, then the investors by largest remainder', async () => {
    const admin = await member(t, 'admin');
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000, 20_000, 30_001] });
    const before = await wallets(investors.map((i) => i.id));
    const platformBefore = await platformOf();
    // Net €10,000 at a 10% share: a pool of €1,000, the platform's 10% is €100.
    const { distribution: d } = await verified(campaign, 1_000_000);
    expect(d).toMatchObject({ status: 'awaiting_funds', poolCents: 100_000, platformCents: 10_000 });
    await expectAllInvariants(db);

    const res = await admin.client.post(`/api/backoffice/distributions/${d.id}/funding`, {
      bank_transaction_id: bankId(),
      amount_cents: 100_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      id: d.id,
      campaign: { id: campaign.id, title: campaign.title },
      status: 'paid',
      pool_cents: 100_000,
      platform_cents: 10_000,
      investors_cents: 90_000,
      suspense_cents: 0,
      investor_count: 3,
    });
    expect(res.json().paid_at).not.toBeNull();

    // 90,000 over 10,000 : 20,000 : 30,001 -> 14,999.75 / 29,999.50 / 45,000.75: the two cents
    // left go to the largest remainders (.75 and .75, the larger exact remainder first).
    const after = await wallets(investors.map((i) => i.id));
    expect(after.map((a, i) => a - before[i]!)).toEqual([15_000, 29_999, 45_001]);
    expect((await platformOf()) - platformBefore).toBe(10_000);
    expect(await revenueOf(campaign.id)).toBe(0);
    const payouts = await payoutsOf(d.id);
    expect(payouts.map((p) => [p.userId, p.investedCents, p.amountCents]).sort()).toEqual(
      [
        [investors[0]!.id, 10_000, 15_000],
        [investors[1]!.id, 20_000, 29_999],
        [investors[2]!.id, 30_001, 45_001],
      ].sort(),
    );
    await expectAllInvariants(db);

    // The investor sees it in their wallet's history as a payout.
    const walletTx = await db.execute(sql`
      select t.kind, t.amount from ledger_transfers t
      join ledger_accounts a on a.id = t.credit_account_id
      where a.code = ${accountCodeOf.wallet(investors[0]!.id, 'EUR')} and t.kind = 'payout'`);
    expect(
      (walletTx as unknown as { rows: Array<{ amount: string | number }> }).rows.map((r) => Number(r.amount)),
    ).toEqual([15_000]);
  });

  it('pays once when paid twice, one after the other and at the same time', async () => {
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [5_000, 7_000] });
    const admin = await member(t, 'admin');
    const before = await wallets(investors.map((i) => i.id));
    const { distribution: d } = await verified(campaign, 333_333);
    // 10% of 333,333 = 33,333; the platform 3,333; the investors 30,000 (5:7 -> 12,500 / 17,500).
    await recordDeveloperPayment(ctx, d.id, {
      bankTransactionId: bankId(),
      amountCents: 33_333,
      actorId: admin.id,
    });
    expect((await distribution(d.id)).status).toBe('funded');
    expect(await revenueOf(campaign.id)).toBe(33_333);
    await expectAllInvariants(db);

    const [a, b] = await Promise.all([payDistribution(ctx, d.id), payDistribution(ctx, d.id)]);
    expect([a.status, b.status]).toEqual(['paid', 'paid']);
    const again = await payDistribution(ctx, d.id);
    expect(again.paidAt).toEqual(a.paidAt);

    expect((await wallets(investors.map((i) => i.id))).map((w, i) => w - before[i]!)).toEqual([
      12_500, 17_500,
    ]);
    expect(await payoutsOf(d.id)).toHaveLength(2);
    const transfers = await db.execute(
      sql`select count(*)::int as n from ledger_transfers where reference = ${`distribution:${d.id}`}`,
    );
    // In, platform, two investors.
    expect(Number((transfers as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(4);
    expect(await revenueOf(campaign.id)).toBe(0);
    await expectAllInvariants(db);
  });

  it('is paid out by the worker round when the process stopped after the payment in', async () => {
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000] });
    const admin = await member(t, 'admin');
    const { distribution: d } = await verified(campaign, 50_000);
    await recordDeveloperPayment(ctx, d.id, {
      bankTransactionId: bankId(),
      amountCents: 5_000,
      actorId: admin.id,
    });
    await expectAllInvariants(db);
    const before = (await walletOf(db, investors[0]!.id)).posted;

    const round = await runDueWork(ctx, new Date(), { demo: false });
    expect(round.leased).toBe(true);
    expect(round.revenuePaid).toBeGreaterThanOrEqual(1);
    expect(round.errors).toEqual([]);
    expect((await distribution(d.id)).status).toBe('paid');
    expect((await walletOf(db, investors[0]!.id)).posted - before).toBe(4_500);
    // A second round finds nothing more to pay for it.
    await runDueWork(ctx, new Date(), { demo: false });
    expect((await walletOf(db, investors[0]!.id)).posted - before).toBe(4_500);
    await expectAllInvariants(db);
  });

  it('holds the share of a deleted account in suspense, and its wallet gets nothing', async () => {
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000, 30_000] });
    const admin = await member(t, 'admin');
    const gone = investors[0]!;
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const goneBefore = (await walletOf(db, gone.id)).posted;
    const stayBefore = (await walletOf(db, investors[1]!.id)).posted;
    const suspenseBefore = await suspenseOf();
    const { distribution: d } = await verified(campaign, 400_000);
    // Pool 40,000; platform 4,000; investors 36,000 split 1:3.
    const res = await admin.client.post(`/api/backoffice/distributions/${d.id}/funding`, {
      bank_transaction_id: bankId(),
      amount_cents: 40_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', suspense_cents: 9_000, investor_count: 2 });
    expect((await walletOf(db, gone.id)).posted).toBe(goneBefore);
    expect((await walletOf(db, investors[1]!.id)).posted - stayBefore).toBe(27_000);
    expect((await suspenseOf()) - suspenseBefore).toBe(9_000);
    const [held] = await db
      .select()
      .from(revenuePayouts)
      .where(and(eq(revenuePayouts.distributionId, d.id), eq(revenuePayouts.userId, gone.id)));
    expect(held).toMatchObject({ amountCents: 9_000, toSuspense: true });
    await expectAllInvariants(db);
  });

  it('pays nothing and asks for nothing when a period earned nothing', async () => {
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000] });
    const admin = await member(t, 'admin');
    const before = (await walletOf(db, investors[0]!.id)).posted;
    const { distribution: d } = await verified(campaign, 0);
    expect(d).toMatchObject({ status: 'paid', poolCents: 0 });
    const res = await admin.client.post(`/api/backoffice/distributions/${d.id}/funding`, {
      bank_transaction_id: bankId(),
      amount_cents: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('distributionNotAwaitingFunds');
    expect(await payoutsOf(d.id)).toEqual([]);
    expect((await walletOf(db, investors[0]!.id)).posted).toBe(before);
    await expectAllInvariants(db);
  });

  it('carries a negative adjustment into the next distribution, never taking money back', async () => {
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000, 10_000] });
    const admin = await member(t, 'admin');
    const ids = investors.map((i) => i.id);
    const start = await wallets(ids);
    const fundAndPay = async (id: string, cents: number) => {
      const res = await admin.client.post(`/api/backoffice/distributions/${id}/funding`, {
        bank_transaction_id: bankId(),
        amount_cents: cents,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('paid');
    };

    const first = await verified(campaign, 1_000_000);
    await fundAndPay(first.distribution.id, 100_000);
    const afterFirst = await wallets(ids);
    expect(afterFirst.map((w, i) => w - start[i]!)).toEqual([45_000, 45_000]);

    // The first month is corrected down by €15,000: -150,000 due, nothing paid, all carried.
    const adjustment = await verified(campaign, -1_500_000, first.reportId);
    expect(adjustment.distribution).toMatchObject({
      status: 'paid',
      poolDueCents: -150_000,
      poolCents: 0,
      carriedOutCents: -150_000,
    });
    expect(await wallets(ids)).toEqual(afterFirst);
    await expectAllInvariants(db);

    // The next month's 200,000 due pays only what is left after the carried 150,000.
    const next = await verified(campaign, 2_000_000);
    expect(next.distribution).toMatchObject({
      carriedInCents: -150_000,
      poolCents: 50_000,
      carriedOutCents: 0,
    });
    await fundAndPay(next.distribution.id, 50_000);
    expect((await wallets(ids)).map((w, i) => w - afterFirst[i]!)).toEqual([22_500, 22_500]);
    await expectAllInvariants(db);
  });
});

describe('POST /api/backoffice/distributions/:id/funding', () => {
  it('refuses a wrong amount and a bank transaction already recorded, moving nothing', async () => {
    const admin = await member(t, 'admin');
    const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000] });
    const before = (await walletOf(db, investors[0]!.id)).posted;
    const one = (await verified(campaign, 100_000)).distribution;
    const two = (await verified(campaign, 200_000)).distribution;
    const url = (id: string) => `/api/backoffice/distributions/${id}/funding`;

    const wrong = await admin.client.post(url(one.id), {
      bank_transaction_id: bankId(),
      amount_cents: 9_999,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('fundingAmountMismatch');
    expect((await distribution(one.id)).status).toBe('awaiting_funds');
    expect(await revenueOf(campaign.id)).toBe(0);

    const bank = bankId();
    expect(
      (await admin.client.post(url(one.id), { bank_transaction_id: bank, amount_cents: 10_000 })).statusCode,
    ).toBe(200);
    const reused = await admin.client.post(url(two.id), { bank_transaction_id: bank, amount_cents: 20_000 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('depositAlreadyRecorded');
    expect((await distribution(two.id)).status).toBe('awaiting_funds');

    const twice = await admin.client.post(url(one.id), {
      bank_transaction_id: bankId(),
      amount_cents: 10_000,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('distributionNotAwaitingFunds');
    expect((await walletOf(db, investors[0]!.id)).posted - before).toBe(9_000);
    await expectAllInvariants(db);
  });

  it('is for admins only: a visitor gets 401, a member and a reviewer 403', async () => {
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    const { distribution: d } = await verified(campaign, 100_000);
    const body = { bank_transaction_id: bankId(), amount_cents: 10_000 };
    const url = `/api/backoffice/distributions/${d.id}/funding`;
    expect((await t.client().post(url, body)).statusCode).toBe(401);
    const plain = await registerUser(t);
    expect((await plain.client.post(url, body)).statusCode).toBe(403);
    expect((await plain.client.get('/api/backoffice/distributions/')).statusCode).toBe(403);
    const reviewer = await member(t, 'reviewer');
    expect((await reviewer.client.post(url, body)).statusCode).toBe(403);
    expect((await distribution(d.id)).status).toBe('awaiting_funds');
    expect(await revenueOf(campaign.id)).toBe(0);
  });
});

describe('GET /api/backoffice/distributions/', () => {
  it('lists distributions newest first with their campaign, filtered by status', async () => {
    const admin = await member(t, 'admin');
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    const older = (await verified(campaign, 100_000)).distribution;
    const newer = (await verified(campaign, 0)).distribution;

    const all = await admin.client.get('/api/backoffice/distributions/');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const ids = all.json().distributions.map((d: { id: string }) => d.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(all.json().distributions.find((d: { id: string }) => d.id === older.id)).toMatchObject({
      campaign: { id: campaign.id, slug: campaign.slug, title: campaign.title },
      status: 'awaiting_funds',
      pool_cents: 10_000,
    });

    const waiting = await admin.client.get('/api/backoffice/distributions/?status=awaiting_funds');
    const statuses = waiting.json().distributions.map((d: { status: string }) => d.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['awaiting_funds']));
    expect(waiting.json().distributions.some((d: { id: string }) => d.id === newer.id)).toBe(false);
    expect((await admin.client.get('/api/backoffice/distributions/?status=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/backoffice/distributions/ and demo rounds', () => {
  it('leaves demo distributions out unless asked, and then lists them after the real ones', async () => {
    const admin = await member(t, 'admin');
    const real = await launchedCampaign(ctx, { investments: [10_000] });
    const demo = await launchedCampaign(ctx, { investments: [10_000], currency: 'DEMO' });
    const realOne = (await verified(real.campaign, 100_000)).distribution;
    const demoOne = (await verified(demo.campaign, 100_000)).distribution;
    const list = async (query: string) => {
      const res = await admin.client.get(`/api/backoffice/distributions/${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().distributions as { id: string; currency: string }[];
    };

    const byDefault = await list('');
    expect(byDefault.map((d) => d.id)).toContain(realOne.id);
    expect(new Set(byDefault.map((d) => d.currency))).toEqual(new Set(['EUR']));
    expect((await list('?include_demo=false')).map((d) => d.id)).not.toContain(demoOne.id);

    const all = await list('?include_demo=true&status=awaiting_funds');
    const ids = all.map((d) => d.id);
    expect(ids).toContain(demoOne.id);
    // The demo one is newer, yet every real distribution comes before every demo one.
    const firstDemo = all.findIndex((d) => d.currency === 'DEMO');
    expect(all.slice(firstDemo).every((d) => d.currency === 'DEMO')).toBe(true);
    expect(ids.indexOf(realOne.id)).toBeLessThan(firstDemo);
    expect((await admin.client.get('/api/backoffice/distributions/?include_demo=1')).statusCode).toBe(400);
  });
});

describe('the revenue invariants', () => {
  it('are reported by GET /api/backoffice/invariants/, naming a payout changed by hand', async () => {
    const admin = await member(t, 'admin');
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000, 10_000] });
    const { distribution: d } = await verified(campaign, 100_000);
    await admin.client.post(`/api/backoffice/distributions/${d.id}/funding`, {
      bank_transaction_id: bankId(),
      amount_cents: 10_000,
    });
    const clean = await admin.client.get('/api/backoffice/invariants/');
    expect(clean.statusCode).toBe(200);
    expect(clean.json().revenue).toEqual({ ok: true, violations: [] });

    // A payout row inflated outside the rules: the split no longer adds up, nor matches its transfer.
    await db.execute(
      sql`update revenue_payouts set amount_cents = amount_cents + 1 where distribution_id = ${d.id}::uuid
          and user_id = (select min(user_id::text)::uuid from revenue_payouts where distribution_id = ${d.id}::uuid)`,
    );
    const broken = (await admin.client.get('/api/backoffice/invariants/')).json();
    expect(broken.revenue.ok).toBe(false);
    expect(broken.revenue.violations.join('\n')).toContain(
      `distribution ${d.id}: payouts and platform part sum to 10001`,
    );
    expect(broken.revenue.violations.join('\n')).toContain(`distribution ${d.id}: the payout of`);
    await db.execute(
      sql`update revenue_payouts set amount_cents = amount_cents - 1 where distribution_id = ${d.id}::uuid
          and user_id = (select min(user_id::text)::uuid from revenue_payouts where distribution_id = ${d.id}::uuid)`,
    );
    await expectAllInvariants(db);
  });
});

describe('one bank transaction pays for one thing: a deposit or a pool, never both', () => {
  const fundingUrl = (id: string) => `/api/backoffice/distributions/${id}/funding`;
  const refusal = {
    code: 'depositAlreadyRecorded',
    message: 'This bank transfer has already been recorded; nothing was credited again.',
    error_codes: { bank_transaction_id: 'depositAlreadyRecorded' },
  };

  async function depositor() {
    const m = await registerUser(t);
    const reference = (await m.client.get('/api/funds/deposit-instructions/')).json().reference as string;
    return { id: m.id, reference };
  }
  const deposit = (admin: Awaited<ReturnType<typeof member>>, reference: string, bank: string) =>
    admin.client.post('/api/backoffice/funds/deposits', {
      reference,
      amount: '100.00',
      bank_transaction_id: bank,
      value_date: '2026-03-02',
    });
  async function claimsOf(bank: string) {
    const result = await db.execute(
      sql`select used_for, deposit_id, distribution_id from bank_transactions where bank_transaction_id = ${bank}`,
    );
    return (result as unknown as { rows: Array<Record<string, string | null>> }).rows;
  }

  it('refuses a pool payment with the id of a recorded deposit, and moves nothing', async () => {
    const admin = await member(t, 'admin');
    const payer = await depositor();
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    const { distribution: d } = await verified(campaign, 100_000);
    const bank = bankId();
    const credited = await deposit(admin, payer.reference, bank);
    expect(credited.statusCode).toBe(201);

    const reused = await admin.client.post(fundingUrl(d.id), {
      bank_transaction_id: bank,
      amount_cents: 10_000,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject(refusal);
    expect((await distribution(d.id)).status).toBe('awaiting_funds');
    expect(await revenueOf(campaign.id)).toBe(0);
    await expect(
      recordDeveloperPayment(ctx, d.id, {
        bankTransactionId: ` ${bank} `,
        amountCents: 10_000,
        actorId: admin.id,
      }),
    ).rejects.toMatchObject({ code: 'depositAlreadyRecorded' });
    expect(await claimsOf(bank)).toEqual([
      { used_for: 'deposit', deposit_id: credited.json().id, distribution_id: null },
    ]);
    expect((await walletOf(db, payer.id)).posted).toBe(10_000);
    await expectAllInvariants(db);
  });

  it('refuses a deposit, by hand or from the CSV, with the id of a pool payment', async () => {
    const admin = await member(t, 'admin');
    const payer = await depositor();
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    const { distribution: d } = await verified(campaign, 100_000);
    const bank = bankId();
    expect(
      (await admin.client.post(fundingUrl(d.id), { bank_transaction_id: bank, amount_cents: 10_000 }))
        .statusCode,
    ).toBe(200);

    const reused = await deposit(admin, payer.reference, bank);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject(refusal);
    const csv = `date,amount,reference,bank_transaction_id,payer\n2026-03-02,100.00,${payer.reference},${bank},Dev`;
    const imported = await admin.client.post('/api/backoffice/funds/deposits/import', { csv });
    expect(imported.json()).toMatchObject({
      credited: 0,
      skipped: 1,
      rows: [{ row: 2, result: 'duplicate' }],
    });
    expect((await walletOf(db, payer.id)).posted).toBe(0);
    expect(await claimsOf(bank)).toEqual([
      { used_for: 'revenue_funding', deposit_id: null, distribution_id: d.id },
    ]);
    await expectAllInvariants(db);
  });

  it('lets exactly one of a deposit and a pool payment racing for one id win', async () => {
    const admin = await member(t, 'admin');
    const payer = await depositor();
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    let deposits = 0;
    let pools = 0;
    for (let round = 0; round < 4; round++) {
      const { distribution: d } = await verified(campaign, 100_000);
      const bank = bankId();
      const [asDeposit, asPool] = await Promise.all([
        deposit(admin, payer.reference, bank),
        admin.client.post(fundingUrl(d.id), { bank_transaction_id: bank, amount_cents: 10_000 }),
      ]);
      const won = [asDeposit.statusCode === 201, asPool.statusCode === 200];
      expect(won.filter(Boolean)).toHaveLength(1);
      const loser = won[0] ? asPool : asDeposit;
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toMatchObject(refusal);
      if (won[0]) deposits++;
      else pools++;
      expect((await distribution(d.id)).status).toBe(won[0] ? 'awaiting_funds' : 'paid');
      expect(await claimsOf(bank)).toEqual([
        won[0]
          ? { used_for: 'deposit', deposit_id: asDeposit.json().id, distribution_id: null }
          : { used_for: 'revenue_funding', deposit_id: null, distribution_id: d.id },
      ]);
    }
    expect((await walletOf(db, payer.id)).posted).toBe(deposits * 10_000);
    expect(deposits + pools).toBe(4);
    await expectAllInvariants(db);
  });
});
