import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';
import { enqueueMail } from '../../platform/mailer.ts';

// The development mailbox (no SMTP configured): what the platform would have sent, newest first.
// Its absence in production is shown in the platform's production tests.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Entry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

async function mailbox(query = ''): Promise<Entry[]> {
  const res = await t.client().get(`/api/dev/mailbox${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/dev/mailbox', () => {
  it('shows a message only once it has been delivered from the outbox', async () => {
    const { payload } = await registerUser(t);
    expect(await mailbox(`?to=${encodeURIComponent(payload.email)}`)).toEqual([]);
    await t.app.ctx.mail.drain();
    expect(await mailbox(`?to=${encodeURIComponent(payload.email)}`)).toHaveLength(1);
  });

  it('lists messages newest first with to, subject, text, html, headers and created_at', async () => {
    const first = await registerUser(t);
    await t.app.ctx.mail.drain();
    const second = await registerUser(t);
    await t.app.ctx.mail.drain();

    const all = await mailbox();
    expect(Object.keys(all[0]!).sort()).toEqual([
      'created_at',
      'headers',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
    const addresses = all.map((m) => m.to);
    expect(addresses.indexOf(second.payload.email)).toBeLessThan(addresses.indexOf(first.payload.email));
    expect(all[0]).toMatchObject({ to: second.payload.email, subject: 'Confirm your email address' });
    expect(all[0]!.text).toContain('/auth/verify-email/');
    expect(all[0]!.html).toMatch(/^<!doctype html>/);
    for (let i = 1; i < all.length; i++) {
      expect(Date.parse(all[i - 1]!.created_at)).toBeGreaterThanOrEqual(Date.parse(all[i]!.created_at));
      expect(all[i - 1]!.id).toBeGreaterThan(all[i]!.id);
    }
    expect(new Date(all[0]!.created_at).toISOString()).toBe(all[0]!.created_at);
  });

  it('filters by recipient, ignoring case', async () => {
    const { payload } = await registerUser(t);
    await registerUser(t);
    await t.app.ctx.mail.drain();
    const mine = await mailbox(`?to=${encodeURIComponent(payload.email.toUpperCase())}`);
    expect(mine.map((m) => m.to)).toEqual([payload.email]);
  });
});

describe('the /dev/mailbox page', () => {
  it('shows the messages as an HTML page', async () => {
    const { payload } = await registerUser(t);
    await t.app.ctx.mail.drain();
    const res = await t.client().get('/dev/mailbox', { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Development mailbox');
    expect(res.body).toContain(payload.email);
    expect(res.body).toContain('Confirm your email address');
  });

  it('escapes markup that arrives in an address instead of running it', async () => {
    const hostile = `<img/src=x/onerror=alert(1)>${Date.now()}@example.com`;
    // Registration refuses such an address now; one stored before that rule still reaches the page.
    const refused = await t.client().post('/api/auth/register/', { email: hostile });
    expect(refused.json().error_codes.email).toBe('invalidEmail');
    await enqueueMail(t.database.db, {
      to: hostile,
      subject: 'Hostile address',
      text: 'x',
      html: '<p>x</p>',
    });
    await t.app.ctx.mail.drain();
    const res = await t.client().get('/dev/mailbox');
    expect(res.body).not.toContain('<img/src=x');
    expect(res.body).toContain('&#60;img/src=x/onerror=alert(1)&#62;');
  });

  it('serves a message’s HTML in a sandbox, and 404 for an unknown message', async () => {
    const { payload } = await registerUser(t);
    await t.app.ctx.mail.drain();
    const [entry] = await mailbox(`?to=${encodeURIComponent(payload.email)}`);
    const res = await t.client().get(`/api/dev/mailbox/${entry!.id}/html`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(res.body).toBe(entry!.html);
    expect((await t.client().get('/api/dev/mailbox/999999/html')).statusCode).toBe(404);
  });
});
