import { POSTS_PER_DAY } from '@indiesplit/shared/community';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { communityPosts } from '../../db/schema-community.ts';
import { runCommunityRound } from './reminders.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

const db = () => t.database.db;

/** A live campaign whose studio is a verified member. */
async function campaignWithStudio(values: Parameters<typeof insertCampaign>[1] = {}) {
  const studio = await member(t);
  const campaign = await insertCampaign(db(), { developerId: studio.id, ...values });
  return { studio, campaign };
}

const ask = (client: TestClient, slug: string, body: string, kind = 'question') =>
  client.post(`/api/campaigns/${slug}/posts`, { kind, body });
const replyTo = (client: TestClient, id: string, body: string) =>
  client.post(`/api/community/posts/${id}/replies`, { body });
/** Mail to the address other than the sign-up's verification email. */
const mailTo = async (address: string) =>
  (await t.mailbox(address)).filter((m) => !/confirm your email|conferma il tuo indirizzo/i.test(m.subject));
const page = async (client: TestClient, slug: string) => {
  const res = await client.get(`/api/campaigns/${slug}/posts`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('asking and answering', () => {
  it('lets a verified member ask, the studio answer, and emails the asker the answer in their language', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const asker = await member(t);
    await asker.client.post('/api/user/language/', { language: 'it' });
    const asked = await ask(asker.client, campaign.slug!, 'When does the beta start?');
    expect(asked.statusCode).toBe(201);
    const questionId = asked.json().id as string;

    let view = await page(t.client(), campaign.slug!);
    expect(view.unanswered).toBe(1);
    expect(view.threads[0]).toMatchObject({
      id: questionId,
      kind: 'question',
      author: asker.payload.username,
      body: 'When does the beta start?',
      answered: false,
      badges: [],
    });

    const answered = await replyTo(studio.client, questionId, 'In March, for every investor.');
    expect(answered.statusCode).toBe(201);
    view = await page(t.client(), campaign.slug!);
    expect(view.unanswered).toBe(0);
    expect(view.threads[0]).toMatchObject({ answered: true });
    expect(view.threads[0].replies).toEqual([
      expect.objectContaining({ body: 'In March, for every investor.', badges: ['studio'] }),
    ]);

    const mail = await mailTo(asker.payload.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Lo studio ha risposto alla tua domanda su “${campaign.title}”`);
    expect(mail[0]!.text).toContain('In March, for every investor.');
    expect(mail[0]!.text).toContain(`/campaigns/${campaign.slug}#post-${questionId}`);
  });

  it('answers a question once: a second studio reply sends no second email', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const asker = await member(t);
    const id = (await ask(asker.client, campaign.slug!, 'Is there a demo?')).json().id;
    await replyTo(studio.client, id, 'Yes.');
    await replyTo(studio.client, id, 'On the page, next week.');
    expect(await mailTo(asker.payload.email)).toHaveLength(1);
  });

  it('does not count a reply by another member or by staff as the studio’s answer', async () => {
    const { campaign } = await campaignWithStudio();
    const asker = await member(t);
    const other = await member(t);
    const id = (await ask(asker.client, campaign.slug!, 'Any console port?')).json().id;
    expect((await replyTo(other.client, id, 'I hope so!')).statusCode).toBe(201);
    expect((await replyTo(admin.client, id, 'The studio will answer here.')).statusCode).toBe(201);
    const view = await page(t.client(), campaign.slug!);
    expect(view.unanswered).toBe(1);
    expect(view.threads[0].answered).toBe(false);
    expect(await mailTo(asker.payload.email)).toHaveLength(0);
  });

  it('keeps threads one level deep: a reply to a reply is refused', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const asker = await member(t);
    const id = (await ask(asker.client, campaign.slug!, 'Which engine?')).json().id;
    const replyId = (await replyTo(studio.client, id, 'Godot.')).json().id;
    const res = await replyTo(asker.client, replyId, 'Thanks!');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('communityReplyDepth');
    const [count] = await db().select().from(communityPosts).where(eq(communityPosts.parentId, replyId));
    expect(count).toBeUndefined();
  });

  it('badges who speaks: the studio, staff, and an investor of this campaign', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const investor = await readyInvestor(t, { cents: 100_000 });
    const invested = await investor.client.post(
      `/api/campaigns/${campaign.id}/investments`,
      investBody(10_000),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(invested.statusCode).toBe(201);
    const plain = await member(t);
    await ask(plain.client, campaign.slug!, 'First!', 'comment');
    const q = (await ask(investor.client, campaign.slug!, 'How are payouts computed?')).json().id;
    await replyTo(studio.client, q, 'Pro rata.');
    await replyTo(admin.client, q, 'See the key information sheet too.');
    const view = await page(t.client(), campaign.slug!);
    const thread = view.threads.find((x: { id: string }) => x.id === q);
    expect(thread.badges).toEqual(['investor']);
    expect(thread.replies.map((r: { badges: string[] }) => r.badges)).toEqual([['studio'], ['staff']]);
    const comment = view.threads.find((x: { kind: string }) => x.kind === 'comment');
    expect(comment.badges).toEqual([]);
  });

  it('renders markup as the text typed: the API returns it verbatim, never as HTML', async () => {
    const { campaign } = await campaignWithStudio();
    const asker = await member(t);
    const attack = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    expect((await ask(asker.client, campaign.slug!, attack)).statusCode).toBe(201);
    const res = await t.client().get(`/api/campaigns/${campaign.slug}/posts`);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().threads[0].body).toBe(attack);
  });
});

describe('limits', () => {
  it('needs a session and a verified email', async () => {
    const { campaign } = await campaignWithStudio();
    expect((await ask(t.client(), campaign.slug!, 'Hello?')).statusCode).toBe(401);
    const unverified = await registerUser(t);
    const res = await ask(unverified.client, campaign.slug!, 'Hello?', 'comment');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('communityEmailNotVerified');
    expect((await page(unverified.client, campaign.slug!)).can_post).toBe(false);
    expect((await page(t.client(), campaign.slug!)).threads).toEqual([]);
  });

  it('refuses an empty or oversized post with a translated field error', async () => {
    const { campaign } = await campaignWithStudio();
    const asker = await member(t);
    const long = await asker.client.post(
      `/api/campaigns/${campaign.slug}/posts`,
      { kind: 'question', body: 'x'.repeat(2001) },
      { 'accept-language': 'it' },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error_codes).toEqual({ body: 'communityPostTooLong' });
    expect(long.json().errors.body).toBe('Un messaggio può avere al massimo 2000 caratteri.');
    const empty = await ask(asker.client, campaign.slug!, '   ');
    expect(empty.json().error_codes).toEqual({ body: 'fillMandatory' });
    const kind = await asker.client.post(`/api/campaigns/${campaign.slug}/posts`, {
      kind: 'rant',
      body: 'x',
    });
    expect(kind.statusCode).toBe(400);
  });

  it('rate-limits bursts of posts per account with Retry-After', async () => {
    const { campaign } = await campaignWithStudio();
    const asker = await member(t);
    for (let i = 0; i < 5; i++)
      expect((await ask(asker.client, campaign.slug!, `Q${i}`)).statusCode).toBe(201);
    const sixth = await ask(asker.client, campaign.slug!, 'Q5');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not affected.
    const other = await member(t);
    expect((await ask(other.client, campaign.slug!, 'Mine')).statusCode).toBe(201);
  });

  it('caps the posts of one account per day, across campaigns', async () => {
    const { campaign } = await campaignWithStudio();
    const asker = await member(t);
    // Earlier posts of the day, written straight to the table (the burst limit would stop the API).
    await db()
      .insert(communityPosts)
      .values(
        Array.from({ length: POSTS_PER_DAY }, (_, i) => ({
          campaignId: campaign.id,
          authorId: asker.id,
          kind: 'comment',
          body: `earlier ${i}`,
          createdAt: new Date(Date.now() - 3600_000),
        })),
      );
    const { campaign: other } = await campaignWithStudio();
    const res = await ask(asker.client, other.slug!, 'One more');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('communityDailyLimit');
  });

  it('shows no discussion for a campaign that is not public', async () => {
    const { campaign } = await campaignWithStudio({ status: 'draft' });
    const asker = await member(t);
    expect((await t.client().get(`/api/campaigns/${campaign.slug}/posts`)).statusCode).toBe(404);
    expect((await ask(asker.client, campaign.slug!, 'Hi')).statusCode).toBe(404);
    expect(
      await db().select().from(communityPosts).where(eq(communityPosts.campaignId, campaign.id)),
    ).toEqual([]);
  });
});

describe('moderation', () => {
  it('lets members report; staff hide with a reason the author alone sees', async () => {
    const { campaign } = await campaignWithStudio();
    const author = await member(t);
    const reader = await member(t);
    const id = (
      await ask(author.client, campaign.slug!, 'Buy cheap followers at spam.example', 'comment')
    ).json().id;
    const reported = await reader.client.post(`/api/community/posts/${id}/report`, { reason: 'Spam' });
    expect(reported.statusCode).toBe(200);
    const queue = await admin.client.get('/api/backoffice/community/reports');
    expect(queue.json().posts).toEqual([
      expect.objectContaining({ id, reports: 1, reasons: ['Spam'], hidden: false }),
    ]);

    // A member cannot moderate.
    expect(
      (await reader.client.post(`/api/backoffice/community/posts/${id}/hide`, { reason: 'x' })).statusCode,
    ).toBe(403);
    const noReason = await admin.client.post(`/api/backoffice/community/posts/${id}/hide`, { reason: ' ' });
    expect(noReason.json().error_codes).toEqual({ reason: 'communityHideReasonRequired' });
    const hidden = await admin.client.post(`/api/backoffice/community/posts/${id}/hide`, {
      reason: 'Advertising is not allowed.',
    });
    expect(hidden.statusCode).toBe(200);

    // Others no longer see it at all; the author sees it with the reason; so does staff.
    expect((await page(reader.client, campaign.slug!)).threads).toEqual([]);
    expect((await page(t.client(), campaign.slug!)).threads).toEqual([]);
    const own = (await page(author.client, campaign.slug!)).threads;
    expect(own).toEqual([
      expect.objectContaining({ id, hidden: true, hidden_reason: 'Advertising is not allowed.', mine: true }),
    ]);
    const staffView = (await page(admin.client, campaign.slug!)).threads;
    expect(staffView[0]).toMatchObject({ hidden: true, hidden_reason: 'Advertising is not allowed.' });
    // The report is settled; nobody can reply under a hidden post.
    expect((await admin.client.get('/api/backoffice/community/reports')).json().posts).toEqual([]);
    expect((await replyTo(reader.client, id, 'Reply')).statusCode).toBe(404);
    expect((await replyTo(author.client, id, 'Why?')).statusCode).toBe(409);

    await admin.client.post(`/api/backoffice/community/posts/${id}/unhide`);
    expect((await page(reader.client, campaign.slug!)).threads[0]).toMatchObject({
      id,
      hidden: false,
      hidden_reason: null,
    });
  });

  it('lets staff pin a thread to the top; pinning is refused to members', async () => {
    const { campaign } = await campaignWithStudio();
    const asker = await member(t);
    const first = (await ask(asker.client, campaign.slug!, 'Older question')).json().id;
    await ask(asker.client, campaign.slug!, 'Newer question');
    expect((await page(t.client(), campaign.slug!)).threads[0].body).toBe('Newer question');
    expect(
      (await asker.client.post(`/api/backoffice/community/posts/${first}/pin`, { pinned: true })).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.post(`/api/backoffice/community/posts/${first}/pin`, { pinned: true })).statusCode,
    ).toBe(200);
    const view = await page(t.client(), campaign.slug!);
    expect(view.threads.map((x: { body: string; pinned: boolean }) => [x.body, x.pinned])).toEqual([
      ['Older question', true],
      ['Newer question', false],
    ]);
  });
});

describe('unanswered questions', () => {
  it('reminds the studio of a live offer’s question after 48 hours, once', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const asker = await member(t);
    const id = (await ask(asker.client, campaign.slug!, 'What is the release date?')).json().id;
    const asked = Date.now();

    // Before 48 hours: nothing.
    await runCommunityRound(t.app.ctx, new Date(asked + 47 * 3600_000));
    expect(await mailTo(studio.payload.email)).toHaveLength(0);
    // Past 48 hours: one reminder with the question; later rounds send no other.
    await db()
      .update(communityPosts)
      .set({ createdAt: new Date(asked - 49 * 3600_000) })
      .where(eq(communityPosts.id, id));
    expect(await runCommunityRound(t.app.ctx, new Date())).toEqual({ reminded: expect.any(Number) });
    await runCommunityRound(t.app.ctx, new Date(Date.now() + 3600_000));
    const mail = await mailTo(studio.payload.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`A question on “${campaign.title}” has waited 48 hours`);
    expect(mail[0]!.text).toContain('What is the release date?');
  });

  it('sends no reminder for an answered, hidden, or not-live question', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const { studio: fundedStudio, campaign: funded } = await campaignWithStudio({ status: 'funded' });
    const asker = await member(t);
    const answered = (await ask(asker.client, campaign.slug!, 'Answered one')).json().id;
    await replyTo(studio.client, answered, 'Done.');
    const hidden = (await ask(asker.client, campaign.slug!, 'Hidden one')).json().id;
    await admin.client.post(`/api/backoffice/community/posts/${hidden}/hide`, { reason: 'Off topic.' });
    await ask(asker.client, funded.slug!, 'After the offer');
    await db()
      .update(communityPosts)
      .set({ createdAt: new Date(Date.now() - 72 * 3600_000) })
      .where(eq(communityPosts.authorId, asker.id));
    await runCommunityRound(t.app.ctx, new Date());
    const toStudio = (await mailTo(studio.payload.email)).filter((m) => m.subject.includes('has waited'));
    expect(toStudio).toHaveLength(0);
    expect(await mailTo(fundedStudio.payload.email)).toHaveLength(0);
  });
});

describe('account deletion', () => {
  it('removes the member’s posts and the replies under their questions', async () => {
    const { studio, campaign } = await campaignWithStudio();
    const asker = await member(t);
    const id = (await ask(asker.client, campaign.slug!, 'Delete me later')).json().id;
    await replyTo(studio.client, id, 'Answer');
    const res = await asker.client.delete('/api/user/delete/');
    expect(res.statusCode).toBe(200);
    expect((await page(t.client(), campaign.slug!)).threads).toEqual([]);
    expect(
      await db().select().from(communityPosts).where(eq(communityPosts.campaignId, campaign.id)),
    ).toEqual([]);
  });
});
