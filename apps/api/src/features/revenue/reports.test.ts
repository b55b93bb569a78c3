import { randomUUID } from 'node:crypto';
import { STATEMENT_MAX_BYTES } from '@indiesplit/shared/revenue';
import { parseRevenueCsv } from '@indiesplit/shared/revenue-csv';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { expectAllInvariants, newCampaign, useTestApp } from '../../../test/fixtures/settlement.ts';
import { onPostgres, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { revenueDistributions, revenueReports } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { translate } from '../../platform/i18n.ts';

// The revenue reports through HTTP: who may file, what a report may say, the back office's review
// and the distribution a verification creates. Periods are chosen in the past of any day these
// tests run on (the campaigns launched in 2025), except where "not over yet" is the point.

let t: TestApp;
let db: Db;
let ctx: AppContext;
let admin: Awaited<ReturnType<typeof member>>;

useTestApp((env) => {
  ({ t, db, ctx } = env);
});
beforeAll(async () => {
  admin = await member(t, 'admin');
});

type Line = {
  store: string;
  gross_cents: number;
  store_fees_cents: number;
  refunds_cents: number;
  taxes_cents: number;
};

const line = (store: string, gross: number, fees = 0, refunds = 0, taxes = 0): Line => ({
  store,
  gross_cents: gross,
  store_fees_cents: fees,
  refunds_cents: refunds,
  taxes_cents: taxes,
});

const month = (period_start: string, lines: Line[] = [line('steam', 100_000)]) => ({
  period_kind: 'month',
  period_start,
  lines,
});
const quarter = (period_start: string, lines: Line[] = [line('steam', 100_000)]) => ({
  period_kind: 'quarter',
  period_start,
  lines,
});

/** A developer (logged in) with a launched campaign funded by two investors. */
async function setup(spec: { launchedOn?: string; currency?: 'EUR' | 'DEMO'; notLaunched?: boolean } = {}) {
  const dev = await registerUser(t, { user_types: ['developer'] });
  const launched = await launchedCampaign(ctx, {
    investments: [60_000, 40_000],
    launchedOn: spec.launchedOn ?? '2025-06-10',
    currency: spec.currency,
    notLaunched: spec.notLaunched,
    developerId: dev.id,
  });
  return { dev: dev.client, devId: dev.id, devEmail: dev.payload.email, campaign: launched.campaign };
}

const file = (client: TestClient, campaignId: string, body: unknown) =>
  client.post(`/api/my-campaigns/${campaignId}/revenue-reports`, body);
const edit = (client: TestClient, reportId: string, body: unknown) =>
  client.request('PUT', `/api/revenue-reports/${reportId}`, { body });
const verify = (client: TestClient, reportId: string) =>
  client.post(`/api/backoffice/revenue-reports/${reportId}/verify`);

function multipart(field: string, fileName: string, type: string, data: Buffer) {
  const boundary = `----report${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (client: TestClient, reportId: string, fileName: string, type: string, data: Buffer) =>
  client.request(
    'POST',
    `/api/revenue-reports/${reportId}/statement`,
    multipart('statement', fileName, type, data),
  );

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('1 0 obj << >> endobj\n%%EOF\n')]);
// A Windows program: "MZ", then the DOS header full of zero bytes.
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(64),
  Buffer.from('This program cannot be run in DOS mode'),
]);

async function storedReport(id: string) {
  const [row] = await db.select().from(revenueReports).where(eq(revenueReports.id, id));
  return row;
}

describe('filing reports', () => {
  it('lets the developer file a monthly and a quarterly report, with totals summed from the lines', async () => {
    const { dev, campaign } = await setup();
    const monthly = await file(
      dev,
      campaign.id,
      month('2025-07-01', [
        line('steam', 125_050, 37_515, 2_000, 10_005),
        line('xbox', 50_000, 15_000, 0, 5_000),
      ]),
    );
    expect(monthly.statusCode).toBe(201);
    expect(monthly.json()).toMatchObject({
      campaign: { id: campaign.id, title: campaign.title },
      kind: 'regular',
      adjusts_report_id: null,
      period_kind: 'month',
      period_start: '2025-07-01',
      period_end: '2025-07-31',
      currency: 'EUR',
      status: 'submitted',
      gross_cents: 175_050,
      store_fees_cents: 52_515,
      refunds_cents: 2_000,
      taxes_cents: 15_005,
      net_cents: 105_530,
      distribution: null,
      statement_name: null,
    });
    expect(monthly.json().lines).toEqual([
      line('steam', 125_050, 37_515, 2_000, 10_005),
      line('xbox', 50_000, 15_000, 0, 5_000),
    ]);

    const quarterly = await file(dev, campaign.id, quarter('2025-10-01'));
    expect(quarterly.statusCode).toBe(201);
    expect(quarterly.json()).toMatchObject({
      period_kind: 'quarter',
      period_end: '2025-12-31',
      net_cents: 100_000,
    });

    const list = await dev.get(`/api/my-campaigns/${campaign.id}/revenue-reports/`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json().reports.map((r: { period_start: string }) => r.period_start)).toEqual([
      '2025-10-01',
      '2025-07-01',
    ]);
    expect(list.json().campaign).toMatchObject({
      id: campaign.id,
      launched_on: '2025-06-10',
      term_ends_on: '2028-06-09',
      can_report: true,
      // June 2025 (the launch month) has no report, and its due day has long passed.
      report_due: { period_start: '2025-06-01', period_end: '2025-06-30', due_on: '2025-07-15' },
    });
    const one = await dev.get(`/api/revenue-reports/${monthly.json().id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(monthly.json());
  });

  it('lists the developer’s own campaigns only, with the first month still due', async () => {
    const { dev, devId, campaign } = await setup();
    const notLaunched = await launchedCampaign(ctx, {
      investments: [50_000],
      developerId: devId,
      notLaunched: true,
    });
    await launchedCampaign(ctx, { investments: [50_000] });
    expect((await file(dev, campaign.id, month('2025-06-01'))).statusCode).toBe(201);

    const res = await dev.get('/api/my-campaigns/');
    expect(res.statusCode).toBe(200);
    const campaigns = res.json().campaigns as Array<Record<string, unknown>>;
    expect(campaigns.map((c) => c.id).sort()).toEqual([campaign.id, notLaunched.campaign.id].sort());
    expect(campaigns.find((c) => c.id === campaign.id)).toMatchObject({
      status: 'launched',
      revenue_share_bps: 1000,
      platform_share_bps: 1000,
      term_months: 36,
      can_report: true,
      report_due: { period_start: '2025-07-01', period_end: '2025-07-31', due_on: '2025-08-15' },
    });
    expect(campaigns.find((c) => c.id === notLaunched.campaign.id)).toMatchObject({
      status: 'services_active',
      launched_on: null,
      term_ends_on: null,
      report_due: null,
      can_report: false,
    });
    expect((await t.client().get('/api/my-campaigns/')).statusCode).toBe(401);
  });

  it('lists a live round with its figures beside the funded ones, but never a draft', async () => {
    const { dev, devId, campaign } = await setup();
    const deadline = new Date(Date.now() + 10 * 86_400_000);
    const live = await newCampaign(ctx.db, {
      developerId: devId,
      goalCents: 300_000,
      maxCents: 450_000,
      deadlineAt: deadline,
    });
    const draft = await newCampaign(ctx.db, { developerId: devId, status: 'draft' });

    const campaigns = (await dev.get('/api/my-campaigns/')).json().campaigns as Array<
      Record<string, unknown>
    >;
    const ids = campaigns.map((c) => c.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(campaigns.find((c) => c.id === live.id)).toMatchObject({
      status: 'live',
      goal_cents: 300_000,
      committed_cents: 0,
      investor_count: 0,
      deadline_at: deadline.toISOString(),
      can_report: false,
      report_due: null,
    });
    // The funded one carries what its two investors put in.
    expect(campaigns.find((c) => c.id === campaign.id)).toMatchObject({
      committed_cents: 100_000,
      investor_count: 2,
    });
  });

  it('files a report from an imported CSV file', async () => {
    const { dev, campaign } = await setup();
    const parsed = parseRevenueCsv(
      'Store;Gross;Store_Fees;Refunds;Taxes\r\nSteam;"1.250,50";375,15;20;100,05\r\nPlayStation;800;240;0;0\r\n',
    );
    if (!parsed.ok) throw new Error('the CSV should parse');
    const res = await file(dev, campaign.id, {
      period_kind: 'month',
      period_start: '2025-09-01',
      lines: parsed.lines,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ gross_cents: 205_050, store_fees_cents: 61_515, net_cents: 131_530 });
  });

  it('files the same report from an Italian and an English CSV, and refuses an ambiguous amount by line', async () => {
    const { dev, campaign } = await setup();
    const italian = parseRevenueCsv(
      'store;gross;store_fees;refunds;taxes\nsteam;"1.250,00";375,5;0;"1.000,25"\n',
    );
    const english = parseRevenueCsv(
      'store,gross,store_fees,refunds,taxes\nsteam,"1,250.00",375.5,0,"1,000.25"\n',
    );
    expect(italian).toEqual(english);
    if (!italian.ok) throw new Error('the CSV should parse');
    const res = await file(dev, campaign.id, {
      period_kind: 'month',
      period_start: '2025-10-01',
      lines: italian.lines,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      gross_cents: 125_000,
      store_fees_cents: 37_550,
      taxes_cents: 100_025,
    });

    const ambiguous = parseRevenueCsv(
      'store,gross,store_fees,refunds,taxes\nsteam,1250,0,0,0\nxbox,"1,250",0,0,0\n',
    );
    expect(ambiguous).toEqual({ ok: false, code: 'csvAmountAmbiguous', row: 3 });
    expect(translate('it', 'csvAmountAmbiguous')).toContain('1.250,00 o 1,250.00');
  });

  it('lets an admin file for the developer, and refuses strangers and visitors', async () => {
    const { dev, campaign } = await setup();
    const byAdmin = await file(admin.client, campaign.id, month('2025-07-01'));
    expect(byAdmin.statusCode).toBe(201);
    const reportId = byAdmin.json().id;
    expect((await dev.get(`/api/revenue-reports/${reportId}`)).statusCode).toBe(200);

    const stranger = (await registerUser(t, { user_types: ['developer'] })).client;
    for (const res of [
      await file(stranger, campaign.id, month('2025-08-01')),
      // Refused as a stranger even with a body that would not validate.
      await file(stranger, campaign.id, { period_kind: 'year' }),
      await stranger.get(`/api/my-campaigns/${campaign.id}/revenue-reports/`),
      await stranger.get(`/api/revenue-reports/${reportId}`),
      await edit(stranger, reportId, month('2025-07-01')),
      await upload(stranger, reportId, 'statement.pdf', 'application/pdf', PDF),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('notCampaignDeveloper');
    }
    const visitor = t.client();
    expect((await file(visitor, campaign.id, month('2025-08-01'))).statusCode).toBe(401);
    expect((await visitor.get(`/api/revenue-reports/${reportId}`)).statusCode).toBe(401);
    expect((await dev.get(`/api/revenue-reports/${randomUUID()}`)).statusCode).toBe(404);
    expect((await dev.get('/api/revenue-reports/not-an-id')).statusCode).toBe(404);
    expect((await file(dev, randomUUID(), month('2025-08-01'))).statusCode).toBe(404);
    // A developer cannot verify their own report.
    const own = await verify(dev, reportId);
    expect(own.statusCode).toBe(403);
    expect((await storedReport(reportId))?.status).toBe('submitted');
  });

  it('refuses overlapping regular reports, a month inside a filed quarter included', async () => {
    const { dev, campaign } = await setup();
    expect((await file(dev, campaign.id, quarter('2025-07-01'))).statusCode).toBe(201);
    for (const body of [month('2025-08-01'), quarter('2025-07-01'), month('2025-09-01')]) {
      const res = await file(dev, campaign.id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'reportOverlaps',
        error_codes: { period_start: 'reportOverlaps' },
      });
    }
    expect((await file(dev, campaign.id, month('2025-10-01'))).statusCode).toBe(201);
    const res = await file(dev, campaign.id, quarter('2025-10-01'));
    expect(res.statusCode).toBe(409);
    // A returned report still holds its period: the developer edits it instead.
    const returned = await file(dev, campaign.id, month('2025-06-01'));
    await admin.client.post(`/api/backoffice/revenue-reports/${returned.json().id}/return`, {
      comment: 'Fees?',
    });
    expect((await file(dev, campaign.id, month('2025-06-01'))).json().code).toBe('reportOverlaps');
  });

  it.runIf(onPostgres)('lets exactly one of two concurrent filings for the same month through', async () => {
    const { dev, campaign } = await setup();
    const results = await Promise.all([
      file(dev, campaign.id, month('2025-11-01')),
      file(admin.client, campaign.id, month('2025-11-01', [line('epic', 5_000)])),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await db.select().from(revenueReports).where(eq(revenueReports.campaignId, campaign.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses periods that do not start a month or quarter, lie outside the term or are not over', async () => {
    const { dev, campaign } = await setup({ launchedOn: '2022-03-10' });
    const expectRefused = async (body: unknown, code: string, status = 422) => {
      const res = await file(dev, campaign.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
      return res;
    };
    const invalid = await expectRefused(month('2022-05-15'), 'reportPeriodInvalid');
    expect(invalid.json().error_codes).toEqual({ period_start: 'reportPeriodInvalid' });
    await expectRefused(quarter('2022-05-01'), 'reportPeriodInvalid');
    // Before the launch month, and after the term (launch 2022-03-10 + 36 months - 1 day = 2025-03-09).
    await expectRefused(month('2022-02-01'), 'reportOutsideTerm');
    await expectRefused(quarter('2021-10-01'), 'reportOutsideTerm');
    await expectRefused(month('2025-04-01'), 'reportOutsideTerm');
    // The launch month and the term's last month are inside it.
    expect((await file(dev, campaign.id, month('2022-03-01'))).statusCode).toBe(201);
    expect((await file(dev, campaign.id, month('2025-03-01'))).statusCode).toBe(201);
    await expectRefused(month('2022-04-01', [line('steam', 1), line('steam', 2)]), 'reportDuplicateStore');
    await expectRefused(month('2022-04-01', [line('steam', 100, -1)]), 'reportNegativeAmount');
    await expectRefused({ ...month('2022-04-01'), lines: [] }, 'invalidValue', 400);
    await expectRefused(
      { ...month('2022-04-01'), adjusts_report_id: randomUUID() },
      'adjustmentTargetInvalid',
    );
    expect(
      await db.select().from(revenueReports).where(eq(revenueReports.campaignId, campaign.id)),
    ).toHaveLength(2);
  });

  it('refuses a euro report for a month that is not over, and a campaign that has not launched', async () => {
    const { dev, campaign } = await setup();
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    const res = await file(dev, campaign.id, month(thisMonth));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'reportPeriodNotOver',
      error_codes: { period_start: 'reportPeriodNotOver' },
    });

    const pending = await setup({ notLaunched: true });
    const early = await file(pending.dev, pending.campaign.id, month('2025-07-01'));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('campaignNotLaunched');
  });
});

describe('review', () => {
  it('lists demo reports only when asked, and then after the real ones', async () => {
    const real = await setup();
    const realId = (
      await file(real.dev, real.campaign.id, month('2025-08-01', [line('steam', 150_000, 45_000, 5_000)]))
    ).json().id;
    const demo = await setup({ currency: 'DEMO' });
    const demoFiled = await file(
      demo.dev,
      demo.campaign.id,
      month('2025-08-01', [line('steam', 150_000, 45_000, 5_000)]),
    );
    expect(demoFiled.statusCode).toBe(201);
    const demoId = demoFiled.json().id;
    const list = async (query: string) => {
      const res = await admin.client.get(`/api/backoffice/revenue-reports/?status=submitted${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().reports as { id: string; currency: string }[];
    };

    const byDefault = await list('');
    expect(byDefault.map((r) => r.id)).toContain(realId);
    expect(byDefault.map((r) => r.id)).not.toContain(demoId);
    expect(byDefault.every((r) => r.currency === 'EUR')).toBe(true);

    const all = await list('&include_demo=true');
    const firstDemo = all.findIndex((r) => r.currency === 'DEMO');
    expect(all[firstDemo]?.id).toBe(demoId);
    // Filed last, yet after every real report.
    expect(all.slice(firstDemo).every((r) => r.currency === 'DEMO')).toBe(true);
    expect(all.map((r) => r.id).indexOf(realId)).toBeLessThan(firstDemo);
  });

  it('returns, edits, resubmits and verifies a report into a distribution of the right pool', async () => {
    const { dev, devEmail, campaign } = await setup();
    const filed = await file(dev, campaign.id, month('2025-08-01', [line('steam', 150_000, 45_000, 5_000)]));
    const id = filed.json().id;

    const blank = await admin.client.post(`/api/backoffice/revenue-reports/${id}/return`, { comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'reviewCommentRequired',
      error_codes: { comment: 'reviewCommentRequired' },
    });
    const byDev = await dev.post(`/api/backoffice/revenue-reports/${id}/return`, { comment: 'x' });
    expect(byDev.statusCode).toBe(403);

    const submittedList = await admin.client.get('/api/backoffice/revenue-reports/?status=submitted');
    expect(submittedList.statusCode).toBe(200);
    expect(submittedList.json().reports.find((r: { id: string }) => r.id === id)).toMatchObject({
      campaign: { title: campaign.title },
    });

    const returned = await admin.client.post(`/api/backoffice/revenue-reports/${id}/return`, {
      comment: 'The refunds look too low: attach the Steam statement.',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({
      status: 'returned',
      review_comment: 'The refunds look too low: attach the Steam statement.',
    });
    const notSubmitted = await verify(admin.client, id);
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().code).toBe('reportNotSubmitted');
    const returnedList = await admin.client.get('/api/backoffice/revenue-reports/?status=returned');
    expect(returnedList.json().reports.map((r: { id: string }) => r.id)).toContain(id);

    // Edited: a new period is fine, the kind cannot change, the comment is gone.
    const edited = await edit(dev, id, {
      kind: 'adjustment',
      period_kind: 'month',
      period_start: '2025-09-01',
      lines: [line('steam', 150_000, 45_000, 5_000), line('epic', 10_000, 2_000, 0, 3_000)],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      kind: 'regular',
      status: 'submitted',
      review_comment: null,
      period_start: '2025-09-01',
      net_cents: 105_000,
    });

    const verified = await verify(admin.client, id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', net_cents: 105_000 });
    expect(verified.json().verified_at).toEqual(expect.any(String));
    expect(verified.json().distribution).toMatchObject({
      report_id: id,
      sequence: 1,
      share_bps: 1000,
      platform_share_bps: 1000,
      net_cents: 105_000,
      pool_cents: 10_500,
      platform_cents: 1_050,
      investors_cents: 9_450,
      status: 'awaiting_funds',
    });
    // The developer is told, with the period and the pool their investors are owed.
    const [told, ...more] = (await t.mailbox(devEmail)).filter((m) => m.subject.includes('is verified'));
    expect(more).toEqual([]);
    expect(told!.subject).toBe(`Your sales report for “${campaign.title}” is verified`);
    expect(told!.text).toContain('your sales report for September 2025');
    expect(told!.text).toContain('an investors’ pool of €105.00');
    const again = await verify(admin.client, id);
    expect(again.statusCode).toBe(409);
    expect(
      await db.select().from(revenueDistributions).where(eq(revenueDistributions.reportId, id)),
    ).toHaveLength(1);
    expect((await dev.get(`/api/revenue-reports/${id}`)).json().distribution.pool_cents).toBe(10_500);
    await expectAllInvariants(db);
  });

  it('refuses to verify or send back figures or a statement changed since the admin opened the report', async () => {
    const { dev, campaign } = await setup();
    const id = (await file(dev, campaign.id, month('2025-10-01', [line('steam', 1_000_000)]))).json().id;
    const seen = (await admin.client.get('/api/backoffice/revenue-reports/?status=submitted'))
      .json()
      .reports.find((r: { id: string }) => r.id === id);
    expect(seen).toMatchObject({ net_cents: 1_000_000, updated_at: expect.any(String) });

    // The developer lowers the figures, then uploads a matching statement, while the admin looks.
    expect((await edit(dev, id, month('2025-10-01', [line('steam', 100_000)]))).statusCode).toBe(200);
    const changed = (await dev.get(`/api/revenue-reports/${id}`)).json();
    expect(changed.updated_at).not.toBe(seen.updated_at);
    for (const res of [
      await admin.client.post(`/api/backoffice/revenue-reports/${id}/verify`, {
        updated_at: seen.updated_at,
      }),
      await admin.client.post(`/api/backoffice/revenue-reports/${id}/return`, {
        comment: 'Please explain.',
        updated_at: seen.updated_at,
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'reportChangedSinceViewed',
        message:
          'The developer changed this report after you opened it. Look at the new figures and statement, then decide again.',
      });
    }
    expect((await storedReport(id))?.status).toBe('submitted');
    expect(await db.select().from(revenueDistributions).where(eq(revenueDistributions.reportId, id))).toEqual(
      [],
    );

    expect((await upload(dev, id, 'oct.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
    const withFile = (await dev.get(`/api/revenue-reports/${id}`)).json();
    const stale = await admin.client.post(`/api/backoffice/revenue-reports/${id}/verify`, {
      updated_at: changed.updated_at,
    });
    expect(stale.json().code).toBe('reportChangedSinceViewed');

    // Verified as now seen: the pool is of the figures the admin looked at.
    const ok = await admin.client.post(`/api/backoffice/revenue-reports/${id}/verify`, {
      updated_at: withFile.updated_at,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().distribution).toMatchObject({ net_cents: 100_000, pool_cents: 10_000 });
  });

  it('splits a net of 100000 cents at a 10% share into a pool of 10000: 1000 platform, 9000 investors', async () => {
    const { dev, campaign } = await setup();
    const filed = await file(dev, campaign.id, month('2025-07-01', [line('playstation', 100_000)]));
    const verified = await verify(admin.client, filed.json().id);
    expect(verified.json().distribution).toMatchObject({
      pool_due_cents: 10_000,
      pool_cents: 10_000,
      platform_cents: 1_000,
      investors_cents: 9_000,
      carried_in_cents: 0,
      carried_out_cents: 0,
    });
  });

  it('verifies a zero-revenue report into a paid distribution of nothing', async () => {
    const { dev, campaign } = await setup();
    const filed = await file(dev, campaign.id, month('2025-07-01', [line('steam', 0)]));
    expect(filed.statusCode).toBe(201);
    const verified = await verify(admin.client, filed.json().id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().distribution).toMatchObject({ pool_cents: 0, status: 'paid', investors_cents: 0 });
    expect(verified.json().distribution.paid_at).toEqual(expect.any(String));
    await expectAllInvariants(db);
  });

  it('never edits a verified report, and takes an adjustment with negative figures for its period', async () => {
    const { dev, campaign } = await setup();
    const filed = await file(dev, campaign.id, month('2025-07-01', [line('steam', 100_000)]));
    const id = filed.json().id;
    expect((await upload(dev, id, 's.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
    expect((await verify(admin.client, id)).statusCode).toBe(200);

    for (const res of [
      await edit(dev, id, month('2025-07-01', [line('steam', 1)])),
      await edit(admin.client, id, month('2025-07-01', [line('steam', 1)])),
      await upload(dev, id, 'other.pdf', 'application/pdf', PDF),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('reportLocked');
    }
    // A second regular report for the month is an overlap; the correction is an adjustment.
    expect((await file(dev, campaign.id, month('2025-07-01'))).json().code).toBe('reportOverlaps');
    const wrongPeriod = await file(dev, campaign.id, {
      kind: 'adjustment',
      adjusts_report_id: id,
      ...month('2025-08-01', [line('steam', -20_000)]),
    });
    expect(wrongPeriod.statusCode).toBe(422);
    expect(wrongPeriod.json().error_codes).toEqual({ adjusts_report_id: 'adjustmentTargetInvalid' });
    const noTarget = await file(dev, campaign.id, {
      kind: 'adjustment',
      ...month('2025-07-01', [line('steam', -1)]),
    });
    expect(noTarget.json().code).toBe('adjustmentTargetInvalid');

    const adjustment = await file(dev, campaign.id, {
      kind: 'adjustment',
      adjusts_report_id: id,
      ...month('2025-07-01', [line('steam', -20_000, -6_000)]),
    });
    expect(adjustment.statusCode).toBe(201);
    expect(adjustment.json()).toMatchObject({
      kind: 'adjustment',
      adjusts_report_id: id,
      period_start: '2025-07-01',
      gross_cents: -20_000,
      store_fees_cents: -6_000,
      net_cents: -14_000,
    });
    // An adjustment cannot itself be adjusted.
    const adjustId = adjustment.json().id;
    const verifiedAdjustment = await verify(admin.client, adjustId);
    expect(verifiedAdjustment.json().distribution).toMatchObject({
      sequence: 2,
      pool_due_cents: -1_400,
      pool_cents: 0,
      carried_out_cents: -1_400,
      status: 'paid',
    });
    const onAdjustment = await file(dev, campaign.id, {
      kind: 'adjustment',
      adjusts_report_id: adjustId,
      ...month('2025-07-01', [line('steam', -1)]),
    });
    expect(onAdjustment.json().code).toBe('adjustmentTargetInvalid');
    await expectAllInvariants(db);
  });
});

describe('statements', () => {
  it('stores a statement checked by its content and serves it as a private attachment', async () => {
    const { dev, campaign } = await setup();
    const id = (await file(dev, campaign.id, month('2025-07-01'))).json().id;

    const res = await upload(dev, id, '../Steam July (2025).pdf', 'application/pdf', PDF);
    expect(res.statusCode).toBe(200);
    expect(res.json().statement_name).toBe('Steam_July_2025_.pdf');
    const first = await storedReport(id);
    expect(first?.statementKey).toMatch(/^revenue-statements\/[0-9a-f-]{36}\.pdf$/);

    for (const client of [dev, admin.client]) {
      const download = await client.get(`/api/revenue-reports/${id}/statement`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe('attachment; filename=Steam_July_2025_.pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect(download.rawPayload.equals(PDF)).toBe(true);
    }
    const stranger = (await registerUser(t)).client;
    const refused = await stranger.get(`/api/revenue-reports/${id}/statement`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('%PDF');
    expect((await t.client().get(`/api/revenue-reports/${id}/statement`)).statusCode).toBe(401);

    // Replaced by a CSV sent as "application/octet-stream" from a file named .html: the content decides.
    const csv = Buffer.from('store,gross,store_fees,refunds,taxes\nsteam,1000,300,0,0\n');
    const replaced = await upload(admin.client, id, 'sales.html', 'application/octet-stream', csv);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().statement_name).toBe('sales.html.csv');
    expect(await ctx.storage.get(first!.statementKey!)).toBeNull();
    const download = await dev.get(`/api/revenue-reports/${id}/statement`);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.headers['content-disposition']).toBe('attachment; filename=sales.html.csv');
    expect(download.body).toBe(csv.toString());
  });

  it('takes statements above the app’s 5 MB upload default up to 10 MB, and refuses larger ones', async () => {
    const { dev, campaign } = await setup();
    const id = (await file(dev, campaign.id, month('2025-07-01'))).json().id;
    const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);
    const six = await upload(dev, id, 'big.pdf', 'application/pdf', pdfOf(6 * 1024 * 1024));
    expect(six.statusCode).toBe(200);
    const tooBig = await upload(dev, id, 'huge.pdf', 'application/pdf', pdfOf(STATEMENT_MAX_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('statementTypeInvalid');
    expect(six.json().statement_name).toBe('big.pdf');
    expect((await dev.get(`/api/revenue-reports/${id}`)).json().statement_name).toBe('big.pdf');
  });

  it('refuses a program renamed .pdf, a missing file and a report without a statement', async () => {
    const { dev, campaign } = await setup();
    const id = (await file(dev, campaign.id, month('2025-07-01'))).json().id;
    const fake = await upload(dev, id, 'statement.pdf', 'application/pdf', EXE);
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({
      code: 'statementTypeInvalid',
      error_codes: { statement: 'statementTypeInvalid' },
    });
    const notUtf8 = await upload(
      dev,
      id,
      'sales.csv',
      'text/csv',
      Buffer.from([0x73, 0x74, 0xff, 0xfe, 0x0a]),
    );
    expect(notUtf8.statusCode).toBe(422);
    const wrongField = await dev.request(
      'POST',
      `/api/revenue-reports/${id}/statement`,
      multipart('file', 'statement.pdf', 'application/pdf', PDF),
    );
    expect(wrongField.statusCode).toBe(400);
    expect((await storedReport(id))?.statementKey).toBeNull();
    expect((await dev.get(`/api/revenue-reports/${id}/statement`)).statusCode).toBe(404);
  });
});
