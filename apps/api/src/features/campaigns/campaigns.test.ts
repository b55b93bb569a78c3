import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEdit, draftCampaign, inDays } from '../../../test/fixtures/campaign-editor.ts';
import { verifyStudio } from '../../../test/fixtures/kyb.ts';
import { member, multipart } from '../../../test/fixtures/pitches.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { campaignEvents, campaignServices, campaigns } from '../../db/schema-campaigns.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
let reviewer: Awaited<ReturnType<typeof member>>;
let developer: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
  reviewer = await member(t, 'reviewer');
  developer = await member(t);
});
// The studio's verification (ADR 0036) is in order: opening is tested here for everything else.
beforeAll(() => verifyStudio(t.app.ctx, developer.id, admin.id));
afterAll(async () => t?.close());

/** A draft as approving a pitch leaves it: title, platforms and goal only. */
const draft = (values: Parameters<typeof draftCampaign>[2] = {}) =>
  draftCampaign(t.database.db, developer.id, values);
const complete = completeEdit;
const slug = () => `lantern-${randomBytes(4).toString('hex')}`;

const edit = (id: string, body: unknown, as: TestClient = admin.client, headers?: Record<string, string>) =>
  as.request('PATCH', `/api/backoffice/campaigns/${id}`, { body, ...(headers ? { headers } : {}) });
const move = (id: string, body: Record<string, unknown>, as: TestClient = admin.client) =>
  as.post(`/api/backoffice/campaigns/${id}/status`, body);
const rowOf = async (id: string) =>
  (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

/** A complete campaign moved by an admin to `status` (scheduled or live). */
async function published(status: 'scheduled' | 'live', overrides: Record<string, unknown> = {}) {
  const id = await draft();
  const body = complete(overrides);
  expect((await edit(id, body)).statusCode).toBe(200);
  const res = await move(id, { to: status });
  expect(res.statusCode).toBe(200);
  return { id, slug: body.slug as string };
}

/** What the platform's jobs do (not this feature's to do): the deadline passed and the goal was met. */
async function fundedByThePlatform(id: string) {
  await t.database.db.update(campaigns).set({ status: 'funded' }).where(eq(campaigns.id, id));
}

describe('the back office’s campaign screens', () => {
  it('are for admins: visitors get 401, members and reviewers 403, before any validation', async () => {
    const id = await draft();
    const visitor = t.client();
    expect((await visitor.get('/api/backoffice/campaigns')).statusCode).toBe(401);
    const someone = await member(t);
    const asMember = await edit(id, { slug: 'NOT A SLUG' }, someone.client);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('staffOnly');
    for (const res of [
      await reviewer.client.get('/api/backoffice/campaigns'),
      await reviewer.client.get(`/api/backoffice/campaigns/${id}`),
      await edit(id, { slug: 'NOT A SLUG' }, reviewer.client),
      await move(id, { to: 'cancelled', reason: 'spam' }, reviewer.client),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('adminOnly');
    }
    expect((await rowOf(id)).status).toBe('draft');
  });

  it('leave demo rounds out of the back-office list unless asked, and then list them after real ones', async () => {
    const tag = randomBytes(3).toString('hex');
    const real = await draft({ title: `Real Round ${tag}` });
    // Changed last, so only the rule "real money first" can put it after the real one.
    const demo = await draft({ title: `Demo Round ${tag}`, currency: 'DEMO' });
    const listed = async (query: string) => {
      const res = await admin.client.get(`/api/backoffice/campaigns?q=${tag}${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().campaigns.map((c: { id: string }) => c.id);
    };
    expect(await listed('')).toEqual([real]);
    expect(await listed('&include_demo=false')).toEqual([real]);
    expect(await listed('&include_demo=true')).toEqual([real, demo]);
    const bad = await admin.client.get('/api/backoffice/campaigns?include_demo=yes');
    expect(bad.statusCode).toBe(400);
  });

  it('list every campaign, drafts included, and show one with its developer', async () => {
    const id = await draft({ title: 'Findable Quest' });
    const list = await admin.client.get('/api/backoffice/campaigns?q=findable');
    expect(list.statusCode).toBe(200);
    expect(list.json().campaigns).toEqual([
      expect.objectContaining({ id, title: 'Findable Quest', status: 'draft', max_cents: null }),
    ]);
    const one = await admin.client.get(`/api/backoffice/campaigns/${id}`);
    expect(one.json()).toMatchObject({
      id,
      developer: { id: developer.id, username: developer.payload.username },
      min_ticket_cents: 5_000,
      term_months: 36,
      terms_frozen: false,
      allowed_moves: ['scheduled', 'live', 'cancelled'],
      events: [],
    });
    expect((await admin.client.get('/api/backoffice/campaigns/not-an-id')).statusCode).toBe(404);
  });
});

describe('editing a campaign', () => {
  it('turns euro strings into cents and a percentage into basis points', async () => {
    const id = await draft();
    const res = await edit(
      id,
      complete({ goal: '20000,50', max: '30000', min_ticket: '1', revenue_share: '0.01' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      goal_cents: 2_000_050,
      max_cents: 3_000_000,
      min_ticket_cents: 100,
      revenue_share_bps: 1,
    });
  });

  it('names every wrong field with a translated message, and changes nothing', async () => {
    const id = await draft();
    const before = await rowOf(id);
    const res = await edit(
      id,
      {
        slug: 'My Game!',
        goal: '12.345',
        min_ticket: '0.99',
        revenue_share: '100.01',
        trailer_url: 'javascript:alert(1)',
        starts_at: inDays(10),
        deadline_at: inDays(5),
        summary_en: 'x'.repeat(301),
      },
      admin.client,
      { 'accept-language': 'it' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ summary_en: 'summaryTooLong' });
    const res2 = await edit(
      id,
      {
        slug: 'My Game!',
        goal: '12.345',
        min_ticket: '0.99',
        revenue_share: '100.01',
        trailer_url: 'javascript:alert(1)',
        starts_at: inDays(10),
        deadline_at: inDays(5),
      },
      admin.client,
      { 'accept-language': 'it' },
    );
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error_codes).toEqual({
      slug: 'invalidSlug',
      goal: 'amountAmbiguous',
      min_ticket: 'minTicketRange',
      revenue_share: 'revenueShareRange',
      trailer_url: 'invalidUrl',
      deadline_at: 'deadlineBeforeStart',
    });
    expect(res2.json().errors.deadline_at).toBe('La scadenza deve essere successiva all’apertura.');
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses a maximum below the goal, a zero share and a minimum ticket above the maximum', async () => {
    const id = await draft();
    const res = await edit(id, { goal: '20000', max: '19999.99', revenue_share: '0' });
    expect(res.json().error_codes).toEqual({ max: 'capBelowGoal', revenue_share: 'revenueShareRange' });
    const res2 = await edit(id, { max: '30000', min_ticket: '30000.01' });
    expect(res2.json().error_codes).toEqual({ min_ticket: 'minTicketRange' });
    expect((await edit(id, { max: '30000', min_ticket: '30000' })).statusCode).toBe(200);
  });

  it('keeps each address unique', async () => {
    const taken = slug();
    expect((await edit(await draft(), { slug: taken })).statusCode).toBe(200);
    const res = await edit(await draft(), { slug: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'slugTaken', error_codes: { slug: 'slugTaken' } });
  });

  it('refuses unknown fields', async () => {
    const res = await edit(await draft(), { committed_cents: 0 });
    expect(res.statusCode).toBe(400);
  });

  it('freezes money terms, dates and the address once live, but lets texts change', async () => {
    const { id, slug: address } = await published('live');
    const row = await rowOf(id);
    for (const [field, value] of [
      ['goal', '1000'],
      ['max', '99999'],
      ['min_ticket', '10'],
      ['revenue_share', '50'],
      ['deadline_at', inDays(90)],
      ['slug', 'another-address'],
      ['currency', 'DEMO'],
    ] as const) {
      const res = await edit(id, { [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error_codes).toEqual({ [field]: 'termsFrozen' });
    }
    // A form sends everything back: the same terms are fine.
    const same = await edit(id, {
      slug: address,
      goal: '20000.00',
      max: '30000',
      deadline_at: row.deadlineAt!.toISOString(),
      story_en: 'A new chapter.',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      story_en: 'A new chapter.',
      goal_cents: 2_000_000,
      terms_frozen: true,
    });
    expect((await edit(id, { story_it: '' })).json().error_codes).toEqual({ story_it: 'fillMandatory' });
  });

  it('switches a draft to demo money with a fast revocation clock', async () => {
    const id = await draft();
    const res = await edit(id, { currency: 'DEMO' });
    expect(res.json()).toMatchObject({ currency: 'DEMO', reflection_seconds: 300 });
  });
});

describe('moving a campaign', () => {
  it('publishes only a complete campaign, naming what is missing', async () => {
    const id = await draft();
    const res = await move(id, { to: 'scheduled' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('campaignIncomplete');
    expect(res.json().error_codes).toMatchObject({
      slug: 'fillMandatory',
      summary_it: 'fillMandatory',
      max: 'fillMandatory',
      revenue_share: 'fillMandatory',
      deadline_at: 'fillMandatory',
    });
    expect((await rowOf(id)).status).toBe('draft');
  });

  it('refuses to schedule a campaign whose deadline has passed', async () => {
    const id = await draft();
    expect((await edit(id, complete({ starts_at: inDays(-10), deadline_at: inDays(-1) }))).statusCode).toBe(
      200,
    );
    const res = await move(id, { to: 'scheduled' });
    expect(res.json().error_codes).toEqual({ deadline_at: 'deadlineInPast' });
  });

  it('records every move with who, from, to and why', async () => {
    const { id } = await published('scheduled');
    expect((await move(id, { to: 'draft', reason: 'Typo in the story' })).statusCode).toBe(200);
    const res = await move(id, { to: 'live' });
    expect(res.statusCode).toBe(200);
    expect(res.json().events).toEqual([
      expect.objectContaining({ from_status: 'draft', to_status: 'scheduled', reason: null }),
      expect.objectContaining({
        from_status: 'scheduled',
        to_status: 'draft',
        reason: 'Typo in the story',
        actor: { id: admin.id, username: admin.payload.username },
      }),
      expect.objectContaining({ from_status: 'draft', to_status: 'live' }),
    ]);
    // Opened now: the start moved forward to the opening.
    expect((await rowOf(id)).startsAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses the platform’s moves and any move the rules do not allow', async () => {
    const id = await draft();
    for (const to of ['funded', 'closing', 'completed', 'draft']) {
      const res = await move(id, { to });
      expect(res.statusCode, to).toBe(409);
      expect(res.json().code).toBe('campaignTransitionNotAllowed');
    }
    const { id: live } = await published('live');
    for (const to of ['closing', 'funded', 'failed', 'scheduled', 'draft']) {
      expect((await move(live, { to })).statusCode, to).toBe(409);
    }
    expect((await move(live, { to: 'nowhere' })).json().error_codes).toEqual({ to: 'invalidValue' });
    expect((await rowOf(live)).status).toBe('live');
  });

  it('cancels before funding only with a reason, and a cancelled campaign stays cancelled', async () => {
    const { id } = await published('live');
    const res = await move(id, { to: 'cancelled', reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ reason: 'reasonRequired' });
    expect((await move(id, { to: 'cancelled', reason: 'The studio closed.' })).statusCode).toBe(200);
    const events = await t.database.db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, id));
    expect(events.at(-1)).toMatchObject({
      toStatus: 'cancelled',
      reason: 'The studio closed.',
      actorId: admin.id,
    });
    expect((await move(id, { to: 'live' })).statusCode).toBe(409);
    const funded = await published('live');
    await fundedByThePlatform(funded.id);
    expect((await move(funded.id, { to: 'cancelled', reason: 'Too late' })).statusCode).toBe(409);
  });

  it('starts the chosen services as a checklist, then records the launch and completes', async () => {
    const { id } = await published('live');
    await fundedByThePlatform(id);
    const started = await move(id, { to: 'services_active', services: ['mentoring', 'legal'] });
    expect(started.statusCode).toBe(200);
    expect(
      started.json().service_checklist.map((s: { service: string; status: string }) => [s.service, s.status]),
    ).toEqual([
      ['legal', 'pending'],
      ['mentoring', 'pending'],
    ]);
    const put = await admin.client.request('PUT', `/api/backoffice/campaigns/${id}/services/legal`, {
      body: { status: 'done' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().service_checklist[0]).toMatchObject({
      service: 'legal',
      status: 'done',
      updated_by: { id: admin.id },
    });
    const notChosen = await admin.client.request('PUT', `/api/backoffice/campaigns/${id}/services/hr`, {
      body: { status: 'done' },
    });
    expect(notChosen.statusCode).toBe(404);

    const noDate = await move(id, { to: 'launched' });
    expect(noDate.json().error_codes).toEqual({ launched_on: 'launchDateRequired' });
    const future = await move(id, { to: 'launched', launched_on: inDays(3).slice(0, 10) });
    expect(future.statusCode).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    const launched = await move(id, { to: 'launched', launched_on: today });
    expect(launched.json()).toMatchObject({ status: 'launched', launched_on: today });
    // Not while the revenue share runs: only once the term is over and its last report was due.
    expect(launched.json().allowed_moves).toEqual([]);
    const early = await move(id, { to: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'campaignTermNotOver',
      message:
        'The revenue share of this campaign has not ended yet: it can be completed once its term is over and the report of its last month is due.',
    });
    await t.database.db.update(campaigns).set({ launchedOn: '2022-01-10' }).where(eq(campaigns.id, id));
    expect((await admin.client.get(`/api/backoffice/campaigns/${id}`)).json().allowed_moves).toEqual([
      'completed',
    ]);
    expect((await move(id, { to: 'completed' })).json().status).toBe('completed');
    const late = await admin.client.request('PUT', `/api/backoffice/campaigns/${id}/services/legal`, {
      body: { status: 'pending' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('servicesNotActive');
    const rows = await t.database.db
      .select()
      .from(campaignServices)
      .where(eq(campaignServices.campaignId, id));
    expect(rows).toHaveLength(2);
  });

  it('needs at least one service to start them', async () => {
    const { id } = await published('live', { services: [] });
    await fundedByThePlatform(id);
    const res = await move(id, { to: 'services_active' });
    expect(res.json().error_codes).toEqual({ services: 'servicesRequired' });
  });
});

describe('public campaign pages', () => {
  it('name the studio by its legal name on the list and the page, else by the developer’s username', async () => {
    const title = `Studio Named ${randomBytes(4).toString('hex')}`;
    const { id, slug: address } = await published('live', { title });
    const visitor = t.client();
    const listed = async () =>
      (
        (await visitor.get(`/api/campaigns/?group=live&q=${encodeURIComponent(title)}`)).json()
          .campaigns as Array<{
          id: string;
          studio_name: string | null;
        }>
      ).find((c) => c.id === id);
    expect((await visitor.get(`/api/campaigns/${address}`)).json().studio_name).toBe('Faro Games S.r.l.');
    expect((await listed())?.studio_name).toBe('Faro Games S.r.l.');
    // A campaign published before the sheet asked for the studio has no legal name.
    await t.database.db.update(campaigns).set({ studioLegalName: '  ' }).where(eq(campaigns.id, id));
    expect((await visitor.get(`/api/campaigns/${address}`)).json().studio_name).toBe(
      developer.payload.username,
    );
    expect((await listed())?.studio_name).toBe(developer.payload.username);
  });

  it('show only public campaigns: drafts and cancelled ones are not found', async () => {
    const drafted = await draft();
    const address = slug();
    await edit(drafted, { slug: address });
    const visitor = t.client();
    expect((await visitor.get(`/api/campaigns/${address}`)).statusCode).toBe(404);
    const { id, slug: cancelled } = await published('scheduled');
    await move(id, { to: 'cancelled', reason: 'Withdrawn' });
    expect((await visitor.get(`/api/campaigns/${cancelled}`)).statusCode).toBe(404);
    const all = (await visitor.get('/api/campaigns/')).json().campaigns as Array<{
      id: string;
      status: string;
    }>;
    expect(all.some((c) => c.id === drafted || c.id === id)).toBe(false);
    expect(all.every((c) => !['draft', 'cancelled'].includes(c.status))).toBe(true);
  });

  it('show a live campaign in the reader’s language with its key information sheet', async () => {
    const { id, slug: address } = await published('live', { trailer_url: 'https://video.example.com/x' });
    const res = await t.client().get(`/api/campaigns/${address}`, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      slug: address,
      status: 'live',
      currency: 'EUR',
      summary: 'Un gioco accogliente in un faro.',
      story: 'Siamo tre amici.',
      goal_cents: 2_000_000,
      max_cents: 3_000_000,
      committed_cents: 0,
      investor_count: 0,
      revenue_share_bps: 750,
      term_months: 36,
      developer: { username: developer.payload.username },
      studio_name: 'Faro Games S.r.l.',
      services: [
        { service: 'marketing', status: 'pending' },
        { service: 'publishing', status: 'pending' },
      ],
      reflection_seconds: 4 * 24 * 3600,
      key_information: {
        offer_type: 'revenue_share',
        all_or_nothing: true,
        min_ticket_cents: 5_000,
        risks: 'Puoi perdere tutto il denaro che investi.',
        project_owner: 'Faro Games S.r.l.',
        // Not "no fees": the platform keeps its share of every pool (ADR 0028).
        platform_share_bps: 1000,
      },
    });
    expect(body).not.toHaveProperty('pitch_id');
    expect(body).not.toHaveProperty('summary_en');
  });

  it('group and filter the list by platform, genre and currency', async () => {
    const tag = randomBytes(2).toString('hex');
    const live = await published('live', { genre: 'horror' });
    await edit(live.id, { platforms: ['META QUEST'], title: `Live ${tag}` });
    const upcoming = await published('scheduled', { genre: 'horror' });
    const demoId = await draft({ currency: 'DEMO' });
    await edit(demoId, complete({ genre: 'racing' }));
    await move(demoId, { to: 'live' });
    const funded = await published('live', { genre: 'horror' });
    await fundedByThePlatform(funded.id);

    const ids = async (query: string) =>
      (
        (await t.client().get(`/api/campaigns/?page_size=48&${query}`)).json().campaigns as Array<{
          id: string;
        }>
      ).map((c) => c.id);
    const liveIds = await ids('group=live');
    expect(liveIds).toContain(live.id);
    expect(liveIds).not.toContain(upcoming.id);
    expect(liveIds).not.toContain(funded.id);
    expect(await ids('group=upcoming')).toContain(upcoming.id);
    expect(await ids('group=upcoming')).not.toContain(live.id);
    expect(await ids('group=funded')).toContain(funded.id);
    expect(await ids('group=live&platform=META%20QUEST')).toEqual([live.id]);
    const horror = await ids('genre=horror');
    expect(horror).toEqual(expect.arrayContaining([live.id, upcoming.id, funded.id]));
    expect(horror).not.toContain(demoId);
    const demo = await ids('currency=DEMO');
    expect(demo).toContain(demoId);
    expect(demo).not.toContain(live.id);
    expect((await t.client().get('/api/campaigns/?genre=opera')).statusCode).toBe(400);
  });

  it('list demo campaigns only while they are open; a finished one keeps its page', async () => {
    const demoId = await draft({ currency: 'DEMO' });
    const body = complete({ genre: 'puzzle' });
    await edit(demoId, body);
    await move(demoId, { to: 'live' });
    await fundedByThePlatform(demoId);
    const listed = (await t.client().get('/api/campaigns/?group=funded')).json().campaigns as Array<{
      id: string;
    }>;
    expect(listed.map((c) => c.id)).not.toContain(demoId);
    expect((await t.client().get(`/api/campaigns/${body.slug}`)).statusCode).toBe(200);
  });
});

describe('notify me', () => {
  it('takes an address for a scheduled campaign and emails it when an admin opens it', async () => {
    const { id, slug: address } = await published('scheduled');
    const email = `fan_${randomBytes(3).toString('hex')}@example.com`;
    const visitor = t.client();
    const first = await visitor.post(`/api/campaigns/${address}/watchers`, { email });
    expect(first.statusCode).toBe(200);
    expect(
      (await visitor.post(`/api/campaigns/${address}/watchers`, { email: email.toUpperCase() })).json(),
    ).toEqual(first.json());
    expect(
      (await visitor.post(`/api/campaigns/${address}/watchers`, { email: 'nope' })).json().error_codes,
    ).toEqual({
      email: 'invalidEmail',
    });
    expect(await t.mailbox(email)).toEqual([]);
    await move(id, { to: 'live' });
    const mails = await t.mailbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/campaigns/${address}`);
    const late = await visitor.post(`/api/campaigns/${address}/watchers`, { email });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('campaignNotUpcoming');
    expect((await visitor.post('/api/campaigns/no-such-campaign/watchers', { email })).statusCode).toBe(404);
  });
});

describe('the studio’s own emails', () => {
  it('tells the developer when their campaign opens, with its page and its deadline', async () => {
    const { id, slug } = await published('scheduled');
    const before = (await t.mailbox(developer.payload.email)).length;
    expect((await move(id, { to: 'live' })).statusCode).toBe(200);
    const mails = await t.mailbox(developer.payload.email);
    expect(mails).toHaveLength(before + 1);
    const [open] = mails;
    expect(open!.subject).toMatch(/^“.+” is open for investment$/);
    expect(open!.text).toContain('is live: investors can read its key information sheet and invest until');
    expect(open!.text).toContain(`/campaigns/${slug}`);
  });
});

describe('cover images', () => {
  it('are re-encoded, stored under a random name and served publicly as WebP', async () => {
    const id = await draft();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();
    const body = multipart({}, { data: png, field: 'cover', filename: 'cover.png', type: 'image/png' });
    const res = await admin.client.request('POST', `/api/backoffice/campaigns/${id}/cover`, body);
    expect(res.statusCode).toBe(200);
    const url = res.json().cover_url as string;
    expect(url).toMatch(/^\/media\/covers\/[a-f0-9]{32}\.webp$/);
    const image = await t.client().get(`/api${url}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1600);
  });

  it('refuse what is not an image, whatever its name says', async () => {
    const id = await draft();
    const body = multipart(
      {},
      { data: Buffer.from('<svg onload=alert(1)>'), field: 'cover', filename: 'x.png', type: 'image/png' },
    );
    const res = await admin.client.request('POST', `/api/backoffice/campaigns/${id}/cover`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalidImage');
    expect((await rowOf(id)).coverImage).toBeNull();
    const asReviewer = await reviewer.client.request('POST', `/api/backoffice/campaigns/${id}/cover`, body);
    expect(asReviewer.statusCode).toBe(403);
  });
});
