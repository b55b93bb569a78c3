import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/fixtures/investing.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { runDigests } from '../notifications/digest.ts';

// The studio's answer to a question is a notification (ADR 0037): the asker finds it in the app,
// and its email (with the answer) by their preference for `question_answered`.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Member = Awaited<ReturnType<typeof member>>;

async function askedQuestion(delivery?: 'immediately' | 'daily' | 'off') {
  const studio = await member(t);
  const campaign = await insertCampaign(db(), { developerId: studio.id, title: 'Moss & Marrow' });
  const asker = await member(t);
  if (delivery) {
    const res = await asker.client.request('PUT', '/api/notifications/preferences/', {
      body: { preferences: [{ type: 'question_answered', delivery }] },
    });
    expect(res.statusCode).toBe(200);
  }
  const asked = await asker.client.post(`/api/campaigns/${campaign.slug}/posts`, {
    kind: 'question',
    body: 'Will it run on the Deck?',
  });
  expect(asked.statusCode).toBe(201);
  return { studio, campaign, slug: campaign.slug as string, asker, questionId: asked.json().id as string };
}

const replyTo = (client: TestClient, id: string, body: string) =>
  client.post(`/api/community/posts/${id}/replies`, { body });

async function answeredNotifications(m: Member) {
  const res = await m.client.get('/api/notifications/');
  expect(res.statusCode).toBe(200);
  return (res.json().results as Array<{ type: string; campaign: unknown; data: unknown }>).filter(
    (n) => n.type === 'question_answered',
  );
}

const answerMails = async (m: Member) =>
  (await t.mailbox(m.payload.email)).filter((mail) => /answered your question/.test(mail.subject));

describe('the answer to a question', () => {
  it('notifies the asker in the app and by email with the answer, once', async () => {
    const { studio, slug, asker, questionId } = await askedQuestion();
    expect((await replyTo(studio.client, questionId, 'Yes, verified at launch.')).statusCode).toBe(201);
    await replyTo(studio.client, questionId, 'And on Linux too.');

    expect(await answeredNotifications(asker)).toEqual([
      expect.objectContaining({
        campaign: { slug, title: 'Moss & Marrow' },
        data: { post_id: questionId },
      }),
    ]);
    const [mail, ...more] = await answerMails(asker);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('The studio answered your question on “Moss & Marrow”');
    expect(mail!.text).toContain('Yes, verified at launch.');
    expect(mail!.text).toContain(`/campaigns/${slug}#post-${questionId}`);
    // The studio is told nothing of its own answer.
    expect(await answeredNotifications(studio)).toEqual([]);
  });

  it('waits for the daily digest, or sends no email at all, by the asker’s choice', async () => {
    const daily = await askedQuestion('daily');
    const off = await askedQuestion('off');
    await replyTo(daily.studio.client, daily.questionId, 'Soon.');
    await replyTo(off.studio.client, off.questionId, 'Later.');
    expect(await answeredNotifications(daily.asker)).toHaveLength(1);
    expect(await answeredNotifications(off.asker)).toHaveLength(1);
    expect(await answerMails(daily.asker)).toEqual([]);
    expect(await answerMails(off.asker)).toEqual([]);

    await runDigests(t.app.ctx, new Date(Date.now() + 26 * 3600_000));
    const [digest] = (await t.mailbox(daily.asker.payload.email)).filter((m) => m.subject.includes('digest'));
    expect(digest?.text).toContain('Moss & Marrow: the studio answered your question');
    // The digest carries the line, not the answer.
    expect(digest?.text).not.toContain('Soon.');
    expect((await t.mailbox(off.asker.payload.email)).filter((m) => m.subject.includes('digest'))).toEqual(
      [],
    );
  });

  it('tells no one of a reply by another member or by staff', async () => {
    const { asker, questionId } = await askedQuestion();
    const other = await member(t);
    const admin = await member(t, 'admin');
    expect((await replyTo(other.client, questionId, 'Probably!')).statusCode).toBe(201);
    expect((await replyTo(admin.client, questionId, 'The studio will answer here.')).statusCode).toBe(201);
    expect(await answeredNotifications(asker)).toEqual([]);
    expect(await answerMails(asker)).toEqual([]);
  });
});
