import { CSRF_COOKIE, SESSION_COOKIE } from '@indiesplit/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, PUBLIC_URL, registerUser, type TestApp } from '../../../test/harness.ts';

// In production the account cookies only travel over HTTPS. Its own app, since NODE_ENV differs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PLATFORM_IBAN: 'DE89370400440532013000',
      PLATFORM_BIC: 'COBADEFFXXX',
      PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
    },
  });
});
afterAll(async () => t?.close());

describe('account cookies in production', () => {
  it('sets a Secure, HttpOnly, SameSite=Lax session cookie and a Secure CSRF cookie at registration', async () => {
    const res = await t.client().post('/api/auth/register/', newUser());
    expect(res.statusCode).toBe(201);
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
  });

  it('keeps the flags on the CSRF cookie endpoint and on logout', async () => {
    const { client } = await registerUser(t);
    const csrf = await client.get('/api/auth/csrf_cookie');
    expect(csrf.cookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
    const logout = await client.post('/api/auth/logout/');
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    expect(logout.cookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
  });
});
