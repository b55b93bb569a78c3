import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { LOGIN_THROTTLE } from '../features/auth/login-throttle.ts';
import { AppError } from './errors.ts';
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore, RedisRateLimitStore } from './rate-limit.ts';

// Both stores behave alike: counts within a window, a time until reset, and a fresh count after it.
// The Redis cases need a Redis server: they run when TEST_REDIS_URL names one (CI sets it) and are
// reported as skipped otherwise, so `npm test` passes on a machine without Redis. Every run uses
// its own key prefix.

const REDIS_URL = process.env.TEST_REDIS_URL;
const NO_REDIS = !REDIS_URL;
const RUN = `test-${randomBytes(6).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memory rate limit store', () => storeBehaviour('memory', () => new MemoryRateLimitStore()));
describe.skipIf(NO_REDIS)('Redis rate limit store (needs TEST_REDIS_URL)', () =>
  storeBehaviour('Redis', () => new RedisRateLimitStore(REDIS_URL!)),
);

function storeBehaviour(name: string, make: () => RateLimitStore) {
  let store: RateLimitStore;
  let n = 0;
  const key = () => `${RUN}:${name}:${++n}`;
  beforeAll(async () => {
    store = make();
    if (store instanceof RedisRateLimitStore) await store.waitReady(2_000);
  });
  afterAll(async () => store?.close());

  it('counts attempts within a window and tells when it resets', async () => {
    const k = key();
    const windowMs = 60_000;
    expect((await store.increment(k, windowMs)).count).toBe(1);
    expect((await store.increment(k, windowMs)).count).toBe(2);
    const third = await store.increment(k, windowMs);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(windowMs - 5_000);
    expect(third.resetInMs).toBeLessThanOrEqual(windowMs);
  });

  it('reads the count without adding to it', async () => {
    const k = key();
    expect(await store.get(k)).toEqual({ count: 0, resetInMs: 0 });
    await store.increment(k, 60_000);
    await store.increment(k, 60_000);
    const read = await store.get(k);
    expect(read.count).toBe(2);
    expect(read.resetInMs).toBeGreaterThan(0);
    expect((await store.get(k)).count).toBe(2);
  });

  it('keeps the window fixed: later attempts do not push the reset further away', async () => {
    const k = key();
    const first = await store.increment(k, 60_000);
    await sleep(50);
    const later = await store.increment(k, 60_000);
    expect(later.resetInMs).toBeLessThan(first.resetInMs);
  });

  it('starts counting from zero once the window has passed', async () => {
    const k = key();
    await store.increment(k, 150);
    await store.increment(k, 150);
    await sleep(250);
    expect((await store.get(k)).count).toBe(0);
    expect((await store.increment(k, 150)).count).toBe(1);
  });

  it('counts keys separately', async () => {
    const a = key();
    const b = key();
    await store.increment(a, 60_000);
    await store.increment(a, 60_000);
    expect((await store.increment(b, 60_000)).count).toBe(1);
    expect((await store.get(a)).count).toBe(2);
  });

  it('lets a limiter refuse the attempt after the limit with the seconds to wait', async () => {
    const limiter = new RateLimiter(store);
    const rule = { name: `${RUN}:${name}:rule`, limit: 2, windowSeconds: 30 };
    await limiter.consume(rule, 'someone');
    await limiter.consume(rule, 'someone');
    const refused = await limiter.consume(rule, 'someone').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'rateLimited' });
    const seconds = (refused as AppError).options.retryAfterSeconds!;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
    await expect(limiter.consume(rule, 'someone-else')).resolves.toBeUndefined();
  });

  it('lets check refuse once recorded failures fill the window, without counting the check', async () => {
    const limiter = new RateLimiter(store);
    const rule = { name: `${RUN}:${name}:failures`, limit: 3, windowSeconds: 30 };
    for (let i = 0; i < 3; i++) {
      await expect(limiter.check(rule, 'account')).resolves.toBeUndefined();
      await limiter.fail(rule, 'account');
    }
    await expect(limiter.check(rule, 'account')).rejects.toMatchObject({ status: 429 });
    expect((await store.get(`${rule.name}:account`)).count).toBe(3);
  });
}

describe.skipIf(NO_REDIS)('the API with REDIS_URL set (needs TEST_REDIS_URL)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  // A fresh client address per run, so earlier runs against the same Redis count for nothing.
  const ip = `10.${randomBytes(3).join('.')}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: REDIS_URL!, TRUST_PROXY: 'true' } });
    // A second API instance on the same database and Redis, as behind a load balancer.
    second = await buildApp({ config: t.config, database: t.database, logger: false, startWorkers: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('shares its counters between instances: guesses spread over two instances are counted together', async () => {
    expect(t.app.ctx.limiter.store).toBeInstanceOf(RedisRateLimitStore);
    expect(second.ctx.limiter.store).toBeInstanceOf(RedisRateLimitStore);
    const client = t.client();
    client.headers['x-forwarded-for'] = ip;
    const payload = newUser();
    expect((await client.post('/api/auth/register/', payload)).statusCode).toBe(201);

    const csrf = await t.client().csrf();
    const login = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/',
        headers: {
          origin: PUBLIC_URL,
          'x-forwarded-for': ip,
          'x-csrftoken': csrf,
          cookie: `csrftoken=${csrf}`,
        },
        payload: { username: payload.username, password },
      });

    // The free failures of one (account, address) pair and the one that starts its wait.
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++) {
      const res = await login(i % 2 === 0 ? t.app : second, `Wrong-Guess-${i}`);
      expect(res.statusCode).toBe(401);
    }
    for (const app of [t.app, second]) {
      const blocked = await login(app, payload.password);
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ code: 'rateLimited', retry_after: retryAfter });
    }
  });
});
