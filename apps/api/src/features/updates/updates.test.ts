import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { verifyStudio } from '../../../test/fixtures/kyb.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { campaignUpdates, notifications } from '../../db/schema-notifications.ts';
import { runDigests } from '../notifications/digest.ts';

// Campaign updates, follows and the notifications they raise (ADR 0037), through the API as a
// studio, its investors, its followers and everyone else see them.

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

async function investorIn(campaignId: string): Promise<Member> {
  const investor = (await readyInvestor(t, { cents: 100_000 })) as Member;
  const res = await investor.client.post(`/api/campaigns/${campaignId}/investments`, investBody(10_000), {
    'idempotency-key': newKey(),
  });
  expect(res.statusCode).toBe(201);
  return investor;
}

const post = (client: TestClient, slug: string, body: Record<string, unknown>) =>
  client.post(`/api/campaigns/${slug}/updates/`, body);

const update = (over: Record<string, unknown> = {}) => ({
  visibility: 'public',
  title_en: 'Alpha build is out',
  body_en: 'We shipped the **alpha** to our testers.',
  ...over,
});

/** The mail a member got besides their account's own (the address confirmation). */
async function notices(email: string) {
  return (await t.mailbox(email)).filter((m) => m.subject !== 'Confirm your email address');
}

async function unread(client: TestClient): Promise<number> {
  const res = await client.get('/api/notifications/unread-count/');
  expect(res.statusCode).toBe(200);
  return res.json().unread;
}

describe('an investors-only update', () => {
  it('reaches the investors (bell and email) and does not exist for anyone else', async () => {
    const { studio, campaign, slug } = await studioWithCampaign();
    const investor = await investorIn(campaign.id);
    const follower = (await registerUser(t)) as Member;
    expect((await follower.client.request('PUT', `/api/campaigns/${slug}/follow/`)).json()).toEqual({
      following: true,
    });
    const stranger = (await registerUser(t)) as Member;
    await t.mailbox(); // the investment's receipt and everything before, out of the way

    const res = await post(
      studio.client,
      slug,
      update({ visibility: 'investors', title_en: 'Backers only: the budget' }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id;

    expect(await unread(investor.client)).toBeGreaterThanOrEqual(1);
    const list = (await investor.client.get('/api/notifications/')).json();
    const n = list.results.find((r: { type: string }) => r.type === 'campaign_update');
    expect(n).toMatchObject({
      campaign: { slug, title: campaign.title },
      data: { update_title: 'Backers only: the budget' },
    });
    const mails = await t.mailbox(investor.payload.email);
    expect(mails.some((m) => m.subject.includes('Backers only: the budget'))).toBe(true);

    // The follower, a stranger and a visitor: no notification, no email, no update.
    expect(await unread(follower.client)).toBe(0);
    expect(await notices(follower.payload.email)).toEqual([]);
    for (const client of [follower.client, stranger.client, t.client()]) {
      const page = (await client.get(`/api/campaigns/${slug}/updates/`)).json();
      expect(page.results).toEqual([]);
      expect(page.count).toBe(0);
      expect((await client.get(`/api/campaigns/${slug}/updates/${id}/`)).statusCode).toBe(404);
    }
    // The investor and the studio read it.
    for (const client of [investor.client, studio.client]) {
      const page = (await client.get(`/api/campaigns/${slug}/updates/`)).json();
      expect(page.results.map((u: { id: string }) => u.id)).toEqual([id]);
    }
  });
});

describe('posting', () => {
  it('is for the campaign’s studio only', async () => {
    const { slug } = await studioWithCampaign();
    const other = (await registerUser(t, { user_types: ['developer'] })) as Member;
    const res = await post(other.client, slug, update());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('updateNotAllowed');
    expect((await post(t.client(), slug, update())).statusCode).toBe(401);
  });

  it('refuses an empty update and a language with a title but no text, in the caller’s language', async () => {
    const { studio, slug } = await studioWithCampaign();
    const empty = await post(studio.client, slug, { visibility: 'public' });
    expect(empty.statusCode).toBe(400);
    const half = await studio.client.request('POST', `/api/campaigns/${slug}/updates/`, {
      body: update({ title_it: 'Solo titolo' }),
      headers: { 'accept-language': 'it' },
    });
    expect(half.statusCode).toBe(400);
    expect(JSON.stringify(half.json())).toContain('inserisci sia il titolo sia il testo');
    expect((await db().select().from(campaignUpdates)).filter((u) => u.titleIt === 'Solo titolo')).toEqual(
      [],
    );
  });

  it('renders an XSS attempt in the title and body as text', async () => {
    const { studio, slug } = await studioWithCampaign();
    const res = await post(
      studio.client,
      slug,
      update({
        title_en: '<img src=x onerror=alert(1)>',
        body_en:
          '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <b onclick="x()">bold</b>\n\n![x](https://evil.example/p.png)\n\n[ok](https://example.com)',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [shown] = (await t.client().get(`/api/campaigns/${slug}/updates/`)).json().results;
    // The title is data, sent as it was typed; the page writes it as text.
    expect(shown.title).toBe('<img src=x onerror=alert(1)>');
    const html: string = shown.body_html;
    // Only the elements Markdown makes: every tag the attacker typed is text.
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1]?.toLowerCase()));
    expect([...tags].sort()).toEqual(['a', 'p']);
    expect(html).not.toMatch(/href="javascript|evil\.example/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(
      '<a href="https://example.com" rel="nofollow noopener noreferrer ugc" target="_blank">ok</a>',
    );
  });

  it('is rate-limited per account', async () => {
    const { studio, slug } = await studioWithCampaign();
    for (let i = 0; i < 5; i++)
      expect((await post(studio.client, slug, update({ title_en: `Week ${i}` }))).statusCode).toBe(201);
    const sixth = await post(studio.client, slug, update({ title_en: 'One too many' }));
    expect(sixth.statusCode).toBe(429);
    expect((await t.client().get(`/api/campaigns/${slug}/updates/`)).json().count).toBe(5);
  });
});

describe('the list', () => {
  it('is newest first, paginated, in the reader’s language when written in it, and shows an edit', async () => {
    const { studio, slug } = await studioWithCampaign();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(
        studio.client,
        slug,
        update({ title_en: `Update ${i}`, title_it: `Aggiornamento ${i}`, body_it: 'Testo' }),
      );
      ids.push(res.json().id);
      await db()
        .update(campaignUpdates)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(campaignUpdates.id, res.json().id));
    }
    const edited = await studio.client.request('PUT', `/api/campaigns/${slug}/updates/${ids[0]}/`, {
      body: update({ title_en: 'Update 0, corrected' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().edited_at).not.toBeNull();

    const page = (
      await t.client().get(`/api/campaigns/${slug}/updates/`, { 'accept-language': 'it' })
    ).json();
    expect(page.results.map((u: { title: string }) => u.title)).toEqual([
      'Aggiornamento 3',
      'Aggiornamento 2',
      'Aggiornamento 1',
      // The edit left only English: the Italian reader gets it in English.
      'Update 0, corrected',
    ]);
    expect(page.results[3]).toMatchObject({ language: 'en' });
    expect(page.results[3].edited_at).not.toBeNull();
    expect(page.results[0].edited_at).toBeNull();
  });
});

describe('follows and preferences', () => {
  it('a public update reaches followers by their preference: at once, in the daily digest, or in the app only', async () => {
    const { studio, slug, campaign } = await studioWithCampaign({ status: 'funded' });
    const now = (await registerUser(t)) as Member;
    const daily = (await registerUser(t)) as Member;
    const off = (await registerUser(t)) as Member;
    for (const m of [now, daily, off])
      expect((await m.client.request('PUT', `/api/campaigns/${slug}/follow/`)).statusCode).toBe(200);
    for (const [m, delivery] of [
      [daily, 'daily'],
      [off, 'off'],
    ] as const) {
      const res = await m.client.request('PUT', '/api/notifications/preferences/', {
        body: { preferences: [{ type: 'campaign_update', delivery }] },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.mailbox();

    expect((await post(studio.client, slug, update({ title_en: 'Launch date set' }))).statusCode).toBe(201);
    for (const m of [now, daily, off]) expect(await unread(m.client)).toBe(1);
    expect((await notices(now.payload.email)).map((m) => m.subject)).toEqual([
      `${campaign.title}: Launch date set`,
    ]);
    expect(await notices(daily.payload.email)).toEqual([]);
    expect(await notices(off.payload.email)).toEqual([]);

    // The digest waits a day from the oldest waiting notification, then goes once.
    await runDigests(t.app.ctx, new Date());
    expect(await notices(daily.payload.email)).toEqual([]);
    await runDigests(t.app.ctx, new Date(Date.now() + 25 * 3600_000));
    const digests = await notices(daily.payload.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('Your IndieSplit digest: 1 new');
    expect(digests[0]?.text).toContain(`${campaign.title}: Launch date set`);
    await runDigests(t.app.ctx, new Date(Date.now() + 26 * 3600_000));
    expect(await notices(daily.payload.email)).toHaveLength(1);
    expect(await notices(off.payload.email)).toEqual([]);

    // Unfollowed: the next update passes by.
    expect((await now.client.request('DELETE', `/api/campaigns/${slug}/follow/`)).json()).toEqual({
      following: false,
    });
    await post(studio.client, slug, update({ title_en: 'Second' }));
    expect(await unread(now.client)).toBe(1);
  });

  it('security and legally required messages cannot be turned off', async () => {
    const m = (await registerUser(t)) as Member;
    for (const type of ['security', 'investment_received', 'key_information_changed']) {
      const res = await m.client.request('PUT', '/api/notifications/preferences/', {
        body: { preferences: [{ type, delivery: 'off' }] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('notificationLocked');
    }
    const prefs = (await m.client.get('/api/notifications/preferences/')).json().preferences;
    expect(prefs.find((p: { type: string }) => p.type === 'security')).toEqual({
      type: 'security',
      delivery: 'immediately',
      locked: true,
    });
    expect(prefs.find((p: { type: string }) => p.type === 'campaign_update')).toMatchObject({
      locked: false,
    });
    expect((await t.client().get('/api/notifications/preferences/')).statusCode).toBe(401);
  });

  it('an upcoming campaign can be followed and its opening notifies the follower', async () => {
    const { studio, slug } = await studioWithCampaign({
      status: 'scheduled',
      startsAt: new Date(Date.now() + 3600_000),
    });
    // A campaign in euros opens once its studio is verified (ADR 0036).
    await verifyStudio(t.app.ctx, studio.id);
    const m = (await registerUser(t)) as Member;
    expect((await m.client.get(`/api/campaigns/${slug}/follow/`)).json()).toEqual({ following: false });
    await m.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    expect((await m.client.get(`/api/campaigns/${slug}/follow/`)).json()).toEqual({ following: true });
    const { openCampaign } = await import('../campaigns/commands/open-campaign.ts');
    const { campaigns } = await import('../../db/schema-campaigns.ts');
    await t.app.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.slug, slug));
      await openCampaign(t.app.ctx, tx, row!, { actorId: null, reason: null, now: new Date() });
    });
    const list = (await m.client.get('/api/notifications/')).json();
    expect(list.results.map((r: { type: string }) => r.type)).toEqual(['campaign_opened']);
    expect(
      (await t.mailbox(m.payload.email)).some((mail) => mail.subject.endsWith('is open for investment')),
    ).toBe(true);
  });
});

describe('the notification centre', () => {
  it('marks one and all read, only the member’s own, and pages newest first', async () => {
    const { studio, slug } = await studioWithCampaign();
    const m = (await registerUser(t)) as Member;
    const other = (await registerUser(t)) as Member;
    await m.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          userId: m.id,
          type: 'campaign_update',
          campaignId: null,
          data: { update_title: `N${i}` },
        })),
      );
    await post(studio.client, slug, update({ title_en: 'Newest' }));
    const first = (await m.client.get('/api/notifications/')).json();
    expect(first.unread).toBe(24);
    expect(first.results).toHaveLength(20);
    expect(first.results[0].data.update_title).toBe('Newest');
    const second = (await m.client.get(`/api/notifications/?before=${first.next}`)).json();
    expect(second.results.map((r: { data: { update_title: string } }) => r.data.update_title)).toEqual([
      'N3',
      'N2',
      'N1',
      'N0',
    ]);
    expect(second.next).toBeNull();

    const id = first.results[0].id;
    expect((await other.client.post(`/api/notifications/${id}/read/`)).statusCode).toBe(404);
    expect(await unread(m.client)).toBe(24);
    expect((await m.client.post(`/api/notifications/${id}/read/`)).statusCode).toBe(200);
    expect(await unread(m.client)).toBe(23);
    expect((await m.client.post('/api/notifications/read-all/')).statusCode).toBe(200);
    expect(await unread(m.client)).toBe(0);
    expect((await t.client().get('/api/notifications/')).statusCode).toBe(401);
  });

  it('tells no member another member’s data', async () => {
    const { studio, campaign, slug } = await studioWithCampaign();
    const investor = await investorIn(campaign.id);
    const follower = (await registerUser(t)) as Member;
    await follower.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    await post(studio.client, slug, update({ title_en: 'Thanks to all' }));
    const seen = JSON.stringify((await follower.client.get('/api/notifications/')).json());
    for (const secret of [
      investor.id,
      investor.payload.email,
      investor.payload.username,
      studio.payload.email,
      studio.id,
    ])
      expect(seen).not.toContain(secret);
    const mails = JSON.stringify(await notices(follower.payload.email));
    for (const secret of [investor.payload.email, investor.payload.username, studio.payload.email])
      expect(mails).not.toContain(secret);
  });
});

describe('account deletion', () => {
  it('removes the member’s notifications and follows; the studio’s updates stay without their author', async () => {
    const { studio, slug } = await studioWithCampaign();
    const m = (await registerUser(t)) as Member;
    await m.client.request('PUT', `/api/campaigns/${slug}/follow/`);
    const posted = (await post(studio.client, slug, update({ title_en: 'Before the goodbye' }))).json();
    expect(await unread(m.client)).toBe(1);

    for (const who of [m, studio]) {
      expect((await who.client.request('DELETE', '/api/user/delete-all-data/')).statusCode).toBe(200);
      expect((await who.client.request('DELETE', '/api/user/delete/')).statusCode).toBe(200);
    }
    expect(await db().select().from(notifications).where(eq(notifications.userId, m.id))).toEqual([]);
    const [kept] = await db().select().from(campaignUpdates).where(eq(campaignUpdates.id, posted.id));
    expect(kept?.authorId).toBeNull();
    expect((await t.client().get(`/api/campaigns/${slug}/updates/`)).json().results[0].title).toBe(
      'Before the goodbye',
    );
  });
});
