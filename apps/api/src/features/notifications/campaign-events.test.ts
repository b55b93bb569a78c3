import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { verifyStudio } from '../../../test/fixtures/kyb.ts';
import {
  createTestApp,
  onPostgres,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { campaignMilestones, notifications } from '../../db/schema-notifications.ts';
import { moveCampaignStatus } from '../campaigns/commands/move-campaign-status.ts';
import * as settlement from '../settlement/service.ts';
import { runDigests } from './digest.ts';

// What a campaign's life tells its investors and followers (ADR 0037): passing half and all of its
// goal (once in its life, whatever the total does afterwards), the end of its offer (to followers;
// investors hear of it through their settlement), and its opening, whoever opens it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

interface Member {
  client: TestClient;
  id: string;
  payload: { email: string; username: string };
}

async function studioWithCampaign(values: Parameters<typeof insertCampaign>[1] = {}) {
  const studio = (await registerUser(t, { user_types: ['developer'] })) as Member;
  const campaign = await insertCampaign(db(), { developerId: studio.id, ...values });
  return { studio, campaign, slug: campaign.slug as string };
}

async function follower(slug: string, delivery?: { type: string; delivery: string }): Promise<Member> {
  const m = (await registerUser(t)) as Member;
  expect((await m.client.request('PUT', `/api/campaigns/${slug}/follow/`)).json()).toEqual({
    following: true,
  });
  if (delivery) {
    const res = await m.client.request('PUT', '/api/notifications/preferences/', {
      body: { preferences: [delivery] },
    });
    expect(res.statusCode).toBe(200);
  }
  return m;
}

async function invest(client: TestClient, campaignId: string, cents: number): Promise<string> {
  const res = await client.post(`/api/campaigns/${campaignId}/investments`, investBody(cents), {
    'idempotency-key': newKey(),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const investor = () => readyInvestor(t, { cents: 300_000 }) as Promise<Member>;

type Listed = {
  type: string;
  campaign: { slug: string; title: string } | null;
  data: Record<string, unknown>;
};

/** A member's notifications of one type, newest first, as the notification centre lists them. */
async function listed(m: Member, type: string): Promise<Listed[]> {
  const res = await m.client.get('/api/notifications/');
  expect(res.statusCode).toBe(200);
  return res.json().results.filter((n: Listed) => n.type === type);
}

/** A member's mail whose subject contains `text`. */
async function mailAbout(m: Member, text: string) {
  return (await t.mailbox(m.payload.email)).filter((mail) => mail.subject.includes(text));
}

describe('a campaign passing half and all of its goal', () => {
  it('tells its investors and followers once per milestone, by their preferences, naming no one and no amount', async () => {
    // Goal 5,000 euros.
    const { studio, campaign, slug } = await studioWithCampaign({ title: 'Lanternfall', goalCents: 500_000 });
    // The studio following its own campaign is not told of its own milestones.
    await studio.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    const now = await follower(slug);
    const daily = await follower(slug, { type: 'campaign_milestone', delivery: 'daily' });
    const off = await follower(slug, { type: 'campaign_milestone', delivery: 'off' });
    const stranger = (await registerUser(t)) as Member;
    const a = await investor();
    const b = await investor();

    await invest(a.client, campaign.id, 200_000); // 40 %: nothing yet
    expect(await listed(now, 'campaign_milestone')).toEqual([]);
    const bInvestment = await invest(b.client, campaign.id, 60_000); // 52 %

    const half = [
      { type: 'campaign_milestone', campaign: { slug, title: 'Lanternfall' }, data: { percent: 50 } },
    ];
    for (const m of [now, daily, off, a, b])
      expect(
        (await listed(m, 'campaign_milestone')).map(({ type, campaign, data }) => ({ type, campaign, data })),
      ).toEqual(half);
    expect(await listed(stranger, 'campaign_milestone')).toEqual([]);
    expect(await listed(studio, 'campaign_milestone')).toEqual([]);

    // Emails: at once for those who take it so (the investors by default), none on 'daily' or 'off'.
    const [mail, ...more] = await mailAbout(now, 'passed 50% of its goal');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Lanternfall passed 50% of its goal');
    expect(mail!.text).toContain(`/campaigns/${slug}`);
    // Nothing about anyone's money: no amount, no investor.
    expect(mail!.text).not.toMatch(/€|EUR|2,000|600/);
    expect(mail!.text).not.toContain(a.payload.username);
    expect(await mailAbout(a, 'passed 50%')).toHaveLength(1);
    expect(await mailAbout(b, 'passed 50%')).toHaveLength(1);
    expect(await mailAbout(daily, 'passed 50%')).toEqual([]);
    expect(await mailAbout(off, 'passed 50%')).toEqual([]);
    expect(await mailAbout(studio, 'passed 50%')).toEqual([]);

    // The total drops below half (b revokes) and rises past it again: no one is told again.
    expect((await b.client.post(`/api/investments/${bInvestment}/revoke`)).statusCode).toBe(200);
    const c = await investor();
    await invest(c.client, campaign.id, 60_000); // 52 % again
    for (const m of [now, daily, off, a, b]) expect(await listed(m, 'campaign_milestone')).toHaveLength(1);
    expect(await listed(c, 'campaign_milestone')).toEqual([]);
    expect(await mailAbout(now, 'passed 50%')).toHaveLength(1);

    // All of the goal: told once, to the followers and the investors now live (b, who revoked,
    // is no longer one).
    const d = await investor();
    await invest(d.client, campaign.id, 240_000); // 100 %
    for (const m of [now, daily, off, a, c, d])
      expect((await listed(m, 'campaign_milestone'))[0]?.data).toEqual({ percent: 100 });
    expect(await listed(b, 'campaign_milestone')).toHaveLength(1);
    expect((await mailAbout(now, 'passed 100% of its goal')).map((m) => m.subject)).toEqual([
      'Lanternfall passed 100% of its goal',
    ]);
    expect(await mailAbout(off, 'passed 100%')).toEqual([]);

    // The member on 'daily' finds both in the digest a day later.
    await runDigests(t.app.ctx, new Date(Date.now() + 26 * 3600_000));
    const [digest] = await mailAbout(daily, 'digest');
    expect(digest?.subject).toBe('Your IndieSplit digest: 2 new');
    expect(digest?.text).toContain('Lanternfall passed 50% of its goal');
    expect(digest?.text).toContain('Lanternfall passed 100% of its goal');
    expect(await mailAbout(off, 'digest')).toEqual([]);
  });

  it('tells of 100 % alone when one investment passes both, and never of 50 % afterwards', async () => {
    const { campaign, slug } = await studioWithCampaign({ goalCents: 100_000 });
    const f = await follower(slug);
    const a = await investor();
    const id = await invest(a.client, campaign.id, 100_000);
    expect((await listed(f, 'campaign_milestone')).map((n) => n.data)).toEqual([{ percent: 100 }]);
    // Down to nothing and up past half: silent.
    expect((await a.client.post(`/api/investments/${id}/revoke`)).statusCode).toBe(200);
    await invest((await investor()).client, campaign.id, 60_000);
    expect(await listed(f, 'campaign_milestone')).toHaveLength(1);
  });

  it('tells nothing of a demo round’s milestones', async () => {
    const { campaign, slug } = await studioWithCampaign({ goalCents: 100_000, currency: 'DEMO' });
    const f = await follower(slug);
    const a = (await readyInvestor(t, { cents: 300_000, currency: 'DEMO' })) as Member;
    const res = await a.client.post(
      `/api/campaigns/${campaign.id}/investments`,
      investBody(60_000, { currency: 'DEMO' }),
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode).toBe(201);
    expect(await listed(f, 'campaign_milestone')).toEqual([]);
    expect(await listed(a, 'campaign_milestone')).toEqual([]);
  });

  it.runIf(onPostgres)(
    'tells each milestone once when many investments pass it at the same time',
    async () => {
      // Goal 1,000 euros, twelve tickets of 120 euros at once: half is passed by the fifth, all by
      // the ninth, whichever they are.
      const { campaign, slug } = await studioWithCampaign({ goalCents: 100_000 });
      const f = await follower(slug);
      const investors = await Promise.all(Array.from({ length: 12 }, () => investor()));
      const results = await Promise.all(
        investors.map((m) =>
          m.client.post(`/api/campaigns/${campaign.id}/investments`, investBody(12_000), {
            'idempotency-key': newKey(),
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
      expect((await listed(f, 'campaign_milestone')).map((n) => n.data).reverse()).toEqual([
        { percent: 50 },
        { percent: 100 },
      ]);
      // One notification per member and milestone: every investor live at the time hears of each once.
      const rows = await db()
        .select({ userId: notifications.userId, subjectId: notifications.subjectId })
        .from(notifications)
        .where(and(eq(notifications.campaignId, campaign.id), eq(notifications.type, 'campaign_milestone')));
      const keys = rows.map((r) => `${r.userId}:${r.subjectId}`);
      expect(new Set(keys).size).toBe(keys.length);
      // The investors live when each was passed (five, then nine) and the follower.
      expect(rows.filter((r) => r.subjectId === 'milestone:50')).toHaveLength(6);
      expect(rows.filter((r) => r.subjectId === 'milestone:100')).toHaveLength(10);
      const claimed = await db()
        .select({ percent: campaignMilestones.percent })
        .from(campaignMilestones)
        .where(eq(campaignMilestones.campaignId, campaign.id));
      expect(claimed.map((r) => r.percent).sort((x, y) => x - y)).toEqual([50, 100]);
    },
  );
});

describe('the end of an offer', () => {
  /** Closes the campaign at its deadline and decides it once every reflection period is over. */
  async function decide(campaignId: string) {
    await db().update(campaigns).set({ status: 'closing' }).where(eq(campaigns.id, campaignId));
    return settlement.decideCampaign(t.app.ctx, campaignId, new Date(Date.now() + 30 * 86_400_000));
  }

  it('tells the followers who did not invest; an investor who follows hears of it by the settlement alone', async () => {
    const { studio, campaign, slug } = await studioWithCampaign({ title: 'Saltmarsh', goalCents: 100_000 });
    await studio.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    const f = await follower(slug);
    const daily = await follower(slug, { type: 'campaign_ended', delivery: 'daily' });
    const off = await follower(slug, { type: 'campaign_ended', delivery: 'off' });
    const backer = await investor();
    await backer.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    const investmentId = await invest(backer.client, campaign.id, 120_000);
    // Invested and revoked: a follower with no money in it, told like any follower.
    const revoker = await investor();
    await revoker.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    const revoked = await invest(revoker.client, campaign.id, 10_000);
    expect((await revoker.client.post(`/api/investments/${revoked}/revoke`)).statusCode).toBe(200);
    const stranger = (await registerUser(t)) as Member;

    expect(await decide(campaign.id)).toBe('funded');
    const ended = [
      { type: 'campaign_ended', campaign: { slug, title: 'Saltmarsh' }, data: { outcome: 'funded' } },
    ];
    for (const m of [f, daily, off, revoker])
      expect(
        (await listed(m, 'campaign_ended')).map(({ type, campaign, data }) => ({ type, campaign, data })),
      ).toEqual(ended);
    for (const m of [backer, studio, stranger]) expect(await listed(m, 'campaign_ended')).toEqual([]);
    expect((await mailAbout(f, 'has ended')).map((m) => m.subject)).toEqual(['Saltmarsh has ended']);
    expect(await mailAbout(revoker, 'has ended')).toHaveLength(1);
    expect(await mailAbout(daily, 'has ended')).toEqual([]);
    expect(await mailAbout(off, 'has ended')).toEqual([]);

    // The investor's one notification of the end: their settlement result.
    expect(await settlement.settleInvestment(t.app.ctx, campaign.id, investmentId, 'post', new Date())).toBe(
      true,
    );
    const backerList = (await backer.client.get('/api/notifications/')).json().results as Listed[];
    expect(
      backerList.filter((n) => n.type === 'campaign_ended' || n.type === 'settlement_result'),
    ).toHaveLength(1);
    expect(backerList[0]?.type).toBe('settlement_result');

    // Decided once: running the decision again tells no one again.
    expect(await settlement.decideCampaign(t.app.ctx, campaign.id, new Date())).toBeNull();
    expect(await listed(f, 'campaign_ended')).toHaveLength(1);

    await runDigests(t.app.ctx, new Date(Date.now() + 26 * 3600_000));
    expect((await mailAbout(daily, 'digest'))[0]?.text).toContain('Saltmarsh has ended');
  });

  it('tells the followers of a failed offer too, in their language', async () => {
    const { campaign, slug } = await studioWithCampaign({ title: 'Driftglass', goalCents: 500_000 });
    const f = await follower(slug);
    await f.client.post('/api/user/language/', { language: 'it' });
    await invest((await investor()).client, campaign.id, 10_000);
    expect(await decide(campaign.id)).toBe('failed');
    expect((await listed(f, 'campaign_ended'))[0]?.data).toEqual({ outcome: 'failed' });
    expect((await mailAbout(f, 'Driftglass')).map((m) => m.subject)).toEqual(['Driftglass si è conclusa']);
  });
});

describe('an offer called off', () => {
  it('tells the followers of a cancelled live offer, not its investors, and not when a draft is cancelled', async () => {
    const { studio, campaign, slug } = await studioWithCampaign({ title: 'Hollowpine', goalCents: 400_000 });
    const f = await follower(slug);
    const backer = await investor();
    await backer.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    await invest(backer.client, campaign.id, 10_000);
    await moveCampaignStatus(t.app.ctx, studio.id, campaign.id, { to: 'cancelled', reason: 'Studio closed' });
    expect((await listed(f, 'campaign_ended')).map(({ campaign: c, data }) => ({ c, data }))).toEqual([
      { c: { slug, title: 'Hollowpine' }, data: { outcome: 'cancelled' } },
    ]);
    expect((await mailAbout(f, 'has ended')).map((m) => m.subject)).toEqual(['Hollowpine has ended']);
    expect(await listed(backer, 'campaign_ended')).toEqual([]);
    expect(await listed(studio, 'campaign_ended')).toEqual([]);

    const draft = await studioWithCampaign({ title: 'Paperkite', status: 'draft' });
    await moveCampaignStatus(t.app.ctx, draft.studio.id, draft.campaign.id, {
      to: 'cancelled',
      reason: 'Not ready',
    });
    const drafts = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.campaignId, draft.campaign.id));
    expect(drafts).toEqual([]);
  });
});

describe('the opening of a campaign', () => {
  it('tells its followers when the start job opens it, as when an admin does', async () => {
    const { studio, campaign, slug } = await studioWithCampaign({
      title: 'Emberline',
      status: 'scheduled',
      startsAt: new Date(Date.now() + 3600_000),
    });
    await verifyStudio(t.app.ctx, studio.id);
    const f = await follower(slug);
    const off = await follower(slug, { type: 'campaign_opened', delivery: 'off' });
    expect(await settlement.openCampaign(t.app.ctx, campaign.id, new Date(Date.now() + 2 * 3600_000))).toBe(
      true,
    );
    for (const m of [f, off])
      expect((await listed(m, 'campaign_opened')).map((n) => n.campaign?.slug)).toEqual([slug]);
    expect((await mailAbout(f, 'open for investment')).map((m) => m.subject)).toEqual([
      'Emberline is open for investment',
    ]);
    expect(await mailAbout(off, 'open for investment')).toEqual([]);
    // Opened once: another round finds it live and tells no one again.
    expect(await settlement.openCampaign(t.app.ctx, campaign.id, new Date(Date.now() + 3 * 3600_000))).toBe(
      false,
    );
    expect(await listed(f, 'campaign_opened')).toHaveLength(1);
  });
});
