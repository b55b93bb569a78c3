import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { newsletters } from '../../db/schema-community.ts';
import { runNewsletterRound } from './newsletter.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

const db = () => t.database.db;

const draft = (overrides: Record<string, unknown> = {}) => ({
  title_en: 'Our first funded game',
  title_it: 'Il nostro primo gioco finanziato',
  body_en: 'It **works**. [Read more](https://example.com/more)',
  body_it: 'Funziona. <script>alert(1)</script>',
  ...overrides,
});

async function writeNews(overrides: Record<string, unknown> = {}) {
  const res = await admin.client.post('/api/backoffice/news/', draft(overrides));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; status: string };
}

describe('news', () => {
  it('is for members only: visitors get 401, members see published news and never drafts', async () => {
    const published = await writeNews({ title_en: 'Published one' });
    const hidden = await writeNews({ title_en: 'Still a draft' });
    expect(
      (await admin.client.post(`/api/backoffice/news/${published.id}/publish`, { published: true })).json()
        .status,
    ).toBe('published');

    expect((await t.client().get('/api/news/')).statusCode).toBe(401);
    expect((await t.client().get(`/api/news/${published.id}`)).statusCode).toBe(401);

    const reader = await registerUser(t);
    const list = await reader.client.get('/api/news/');
    expect(list.statusCode).toBe(200);
    const titles = list.json().items.map((i: { title_en: string }) => i.title_en);
    expect(titles).toContain('Published one');
    expect(titles).not.toContain('Still a draft');
    expect((await reader.client.get(`/api/news/${hidden.id}`)).statusCode).toBe(404);
    expect((await reader.client.get(`/api/news/${published.id}`)).json()).toMatchObject({
      title_it: 'Il nostro primo gioco finanziato',
    });

    // Back to draft: gone for members again.
    await admin.client.post(`/api/backoffice/news/${published.id}/publish`, { published: false });
    expect((await reader.client.get(`/api/news/${published.id}`)).statusCode).toBe(404);
  });

  it('renders the Markdown to sanitised HTML: markup typed in the text stays text', async () => {
    const item = await writeNews({
      body_en: 'Hi <img src=x onerror=alert(1)> [x](javascript:alert(1)) **bold**',
    });
    await admin.client.post(`/api/backoffice/news/${item.id}/publish`, { published: true });
    const reader = await registerUser(t);
    const got = (await reader.client.get(`/api/news/${item.id}`)).json();
    expect(got.html_en).toContain('<strong>bold</strong>');
    expect(got.html_en).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(got.html_en).not.toMatch(/<img|<script|href="javascript/i);
    expect(got.html_it).toContain('&lt;script&gt;');
  });

  it('is written by admins only, with translated errors for missing titles', async () => {
    const m = await member(t);
    expect((await m.client.post('/api/backoffice/news/', draft())).statusCode).toBe(403);
    const bad = await admin.client.post(
      '/api/backoffice/news/',
      draft({ title_it: ' ', body_en: 'x'.repeat(20_001) }),
      {
        'accept-language': 'it',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ title_it: 'newsTitleRequired', body_en: 'newsBodyTooLong' });
  });

  it('takes an image through the upload pipeline and shows it to members once published', async () => {
    const item = await writeNews();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();
    const boundary = '----news';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await admin.client.request('POST', `/api/backoffice/news/${item.id}/image`, {
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode).toBe(200);
    const url = up.json().image_url as string;
    expect(url).toMatch(/^\/api\/news\/media\/[a-f0-9]{32}\.webp$/);
    const reader = await registerUser(t);
    expect((await reader.client.get(url)).statusCode).toBe(404);
    await admin.client.post(`/api/backoffice/news/${item.id}/publish`, { published: true });
    const img = await reader.client.get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');

    const notImage = await admin.client.request('POST', `/api/backoffice/news/${item.id}/image`, {
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n<svg onload=alert(1)>\r\n--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(notImage.json().code).toBe('invalidImage');
  });
});

async function composeNewsletter() {
  const res = await admin.client.post('/api/backoffice/newsletters/', {
    subject_en: 'November at IndieSplit',
    subject_it: 'Novembre su IndieSplit',
    body_en: 'Three new games. <b>not bold</b>',
    body_it: 'Tre nuovi giochi.',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** A verified member with the newsletter switch as given. */
async function subscriber(newsletter: boolean, language: 'en' | 'it' = 'en') {
  const m = await member(t);
  await db().update(users).set({ newsletter, language }).where(eq(users.id, m.id));
  return m;
}

const newsletterMail = async (address: string) =>
  (await t.mailbox(address)).filter((m) => /IndieSplit/.test(m.subject) && !/email/i.test(m.subject));

describe('newsletter', () => {
  it('previews and sends a test copy to the admin only, labelled as a test', async () => {
    const id = await composeNewsletter();
    const preview = await admin.client.get(`/api/backoffice/newsletters/${id}/preview?language=it`);
    expect(preview.json()).toMatchObject({ subject: 'Novembre su IndieSplit' });
    expect(preview.json().text).toContain('Comunicazione commerciale');
    const other = await subscriber(true);
    expect((await admin.client.post(`/api/backoffice/newsletters/${id}/test`)).statusCode).toBe(200);
    const mine = await newsletterMail(admin.payload.email);
    expect(mine.map((m) => m.subject)).toEqual(['[TEST] November at IndieSplit']);
    expect(await newsletterMail(other.payload.email)).toEqual([]);
    expect((await admin.client.get(`/api/backoffice/newsletters/${id}`)).json().status).toBe('draft');
  });

  it('goes in batches to verified members who opted in only, with the one-click headers and a marketing label', async () => {
    // Other tests' members are left out of the count: only this test's sending is checked.
    await db().update(users).set({ newsletter: false });
    const yes = await Promise.all([subscriber(true), subscriber(true, 'it'), subscriber(true)]);
    const no = await subscriber(false);
    const unverified = await registerUser(t, { newsletter: true });
    const id = await composeNewsletter();
    const sent = await admin.client.post(`/api/backoffice/newsletters/${id}/send`);
    expect(sent.json().status).toBe('sending');
    // Once only.
    expect((await admin.client.post(`/api/backoffice/newsletters/${id}/send`)).statusCode).toBe(409);

    // Batches of 2: the round queues 2, then 1, and marks it sent.
    expect(await runNewsletterRound(t.app.ctx, undefined, undefined, 2)).toEqual({ queued: 3 });
    const [row] = await db().select().from(newsletters).where(eq(newsletters.id, id));
    expect(row).toMatchObject({ status: 'sent', recipients: 3 });
    expect(await runNewsletterRound(t.app.ctx, undefined, undefined, 2)).toEqual({ queued: 0 });

    for (const m of yes) expect(await newsletterMail(m.payload.email)).toHaveLength(1);
    expect(await newsletterMail(no.payload.email)).toEqual([]);
    expect(await newsletterMail(unverified.payload.email)).toEqual([]);

    const [mail] = await t.mailbox(yes[1]!.payload.email);
    expect(mail!.subject).toBe('Novembre su IndieSplit');
    expect(mail!.text).toContain('Comunicazione commerciale');
    const [english] = await newsletterMail(yes[0]!.payload.email);
    expect(english!.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    const headers = (english as unknown as { headers: Record<string, string> }).headers;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = headers['List-Unsubscribe']!.match(/^<(http[^>]+)>$/)![1]!;
    expect(url.startsWith(`${t.config.publicUrl}/api/newsletter/unsubscribe/`)).toBe(true);
    // The body carries the same link.
    expect(english!.text).toContain(url);
  });

  it('unsubscribes with one POST to the header’s address, without login, cookie or CSRF token', async () => {
    const m = await subscriber(true);
    const id = await composeNewsletter();
    await admin.client.post(`/api/backoffice/newsletters/${id}/send`);
    await runNewsletterRound(t.app.ctx);
    const [mail] = await newsletterMail(m.payload.email);
    const headers = (mail as unknown as { headers: Record<string, string> }).headers;
    const url = new URL(headers['List-Unsubscribe']!.slice(1, -1));

    // GET shows a confirmation page and changes nothing (link scanners follow links).
    const page = await t.app.inject({ method: 'GET', url: url.pathname, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    let [row] = await db().select({ newsletter: users.newsletter }).from(users).where(eq(users.id, m.id));
    expect(row!.newsletter).toBe(true);

    // A mail provider's one-click POST: form-encoded, no cookie, no Origin.
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    [row] = await db().select({ newsletter: users.newsletter }).from(users).where(eq(users.id, m.id));
    expect(row!.newsletter).toBe(false);
    expect((await m.client.get('/api/user/subscriptions/')).json().newsletter).toBe(false);
  });

  it('refuses a forged or altered token', async () => {
    const m = await subscriber(true);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${m.id}.${'A'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('newsletterUnsubscribeInvalid');
    const [row] = await db().select({ newsletter: users.newsletter }).from(users).where(eq(users.id, m.id));
    expect(row!.newsletter).toBe(true);
  });
});
