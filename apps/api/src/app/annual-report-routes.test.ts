import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { campaignEvents, campaigns } from '../db/schema-campaigns.ts';
import { investments, investorProfiles } from '../db/schema-investing.ts';

// The annual report (ECSP Art 16, ADR 0031) as an admin downloads it: every real-money campaign
// funded in the year, its amount, its investors by country and class; nothing else, and no cell a
// spreadsheet would run as a formula.

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

const db = () => t.database.db;
let transferIds = 9_000_000;

async function fundedCampaign(values: {
  title: string;
  fundedAt: string;
  currency?: 'EUR' | 'DEMO';
  studio?: string;
  investments: Array<{ investorId: string; cents: number; status?: 'posted' | 'refunded' }>;
}) {
  const committed = values.investments
    .filter((i) => (i.status ?? 'posted') === 'posted')
    .reduce((sum, i) => sum + i.cents, 0);
  const [row] = await db()
    .insert(campaigns)
    .values({
      title: values.title,
      slug: `report-${randomBytes(4).toString('hex')}`,
      status: 'funded',
      currency: values.currency ?? 'EUR',
      platforms: ['PC'],
      goalCents: committed,
      maxCents: committed,
      committedCents: committed,
      revenueShareBps: 800,
      startsAt: new Date('2020-01-01T00:00:00Z'),
      deadlineAt: new Date(values.fundedAt),
      studioLegalName: values.studio ?? 'Faro Games S.r.l.',
    })
    .returning();
  const campaign = row!;
  await db()
    .insert(campaignEvents)
    .values({
      campaignId: campaign.id,
      fromStatus: 'closing',
      toStatus: 'funded',
      createdAt: new Date(values.fundedAt),
    });
  for (const inv of values.investments) {
    await db()
      .insert(investments)
      .values({
        campaignId: campaign.id,
        investorId: inv.investorId,
        amountCents: inv.cents,
        currency: campaign.currency,
        status: inv.status ?? 'posted',
        reserveTransferId: transferIds++,
        settleTransferId: transferIds++,
        reflectionEndsAt: new Date(values.fundedAt),
        acknowledgedAt: new Date(values.fundedAt),
      });
  }
  return campaign;
}

async function investor(investorClass: 'sophisticated' | 'non_sophisticated' | null, country?: string) {
  const user = await registerUser(t);
  const sophisticated =
    investorClass === 'sophisticated'
      ? { sophisticatedRequest: 'approved', sophisticatedValidUntil: new Date(Date.now() + 86_400_000) }
      : {};
  const residence = country ? { taxResidenceCountry: country, taxResidenceAt: new Date() } : {};
  if (investorClass)
    await db()
      .insert(investorProfiles)
      .values({ userId: user.id, investorClass, ...sophisticated, ...residence });
  return user.id;
}

const report = (year: unknown, client = admin.client) =>
  client.get(`/api/backoffice/reports/annual?year=${encodeURIComponent(String(year))}`);

describe('GET /api/backoffice/reports/annual', () => {
  it('lists the year’s funded campaigns with their investors by country and class', async () => {
    const expert = await investor('sophisticated', 'IT');
    const retail = await investor('non_sophisticated', 'DE');
    const unprofiled = await investor(null);
    const a = await fundedCampaign({
      title: '=HYPERLINK("http://evil.example","Harbour")',
      fundedAt: '2025-03-10T12:00:00Z',
      studio: '+Faro, Games',
      investments: [
        { investorId: expert, cents: 100_000 },
        { investorId: retail, cents: 10_000 },
        { investorId: retail, cents: 20_000 },
        { investorId: unprofiled, cents: 20_000 },
        { investorId: unprofiled, cents: 5_000, status: 'refunded' },
      ],
    });
    const b = await fundedCampaign({
      title: 'Lantern Keeper',
      fundedAt: '2025-12-31T23:59:00Z',
      investments: [{ investorId: retail, cents: 50_000 }],
    });
    // Not in 2025: funded a minute before the year began, or with virtual money.
    await fundedCampaign({
      title: 'Early Bird',
      fundedAt: '2024-12-31T23:59:00Z',
      investments: [{ investorId: expert, cents: 70_000 }],
    });
    await fundedCampaign({
      title: 'Demo Dash',
      fundedAt: '2025-06-01T00:00:00Z',
      currency: 'DEMO',
      investments: [{ investorId: expert, cents: 70_000 }],
    });

    const res = await report(2025);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=indiesplit-annual-report-2025.csv');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFyear,campaign,slug,studio,funded_on,amount_raised_eur,investor_country,investor_class,investors,invested_eur',
      `2025,"'=HYPERLINK(""http://evil.example"",""Harbour"")",${a.slug},"'+Faro, Games",2025-03-10,1500.00,DE,non_sophisticated,1,300.00`,
      `2025,"'=HYPERLINK(""http://evil.example"",""Harbour"")",${a.slug},"'+Faro, Games",2025-03-10,1500.00,IT,sophisticated,1,1000.00`,
      // No tax residence given: counted as unknown.
      `2025,"'=HYPERLINK(""http://evil.example"",""Harbour"")",${a.slug},"'+Faro, Games",2025-03-10,1500.00,unknown,non_sophisticated,1,200.00`,
      `2025,Lantern Keeper,${b.slug},Faro Games S.r.l.,2025-12-31,500.00,DE,non_sophisticated,1,500.00`,
      '',
    ]);

    const earlier = await report(2024);
    expect(earlier.body.split('\r\n')).toHaveLength(3);
    expect(earlier.body).toContain('Early Bird');
    const empty = await report(2023);
    expect(empty.body).toBe(
      '\uFEFFyear,campaign,slug,studio,funded_on,amount_raised_eur,investor_country,investor_class,investors,invested_eur\r\n',
    );
  });

  it('is for admins only and refuses a year that is not one, translated', async () => {
    expect((await report(2025, t.client())).statusCode).toBe(401);
    const reviewer = await member(t, 'reviewer');
    const asReviewer = await report(2025, reviewer.client);
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json().code).toBe('adminOnly');
    const plain = await member(t);
    expect((await report(2025, plain.client)).statusCode).toBe(403);

    for (const year of ['twenty', '1999', '2025.5', '']) {
      const res = await report(year);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({ year: 'reportYearInvalid' });
    }
    const italian = await admin.client.request('GET', '/api/backoffice/reports/annual?year=1999', {
      headers: { 'accept-language': 'it' },
    });
    expect(italian.json().message).toBe('Scegli un anno dal 2020 in poi.');
  });
});
