import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp, type TestClient } from '../../test/harness.ts';

// A production instance: HTTPS-only headers and cookies, and no development mailbox.

const ORIGIN = 'https://indiesplit.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: ORIGIN,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PLATFORM_IBAN: 'DE89370400440532013000',
      PLATFORM_BIC: 'COBADEFFXXX',
      PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
    },
  });
});
afterAll(async () => t?.close());

function client(): TestClient {
  const c = t.client();
  c.headers.origin = ORIGIN;
  return c;
}

describe('production', () => {
  it('runs with the production configuration', () => {
    expect(t.config.isProduction).toBe(true);
    expect(t.config.publicOrigin).toBe(ORIGIN);
  });

  it('sends HSTS for two years including subdomains, and asks browsers to upgrade requests', async () => {
    const res = await client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks the CSRF and session cookies Secure, and the session cookie HttpOnly', async () => {
    const c = client();
    const csrf = await c.get('/api/auth/csrf_cookie');
    expect(csrf.cookies.find((k) => k.name === 'csrftoken')).toMatchObject({ secure: true, sameSite: 'Lax' });

    const registered = await c.post('/api/auth/register/', newUser());
    expect(registered.statusCode).toBe(201);
    const session = registered.cookies.find((k) => k.name === 'sessionid');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(registered.cookies.find((k) => k.name === 'csrftoken')?.secure).toBe(true);

    const loggedOut = await c.post('/api/auth/logout/');
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.cookies.find((k) => k.name === 'sessionid')).toMatchObject({ value: '', secure: true });
  });

  it('refuses unsafe requests from the old plain-HTTP origin', async () => {
    const c = client();
    await c.csrf();
    c.headers.origin = 'http://indiesplit.example';
    const res = await c.post('/api/auth/register/', newUser());
    expect(res.statusCode).toBe(403);
  });

  it('has no development mailbox, neither the JSON nor the page, and no development fixtures', async () => {
    const payload = newUser();
    expect((await client().post('/api/auth/register/', payload)).statusCode).toBe(201);
    await t.app.ctx.mail.drain();

    const api = await client().get('/api/dev/mailbox');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('notFound');
    expect((await client().get(`/api/dev/mailbox?to=${encodeURIComponent(payload.email)}`)).statusCode).toBe(
      404,
    );
    expect((await client().get('/api/dev/mailbox/1/html')).statusCode).toBe(404);

    // The development tools that change things are absent too, even to a client with a CSRF token.
    const c = client();
    await c.csrf();
    const fixture = await c.post('/api/dev/fixtures/revenue-campaign', { stage: 'paid' });
    expect(fixture.statusCode).toBe(404);
    expect(fixture.json().code).toBe('notFound');
    expect((await c.post('/api/dev/campaigns/starfall-couriers/fast-forward')).statusCode).toBe(404);

    // A browser asking for the page, or any other client, gets at most the web app's shell (when the
    // app is built), never the messages.
    for (const accept of ['text/html', '*/*']) {
      const page = await client().get('/dev/mailbox', { accept });
      expect(page.body).not.toContain('Development mailbox');
      expect(page.body).not.toContain(payload.email);
      expect(page.body).not.toContain('verify-email');
    }
  });
});
