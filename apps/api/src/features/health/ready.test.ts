import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { MemoryRateLimitStore } from '../../platform/rate-limit.ts';

// GET /api/ready: whether this instance can take traffic. Each failing check is named; a failing
// Redis leaves the instance serving (rate limits fall back per instance), so it reads "degraded"
// with 200, while everything else that fails takes the instance out with 503.

const ready = (t: { app: TestApp['app'] }) => t.app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 200 ready with every check passed, without a session or CSRF token', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ready', failing: [], pendingMigrations: 0 });
    expect(Object.keys(body.checks).sort()).toEqual([
      'dataDir',
      'database',
      'disk',
      'migrations',
      'uploadsDir',
    ]);
    for (const check of Object.values(body.checks)) expect(check).toMatchObject({ ok: true });
    expect(body.freeDiskMb).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    // GET /api/health stays the plain liveness answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      rateLimit: 'memory',
    });
  });

  it('answers 503 naming the uploads directory when it cannot be written', async () => {
    const other = await createTestApp();
    try {
      // Where the uploads directory should be there is a file: nothing can be written into it.
      await rm(other.config.uploadsDir, { recursive: true, force: true });
      await writeFile(other.config.uploadsDir, 'not a directory');
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        failing: ['uploadsDir'],
        checks: { uploadsDir: { ok: false, reason: 'unwritable' }, dataDir: { ok: true } },
      });
    } finally {
      await other.close();
    }
  });

  it('answers 503 naming the disk when free space is under READY_MIN_FREE_DISK_MB', async () => {
    const other = await createTestApp({ env: { READY_MIN_FREE_DISK_MB: String(1024 ** 3) } });
    try {
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        failing: ['disk'],
        checks: { disk: { ok: false, reason: 'low' } },
      });
    } finally {
      await other.close();
    }
  });

  it('answers 200 degraded naming Redis when REDIS_URL points nowhere', async () => {
    const other = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1' },
      rateLimitStore: new MemoryRateLimitStore(),
    });
    try {
      const started = Date.now();
      const res = await ready(other);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        failing: ['redis'],
        checks: { redis: { ok: false, reason: 'unreachable' }, database: { ok: true } },
      });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/ready on a database without the schema, then without the database', () => {
  it('answers 503 naming the migrations, then the database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-ready-'));
    const database = await openDatabase({ dataDir: 'memory://' }); // never migrated
    const app = await buildApp({
      config: parseConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
      }),
      database,
      logger: false,
      startWorkers: false,
    });
    await app.ready();
    try {
      const missing = await ready({ app });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({
        status: 'unavailable',
        failing: ['migrations'],
        checks: { database: { ok: true }, migrations: { ok: false, reason: 'missing' } },
      });
      expect(missing.json().pendingMigrations).toBeGreaterThan(0);

      await database.close();
      // Past the one-second answer cache, on the clock it reads.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
      const gone = await ready({ app });
      expect(gone.statusCode).toBe(503);
      expect(gone.json().failing).toEqual(expect.arrayContaining(['database', 'migrations']));
    } finally {
      vi.useRealTimers();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
