import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../test/harness.ts';
import { RULES } from './rate-limit.ts';

// Redis away must not take logins and registrations with it: the limits fall back to this
// instance, one structured warning says so, /api/health reports it while staying 200, and the
// shared limits come back by themselves once Redis answers again.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Log lines the app writes, parsed. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  };
}

const health = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();

describe('rate limits with Redis unreachable (REDIS_URL on a closed port)', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' }, logger: log.logger });
  });
  afterAll(async () => t?.close());

  it('answers logins and registrations normally, and still limits per instance', async () => {
    const client = t.client();
    const payload = newUser();
    expect((await client.post('/api/auth/register/', payload)).statusCode).toBe(201);
    const stranger = t.client();
    const wrong = await stranger.post('/api/auth/', {
      username: payload.username,
      password: 'Wrong-Guess-1',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await stranger.post('/api/auth/', {
      username: payload.username,
      password: payload.password,
    });
    expect(right.statusCode).toBe(200);

    // Registrations from one address: the per-address limit holds, from this instance's memory.
    const flood = t.client();
    const codes: number[] = [];
    for (let i = 0; i <= RULES.registerPerIp.limit; i++)
      codes.push((await flood.post('/api/auth/register/', newUser())).statusCode);
    expect(codes.slice(0, RULES.registerPerIp.limit).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('reports the fallback in /api/health and stays healthy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', rateLimit: 'degraded' });
  });

  it('logs one structured warning for the outage, not one per request or reconnect, and no errors', async () => {
    // Give the client time for several reconnect attempts, each of which fails.
    await sleep(1_500);
    for (let i = 0; i < 5; i++) await t.client().post('/api/auth/', { username: 'nobody', password: 'x' });
    const warnings = log.lines.filter((l) => l.event === 'rate_limit_degraded');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/fall back/) });
    expect(log.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});

/** A TCP relay in front of the real Redis that the test can cut and restore. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const start = (port = 0) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server ? server.close(() => resolve()) : resolve();
    });
  return { start, stop };
}

describe.skipIf(!process.env.TEST_REDIS_URL)(
  'rate limits when Redis goes away and comes back (needs TEST_REDIS_URL)',
  () => {
    const target = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const cut = relay(target);
    const log = captureLog();
    let t: TestApp;
    let port: number;
    let direct: Redis;

    beforeAll(async () => {
      port = await cut.start();
      const url = new URL(target);
      url.port = String(port);
      t = await createTestApp({ env: { REDIS_URL: url.toString() }, logger: log.logger });
      direct = new Redis(target.toString());
    });
    afterAll(async () => {
      await t?.close();
      await cut.stop();
      direct?.disconnect();
    });

    it('falls back while Redis is away and shares the counters again once it answers', async () => {
      expect(await health(t)).toMatchObject({ rateLimit: 'redis' });
      const name = `recover-${randomBytes(4).toString('hex')}`;
      const shared = async () => Number((await direct.get(`rl:${name}:x`)) ?? 0);

      await t.app.ctx.limiter.fail({ name, limit: 100, windowSeconds: 60 }, 'x');
      expect(await shared()).toBe(1);

      await cut.stop();
      const client = t.client();
      const res = await client.post('/api/auth/', { username: 'nobody-here', password: 'Wrong-Guess-1' });
      expect(res.statusCode).toBe(401);
      expect(await health(t)).toMatchObject({ status: 'ok', rateLimit: 'degraded' });
      await t.app.ctx.limiter.fail({ name, limit: 100, windowSeconds: 60 }, 'x');
      expect(await shared()).toBe(1);

      await cut.start(port);
      for (let i = 0; i < 100 && (await health(t)).rateLimit !== 'redis'; i++) await sleep(100);
      expect(await health(t)).toMatchObject({ rateLimit: 'redis' });
      await t.app.ctx.limiter.fail({ name, limit: 100, windowSeconds: 60 }, 'x');
      expect(await shared()).toBe(2);

      expect(log.lines.filter((l) => l.event === 'rate_limit_degraded')).toHaveLength(1);
      expect(log.lines.filter((l) => l.event === 'rate_limit_recovered')).toHaveLength(1);
      expect(log.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    });
  },
);
