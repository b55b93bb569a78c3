import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@indiesplit/shared/constants';
import { MESSAGES } from '@indiesplit/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  newUser,
  nextAddress,
  registerUser,
  type TestApp,
  TestClient,
} from '../../test/harness.ts';

// The real limiter, hit until it refuses. This file has its own app so its counters stay here.

const en = MESSAGES.en;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A browser at a given address (a fresh one by default). */
const browser = (address?: string) => new TestClient(t.app, address);

const unknownEmail = () => `nobody_${randomBytes(4).toString('hex')}@example.com`;

/** A 429 as the browser sees it: Retry-After in the header and the same seconds in the body. */
function expectRateLimited(res: LightMyRequestResponse, windowSeconds: number, code = 'rateLimited') {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code });
  expect(Number.isInteger(body.retry_after)).toBe(true);
  expect(body.retry_after).toBeGreaterThan(windowSeconds - 60);
  expect(body.retry_after).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['retry-after']).toBe(String(body.retry_after));
  if (code === 'rateLimited') {
    expect(body.message).toBe(en.rateLimited.replace('{seconds}', String(body.retry_after)));
  }
}

describe('per-account login lockout', () => {
  it('locks the account with 429 after 10 failures, even for the right password from elsewhere', async () => {
    const { payload } = await registerUser(t);
    for (let i = 0; i < 10; i++) {
      // Spread over many addresses, as a botnet would: the lock follows the account, not the IP.
      const res = await browser().post('/api/auth/', {
        username: payload.username,
        password: `Wrong-Guess-${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await browser().post('/api/auth/', {
      username: payload.username,
      password: payload.password,
    });
    expectRateLimited(locked, 15 * 60);
    expect(locked.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('counts failures against the account whether it is named by username or by email', async () => {
    const { payload } = await registerUser(t);
    const names = [
      payload.username,
      payload.email,
      payload.username.toUpperCase(),
      payload.email.toUpperCase(),
    ];
    for (let i = 0; i < 10; i++) {
      const res = await browser().post('/api/auth/', {
        username: names[i % names.length],
        password: `Wrong-${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    for (const name of [payload.username, payload.email]) {
      expectRateLimited(
        await browser().post('/api/auth/', { username: name, password: payload.password }),
        15 * 60,
      );
    }
  });

  it('does not lock another account used from the same address', async () => {
    const address = nextAddress();
    const { payload: victim } = await registerUser(t);
    const { payload: other } = await registerUser(t);
    for (let i = 0; i < 10; i++) {
      await browser(address).post('/api/auth/', { username: victim.username, password: `Wrong-${i}` });
    }
    expect(
      (await browser(address).post('/api/auth/', { username: victim.username, password: victim.password }))
        .statusCode,
    ).toBe(429);
    const res = await browser(address).post('/api/auth/', {
      username: other.username,
      password: other.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('locks an unknown account name the same way, so the lock reveals nothing', async () => {
    const name = `ghost_${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 10; i++) {
      expect(
        (await browser().post('/api/auth/', { username: name, password: `Wrong-${i}` })).statusCode,
      ).toBe(401);
    }
    expectRateLimited(
      await browser().post('/api/auth/', { username: name, password: 'Wrong-again-1' }),
      15 * 60,
    );
  });
});

describe('per-address limits', () => {
  it('refuses the 31st login attempt from one address within 5 minutes', async () => {
    const address = nextAddress();
    const { payload } = await registerUser(t);
    for (let i = 0; i < 30; i++) {
      const res = await browser(address).post('/api/auth/', {
        username: unknownEmail(),
        password: 'Wrong-Pass-1',
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await browser(address).post('/api/auth/', {
      username: payload.username,
      password: payload.password,
    });
    expectRateLimited(res, 5 * 60);
    const elsewhere = await browser().post('/api/auth/', {
      username: payload.username,
      password: payload.password,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses the 11th registration from one address within an hour', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      expect((await browser(address).post('/api/auth/register/', newUser())).statusCode).toBe(201);
    }
    const payload = newUser();
    const res = await browser(address).post('/api/auth/register/', payload);
    expectRateLimited(res, 60 * 60);
    const retry = await browser().post('/api/auth/', {
      username: payload.username,
      password: payload.password,
    });
    expect(retry.statusCode).toBe(401);
  });

  it('refuses the 31st verification attempt from one address within 10 minutes', async () => {
    const address = nextAddress();
    const { id } = await registerUser(t);
    for (let i = 0; i < 30; i++) {
      const res = await browser(address).get(
        `/api/auth/verify-email/${id}/${randomBytes(32).toString('base64url')}/`,
      );
      expect(res.statusCode).toBe(404);
    }
    const res = await browser(address).get(
      `/api/auth/verify-email/${id}/${randomBytes(32).toString('base64url')}/`,
    );
    expectRateLimited(res, 10 * 60);
  });

  it('refuses the 21st reset attempt from one address within an hour', async () => {
    const address = nextAddress();
    const guess = () => ({
      user_id: crypto.randomUUID(),
      user_token: randomBytes(32).toString('base64url'),
      new_password: 'Brand-New-Lantern-77',
    });
    for (let i = 0; i < 20; i++) {
      expect((await browser(address).post('/api/auth/reset-password/', guess())).statusCode).toBe(404);
    }
    expectRateLimited(await browser(address).post('/api/auth/reset-password/', guess()), 60 * 60);
  });

  it('refuses the 11th resend request from one address within an hour', async () => {
    const address = nextAddress();
    const client = browser(address);
    const payload = newUser();
    expect((await client.post('/api/auth/register/', payload)).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/auth/resend-verification-email/')).json().code).toBe('resendCooldown');
    }
    expectRateLimited(await client.post('/api/auth/resend-verification-email/'), 60 * 60);
  });
});

describe('password recovery limits', () => {
  it('refuses the 4th request for one address within an hour, known or unknown alike', async () => {
    const { payload } = await registerUser(t);
    const unknown = unknownEmail();
    for (const email of [payload.email, unknown]) {
      for (let i = 0; i < 3; i++) {
        expect((await browser().post('/api/auth/recover-password/', { email })).statusCode).toBe(200);
      }
    }
    const known = await browser().post('/api/auth/recover-password/', { email: payload.email.toUpperCase() });
    const missing = await browser().post('/api/auth/recover-password/', { email: unknown });
    expectRateLimited(known, 60 * 60);
    expectRateLimited(missing, 60 * 60);
    const mail = (await t.mailbox(payload.email)).filter((m) => m.subject === 'Reset your password');
    expect(mail).toHaveLength(3);
  });

  it('refuses the 11th recovery request from one address within an hour', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      const res = await browser(address).post('/api/auth/recover-password/', { email: unknownEmail() });
      expect(res.statusCode).toBe(200);
    }
    expectRateLimited(
      await browser(address).post('/api/auth/recover-password/', { email: unknownEmail() }),
      60 * 60,
    );
  });
});
