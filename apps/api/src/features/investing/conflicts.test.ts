import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';
import { pitchAssignments, pitchEvents, pitches, pitchReviews } from '../../db/schema-pitches.ts';

// Conflicts of interest (ECSP Art 8, ADR 0031): staff who reviewed or decided a pitch cannot
// invest in its campaign; other staff and the studio's own people can, flagged, and the campaign
// page discloses the total of the flagged investments.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const invest = (client: TestClient, campaignId: string, cents: number) =>
  client.post(`/api/campaigns/${campaignId}/investments`, investBody(cents), { 'idempotency-key': newKey() });

async function pitch(values: Partial<typeof pitches.$inferInsert> = {}) {
  const [row] = await db()
    .insert(pitches)
    .values({
      name: 'Chiara Galli',
      email: `studio-${randomBytes(4).toString('hex')}@example.com`,
      projectName: 'Harbour Lights',
      productionBudgetCents: 10_000_000,
      platforms: ['PC'],
      expectedReleaseDate: '2027-06-01',
      lookingFor: ['funding'],
      pdfKey: `pitches/${randomBytes(6).toString('hex')}.pdf`,
      pdfBytes: 1000,
      status: 'approved',
      ...values,
    })
    .returning();
  return row!;
}

/** A live real-money campaign made from an approved pitch. */
async function campaignFromPitch(values: Partial<typeof pitches.$inferInsert> = {}) {
  const p = await pitch(values);
  const campaign = await insertCampaign(db(), { pitchId: p.id });
  return { pitch: p, campaign };
}

async function staffInvestor(role: 'admin' | 'reviewer') {
  const user = await readyInvestor(t, { cents: 500_000 });
  await db().update(users).set({ staffRole: role }).where(eq(users.id, user.id));
  return user;
}

async function flagOf(investmentId: string) {
  const [row] = await db()
    .select({ flag: investments.conflictOfInterest })
    .from(investments)
    .where(eq(investments.id, investmentId));
  return row?.flag;
}

describe('conflicts of interest', () => {
  it('refuses a reviewer who scored the pitch, with a translated reason, and moves no money', async () => {
    const reviewer = await staffInvestor('reviewer');
    const { pitch: p, campaign } = await campaignFromPitch();
    await db().insert(pitchAssignments).values({ pitchId: p.id, reviewerId: reviewer.id });
    await db().insert(pitchReviews).values({
      pitchId: p.id,
      reviewerId: reviewer.id,
      revision: 1,
      team: 4,
      game: 4,
      market: 3,
      budgetRealism: 4,
    });

    const res = await invest(reviewer.client, campaign.id, 10_000);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('conflictOfInterest');
    expect(res.json().message).toMatch(/reviewed or decided/);
    const italian = await reviewer.client.request('POST', `/api/campaigns/${campaign.id}/investments`, {
      body: investBody(10_000),
      headers: { 'idempotency-key': newKey(), 'accept-language': 'it' },
    });
    expect(italian.json().message).toMatch(/conflitti di interesse/);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.committedCents).toBe(0);
  });

  it('refuses a reviewer only assigned to the pitch, even before scoring it', async () => {
    const reviewer = await staffInvestor('reviewer');
    const { pitch: p, campaign } = await campaignFromPitch();
    await db().insert(pitchAssignments).values({ pitchId: p.id, reviewerId: reviewer.id });
    expect((await invest(reviewer.client, campaign.id, 10_000)).json().code).toBe('conflictOfInterest');
  });

  it('refuses the admin who decided the pitch, demo money included', async () => {
    const admin = await staffInvestor('admin');
    const { pitch: p, campaign } = await campaignFromPitch();
    await db()
      .insert(pitchEvents)
      .values({ pitchId: p.id, actorId: admin.id, fromStatus: 'in_review', toStatus: 'approved' });
    expect((await invest(admin.client, campaign.id, 10_000)).json().code).toBe('conflictOfInterest');

    const demoPitch = await pitch();
    const demo = await insertCampaign(db(), { pitchId: demoPitch.id, currency: 'DEMO' });
    await db()
      .insert(pitchEvents)
      .values({ pitchId: demoPitch.id, actorId: admin.id, fromStatus: 'in_review', toStatus: 'approved' });
    const res = await admin.client.post(
      `/api/campaigns/${demo.id}/investments`,
      investBody(10_000, { currency: 'DEMO' }),
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('conflictOfInterest');
  });

  it('lets staff who had no part in the pitch invest, flagged as staff', async () => {
    const reviewer = await staffInvestor('reviewer');
    const other = await staffInvestor('reviewer');
    const { pitch: p, campaign } = await campaignFromPitch();
    await db().insert(pitchAssignments).values({ pitchId: p.id, reviewerId: other.id });
    const res = await invest(reviewer.client, campaign.id, 10_000);
    expect(res.statusCode).toBe(201);
    expect(await flagOf(res.json().id)).toBe('staff');
  });

  it('flags the studio’s own people and discloses the flagged total on the campaign page', async () => {
    const studioEmail = `team-${randomBytes(4).toString('hex')}@farogames.example`;
    const author = await readyInvestor(t, { cents: 500_000 });
    const [authorRow] = await db().select().from(users).where(eq(users.id, author.id));
    const { campaign } = await campaignFromPitch({ email: authorRow!.email });
    await db().update(campaigns).set({ studioEmail }).where(eq(campaigns.id, campaign.id));
    const colleague = await readyInvestor(t, { cents: 500_000 });
    await db().update(users).set({ email: studioEmail.toUpperCase() }).where(eq(users.id, colleague.id));
    const staff = await staffInvestor('admin');
    const outsider = await readyInvestor(t, { cents: 500_000 });

    const byAuthor = await invest(author.client, campaign.id, 20_000);
    const byColleague = await invest(colleague.client, campaign.id, 30_000);
    const byStaff = await invest(staff.client, campaign.id, 7_500);
    const byOutsider = await invest(outsider.client, campaign.id, 40_000);
    for (const res of [byAuthor, byColleague, byStaff, byOutsider]) expect(res.statusCode).toBe(201);
    expect(await flagOf(byAuthor.json().id)).toBe('studio');
    expect(await flagOf(byColleague.json().id)).toBe('studio');
    expect(await flagOf(byOutsider.json().id)).toBeNull();

    const page = await t.client().get(`/api/campaigns/${campaign.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().conflicted_investments).toEqual({ count: 3, total_cents: 57_500 });
    expect(page.json().committed_cents).toBe(97_500);

    // A revoked investment is no longer part of the campaign, nor of the disclosure.
    expect((await author.client.post(`/api/investments/${byAuthor.json().id}/revoke`)).statusCode).toBe(200);
    const after = await t.client().get(`/api/campaigns/${campaign.slug}`);
    expect(after.json().conflicted_investments).toEqual({ count: 2, total_cents: 37_500 });
  });

  it('discloses nothing on a campaign without flagged investments', async () => {
    const { campaign } = await campaignFromPitch();
    const outsider = await readyInvestor(t, { cents: 500_000 });
    expect((await invest(outsider.client, campaign.id, 10_000)).statusCode).toBe(201);
    const page = await t.client().get(`/api/campaigns/${campaign.slug}`);
    expect(page.json().conflicted_investments).toEqual({ count: 0, total_cents: 0 });
  });
});
