import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@indiesplit/shared/constants';
import { MESSAGES } from '@indiesplit/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  newUser,
  nextAddress,
  registerUser,
  type TestApp,
  TestClient,
} from '../../../test/harness.ts';
import { backoffSeconds, LOGIN_THROTTLE } from './login-throttle.ts';

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

const login = (client: TestClient, username: string, password: string) =>
  client.post('/api/auth/', { username, password });

/** A 429 whose wait is `seconds` (a second or two may already have passed). */
function expectWait(res: LightMyRequestResponse, seconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 'rateLimited' });
  expect(res.json().retry_after).toBeGreaterThan(seconds - 3);
  expect(res.json().retry_after).toBeLessThanOrEqual(seconds);
  expect(res.headers['retry-after']).toBe(String(res.json().retry_after));
  expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
}

describe('login back-off per account and address', () => {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds, accountCeiling } = LOGIN_THROTTLE;

  it('grows the wait from 30 s, doubling, up to 15 minutes, after the free failures', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => backoffSeconds(n))).toEqual([
      0, 0, 30, 60, 120, 240, 480, 900, 900,
    ]);
    expect(backoffSeconds(freeFailures)).toBe(0);
    expect(backoffSeconds(freeFailures + 1)).toBe(firstDelaySeconds);
    expect(backoffSeconds(1_000)).toBe(maxDelaySeconds);
  });

  it('makes the guessing address wait, even with the right password, while the owner elsewhere signs in', async () => {
    const { payload } = await registerUser(t);
    const attacker = browser();
    for (let i = 0; i <= freeFailures; i++)
      expect((await login(attacker, payload.username, `Wrong-Guess-${i}`)).statusCode).toBe(401);
    expectWait(await login(attacker, payload.username, payload.password), firstDelaySeconds);
    expect((await login(browser(), payload.username, payload.password)).statusCode).toBe(200);
  });

  it('doubles the wait of an address that keeps guessing, and never locks the owner out', async () => {
    const { payload } = await registerUser(t);
    const attacker = browser();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i <= freeFailures; i++) await login(attacker, payload.username, `Wrong-${i}`);
      for (const wait of [30, 60, 120, 240]) {
        expectWait(await login(attacker, payload.username, 'Wrong-again'), wait);
        vi.setSystemTime(Date.now() + (wait + 1) * 1000);
        expect((await login(attacker, payload.username, 'Wrong-again')).statusCode).toBe(401);
      }
      expectWait(await login(attacker, payload.username, payload.password), 480);
      // Ten failures and more on this account: its owner, from their own address, signs in.
      expect((await login(browser(), payload.username, payload.password)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the account whether it is named by username or by email, in any case', async () => {
    const { payload } = await registerUser(t);
    const address = nextAddress();
    const names = [
      payload.username,
      payload.email,
      payload.username.toUpperCase(),
      payload.email.toUpperCase(),
    ];
    for (let i = 0; i <= freeFailures; i++)
      expect((await login(browser(address), names[i % names.length]!, `Wrong-${i}`)).statusCode).toBe(401);
    for (const name of [payload.username, payload.email])
      expectWait(await login(browser(address), name, payload.password), firstDelaySeconds);
  });

  it('does not slow another account used from the same address', async () => {
    const address = nextAddress();
    const { payload: victim } = await registerUser(t);
    const { payload: other } = await registerUser(t);
    for (let i = 0; i <= freeFailures; i++) await login(browser(address), victim.username, `Wrong-${i}`);
    expect((await login(browser(address), victim.username, victim.password)).statusCode).toBe(429);
    expect((await login(browser(address), other.username, other.password)).statusCode).toBe(200);
  });

  it('slows an unknown account name the same way, so a refusal reveals nothing', async () => {
    const name = `ghost_${randomBytes(4).toString('hex')}`;
    const address = nextAddress();
    for (let i = 0; i <= freeFailures; i++)
      expect((await login(browser(address), name, `Wrong-${i}`)).statusCode).toBe(401);
    expectWait(await login(browser(address), name, 'Wrong-again-1'), firstDelaySeconds);
  });

  it('stops guesses spread over many addresses at the account ceiling, except from a device the owner signed in on', async () => {
    const { payload } = await registerUser(t);
    const ownerDevice = browser();
    expect((await login(ownerDevice, payload.username, payload.password)).statusCode).toBe(200);
    await ownerDevice.post('/api/auth/logout/');
    // A botnet: every guess from an address of its own, so no address is ever slowed.
    for (let i = 0; i < accountCeiling; i++)
      expect((await login(browser(), payload.username, `Botnet-Guess-${i}`)).statusCode).toBe(401);
    const fresh = await login(browser(), payload.username, payload.password);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().retry_after).toBeGreaterThan(3_000);
    // A known-device cookie of another account does not open this one.
    const { payload: other } = await registerUser(t);
    const otherDevice = browser();
    expect((await login(otherDevice, other.username, other.password)).statusCode).toBe(200);
    expect((await login(otherDevice, payload.username, payload.password)).statusCode).toBe(429);
    // The owner's browser is let through.
    expect((await login(ownerDevice, payload.username, payload.password)).statusCode).toBe(200);
  }, 180_000);
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
