import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertCampaign,
  investBody,
  makeAdmin,
  newKey,
  readyInvestor,
} from '../../../test/fixtures/investing.ts';
import { verifyStudio } from '../../../test/fixtures/kyb.ts';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { campaignEvents, campaigns } from '../../db/schema-campaigns.ts';
import { newsPosts } from '../../db/schema-community.ts';
import { campaignUpdates } from '../../db/schema-notifications.ts';
import { openCampaign } from '../campaigns/commands/open-campaign.ts';
import { verifiedReport } from '../revenue/verified-report.ts';

// The member's feed (ADR 0040), through the API as a follower, an investor, a stranger and a
// visitor see it. The data it reads is made by the features that own it wherever that is cheap
// (investing, opening, settlement, the revenue share), and inserted as rows where only the row
// matters (many updates at once, a news item).

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

interface Item {
  id: string;
  kind: string;
  at: string;
  campaign: { slug: string; title: string } | null;
  update: { id: string; title: string; language: string; investors_only: boolean } | null;
  news: { id: string; title: string } | null;
}

async function studioWithCampaign(values: Parameters<typeof insertCampaign>[1] = {}) {
  const studio = (await registerUser(t, { user_types: ['developer'] })) as Member;
  await verifyStudio(t.app.ctx, studio.id);
  const campaign = await insertCampaign(db(), { developerId: studio.id, ...values });
  return { studio, campaign, slug: campaign.slug as string };
}

const follow = async (m: Member, slug: string) =>
  expect((await m.client.request('PUT', `/api/campaigns/${slug}/follow/`)).statusCode).toBe(200);

const postUpdate = async (studio: Member, slug: string, title: string, visibility = 'public') => {
  const res = await studio.client.post(`/api/campaigns/${slug}/updates/`, {
    visibility,
    title_en: title,
    body_en: `${title}: the details.`,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

async function feed(client: TestClient, query = '', headers?: Record<string, string>) {
  const res = await client.get(`/api/feed/${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { results: Item[]; next_cursor: string | null };
}

/** Every item of the member's feed, page after page. */
async function wholeFeed(client: TestClient, limit: number): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await feed(client, query);
    expect(page.results.length).toBeLessThanOrEqual(limit);
    items.push(...page.results);
    cursor = page.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return { items, pages };
}

const ofCampaign = (items: Item[], slug: string) => items.filter((i) => i.campaign?.slug === slug);

describe('who may read the feed', () => {
  it('is for members only: a visitor gets 401, even with a bad cursor', async () => {
    for (const query of ['', '?cursor=nonsense', '?limit=0']) {
      const res = await t.client().get(`/api/feed/${query}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('notAuthenticated');
    }
    expect((await t.client().get('/api/feed')).statusCode).toBe(401);
  });

  it('refuses a cursor it did not make and a page size out of bounds, with a translated 400', async () => {
    const m = (await registerUser(t)) as Member;
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      'nonsense!',
      forged('yesterday|update:1'),
      forged('2026-11-27T10:00:00.000000Z|users:1'),
      forged("2026-11-27T10:00:00.000000Z|update:1' or 1=1"),
      forged('2026-13-45T10:00:00.000000Z|news:abc'),
      'x'.repeat(300),
    ]) {
      const res = await m.client.get(`/api/feed/?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'feedCursorInvalid',
        message: 'This page of the feed cannot be found. Reload the feed from the top.',
      });
    }
    const it = await m.client.get('/api/feed/?cursor=nonsense', { 'accept-language': 'it' });
    expect(it.json().message).toBe('Questa pagina del feed non esiste. Ricarica il feed dall’inizio.');
    for (const limit of ['0', '51', 'ten']) {
      expect((await m.client.get(`/api/feed/?limit=${limit}`)).statusCode).toBe(400);
    }
  });
});

describe('updates of the campaigns a member follows or backs', () => {
  it('shows a followed campaign’s public updates, and its investors-only ones to its investors only', async () => {
    const { studio, campaign, slug } = await studioWithCampaign();
    const follower = (await registerUser(t)) as Member;
    await follow(follower, slug);
    const investor = (await readyInvestor(t, { cents: 100_000 })) as Member;
    const invested = await investor.client.post(
      `/api/campaigns/${campaign.id}/investments`,
      investBody(10_000),
      { 'idempotency-key': newKey() },
    );
    expect(invested.statusCode).toBe(201);
    const stranger = (await registerUser(t)) as Member;

    const publicId = await postUpdate(studio, slug, 'Alpha build is out');
    const backersId = await postUpdate(studio, slug, 'Backers only: the budget', 'investors');

    const seen = async (m: Member) =>
      ofCampaign((await feed(m.client)).results, slug).filter((i) => i.kind === 'campaign_update');

    // The follower: the public update, with its title and a link's worth of ids; not the other.
    const followerSees = await seen(follower);
    expect(followerSees).toEqual([
      {
        id: `update:${publicId}`,
        kind: 'campaign_update',
        at: expect.any(String),
        campaign: { slug, title: campaign.title },
        update: { id: publicId, title: 'Alpha build is out', language: 'en', investors_only: false },
        news: null,
      },
    ]);
    // The investor (who does not follow): both, newest first.
    expect((await seen(investor)).map((i) => [i.update?.id, i.update?.investors_only])).toEqual([
      [backersId, true],
      [publicId, false],
    ]);
    // The studio sees its own campaign's updates once it follows it, the investors-only one too.
    await follow(studio, slug);
    expect((await seen(studio)).map((i) => i.update?.id)).toEqual([backersId, publicId]);
    // Someone who neither follows nor backs it: nothing of it.
    expect(await seen(stranger)).toEqual([]);

    // A revoked investment no longer shows what is for investors; following, the public one stays.
    await follow(investor, slug);
    const revoked = await investor.client.post(`/api/investments/${invested.json().id}/revoke`);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expect((await seen(investor)).map((i) => i.update?.id)).toEqual([publicId]);
  });

  it('gives the update’s title in the reader’s language when it was written in it', async () => {
    const { studio, slug } = await studioWithCampaign();
    const m = (await registerUser(t)) as Member;
    await follow(m, slug);
    const res = await studio.client.post(`/api/campaigns/${slug}/updates/`, {
      visibility: 'public',
      title_en: 'Demo day',
      body_en: 'We are at the fair.',
      title_it: 'Giornata demo',
      body_it: 'Siamo alla fiera.',
    });
    expect(res.statusCode).toBe(201);
    const italian = ofCampaign((await feed(m.client, '', { 'accept-language': 'it' })).results, slug);
    expect(italian[0]?.update).toMatchObject({ title: 'Giornata demo', language: 'it' });
    const english = ofCampaign((await feed(m.client)).results, slug);
    expect(english[0]?.update).toMatchObject({ title: 'Demo day', language: 'en' });
  });
});

describe('openings, milestones and news', () => {
  it('shows any member a public campaign in euros opening, never a demo one or a draft', async () => {
    const { slug } = await studioWithCampaign({
      status: 'scheduled',
      startsAt: new Date(Date.now() + 3600_000),
    });
    await db().transaction(async (tx) => {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.slug, slug));
      await openCampaign(t.app.ctx, tx, row!, { actorId: null, reason: null, now: new Date() });
    });
    // A demo campaign and a draft with a "live" event of their own (as a test can write them).
    const demo = await insertCampaign(db(), { currency: 'DEMO' });
    const draft = await insertCampaign(db(), { status: 'draft' });
    await db()
      .insert(campaignEvents)
      .values([
        { campaignId: demo.id, toStatus: 'live' },
        { campaignId: draft.id, toStatus: 'live' },
      ]);

    const stranger = (await registerUser(t)) as Member;
    const items = (await feed(stranger.client)).results;
    expect(ofCampaign(items, slug).map((i) => i.kind)).toEqual(['campaign_opened']);
    expect(ofCampaign(items, demo.slug as string)).toEqual([]);
    expect(ofCampaign(items, draft.slug as string)).toEqual([]);
  });

  it('shows a followed campaign funded, its game launched and a payout made, without anyone’s money or name', async () => {
    const { campaign, investors } = await launchedCampaign(t.app.ctx, { investments: [10_000, 20_000] });
    const slug = campaign.slug as string;
    const { distribution } = await verifiedReport(db(), campaign.id, {
      periodStart: '2026-02-01',
      netCents: 1_000_000,
    });
    const admin = (await registerUser(t)) as Member;
    await makeAdmin(db(), admin.id);
    const paid = await admin.client.post(`/api/backoffice/distributions/${distribution.id}/funding`, {
      bank_transaction_id: `BANK-${randomBytes(6).toString('hex').toUpperCase()}`,
      amount_cents: distribution.poolCents,
    });
    expect(paid.statusCode).toBe(200);

    const follower = (await registerUser(t)) as Member;
    const stranger = (await registerUser(t)) as Member;
    await follow(follower, slug);

    const page = await feed(follower.client);
    const kinds = ofCampaign(page.results, slug).map((i) => i.kind);
    // Its opening is for everyone; the milestones for those who follow or back it.
    expect(kinds).toEqual(['payout_made', 'game_launched', 'campaign_funded', 'campaign_opened']);
    const strangerSees = ofCampaign((await feed(stranger.client)).results, slug);
    expect(strangerSees.map((i) => i.kind)).toEqual(['campaign_opened']);

    // Nothing private of the investors: each item says what happened and when, nothing more (no
    // amount, no count), and no investor's id, address or username is anywhere in the answer.
    for (const item of ofCampaign(page.results, slug)) {
      expect(item).toEqual({
        id: expect.stringMatching(/^(payout|launched|funded|opened):/),
        kind: item.kind,
        at: expect.any(String),
        campaign: { slug, title: campaign.title },
        update: null,
        news: null,
      });
    }
    const text = JSON.stringify(page);
    for (const investor of investors) {
      expect(text).not.toContain(investor.id);
      expect(text).not.toContain(investor.email);
      expect(text).not.toContain(investor.email.split('@')[0]);
    }
  });

  it('shows published news to every member, not drafts', async () => {
    const [published] = await db()
      .insert(newsPosts)
      .values({
        titleEn: 'We are live',
        titleIt: 'Siamo online',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning();
    await db().insert(newsPosts).values({ titleEn: 'Secret plan', titleIt: 'Piano segreto' });
    const m = (await registerUser(t)) as Member;
    const news = (await feed(m.client)).results.filter((i) => i.kind === 'news');
    expect(news.map((i) => i.news)).toEqual([{ id: published!.id, title: 'We are live' }]);
    const it = (await feed(m.client, '', { 'accept-language': 'it' })).results.filter(
      (i) => i.kind === 'news',
    );
    expect(it.map((i) => i.news?.title)).toEqual(['Siamo online']);
  });
});

describe('pages', () => {
  it('walks the whole feed by cursor: newest first, every item once, none skipped, ties included', async () => {
    const { campaign, slug } = await studioWithCampaign();
    const m = (await registerUser(t)) as Member;
    await follow(m, slug);
    // 47 updates; 12 of them at the very same instant, so pages must break ties by id.
    const base = Date.now() - 3600_000;
    const same = new Date(base + 10_000);
    const rows = Array.from({ length: 47 }, (_, i) => ({
      campaignId: campaign.id,
      visibility: 'public',
      titleEn: `Update ${i}`,
      createdAt: i < 12 ? same : new Date(base + i * 1000 + (i % 3)),
    }));
    const inserted = await db().insert(campaignUpdates).values(rows).returning({ id: campaignUpdates.id });

    const all = await wholeFeed(m.client, 10);
    const ids = all.items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const mine = ofCampaign(all.items, slug).map((i) => i.update?.id);
    expect(new Set(mine)).toEqual(new Set(inserted.map((r) => r.id)));
    // Newest first across the pages.
    const times = all.items.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.pages).toBe(Math.ceil(all.items.length / 10));

    // The default page is 20; the same walk in pages of 20 gives the same order.
    const first = await feed(m.client);
    expect(first.results).toHaveLength(20);
    expect(first.results.map((i) => i.id)).toEqual(ids.slice(0, 20));

    // An update posted between two pages takes nothing from the next page and repeats nothing.
    const second = await feed(m.client, `?cursor=${first.next_cursor}`);
    await db()
      .insert(campaignUpdates)
      .values({ campaignId: campaign.id, visibility: 'public', titleEn: 'Breaking' });
    expect((await feed(m.client, `?cursor=${first.next_cursor}`)).results.map((i) => i.id)).toEqual(
      second.results.map((i) => i.id),
    );
    expect(second.results.map((i) => i.id)).toEqual(ids.slice(20, 40));
  });
});
