import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { blackHole, freePort, startServer } from '../../test/server-process.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { MemoryRateLimitStore } from '../platform/rate-limit.ts';
import { postgresDatabase } from './client.ts';

// A PostgreSQL server that accepts connections and never answers (a TCP listener that never
// writes): start-up gives up after DB_CONNECT_TIMEOUT_MS with a line naming the database, and a
// running app whose database went silent answers health and pages with 503 instead of hanging.
// Both use a shorter connect timeout than the default 5 s (config.test.ts checks the default), so the
// file spends its time on the behaviour rather than waiting.

const CONNECT_TIMEOUT_MS = 1_000;
/** Above the health check's own 1.5 s budget, so a quick health answer shows that budget at work. */
const RUNNING_CONNECT_TIMEOUT_MS = 2_500;

let hole: Awaited<ReturnType<typeof blackHole>>;
let dataDir: string;

beforeAll(async () => {
  hole = await blackHole();
  dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-blackhole-'));
});
afterAll(async () => {
  await hole?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// The two wait on different things (a child process, this one's pool), so they wait side by side.
describe.concurrent('a database that never answers', () => {
  it('makes start-up fail soon after the connect timeout, naming the database without its password', async ({
    expect,
  }) => {
    const started = Date.now();
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://indiesplit:hunter2-secret@127.0.0.1:${hole.port}/platform`,
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
    const exit = await server.exited;
    const seconds = (exit.at - started) / 1000;
    expect(exit.code).toBe(1);
    // The connect timeout is 1 s; the rest is this child loading the app on a busy machine.
    expect(seconds).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS / 1000);
    expect(seconds).toBeLessThan(10);
    console.log(`start-up against a silent database gave up after ${seconds.toFixed(1)} s`);
    const output = server.output();
    expect(output).toContain(
      `Cannot reach the database postgres://indiesplit@127.0.0.1:${hole.port}/platform`,
    );
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toContain('hunter2-secret');
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 30_000);

  it('answers health with 503 within 2 s and a page with 503 service unavailable, translated', async ({
    expect,
  }) => {
    const config = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // No legal documents to record at start (an empty folder): building the app then asks the
      // silent database nothing, and the test starts at once instead of after a connect timeout.
      LEGAL_DIR: await mkdtemp(path.join(dataDir, 'legal-')),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    // The pool of a running instance whose database went silent: every connection attempt hangs
    // until the connect timeout; health must not wait that long.
    const database = postgresDatabase(`postgres://indiesplit@127.0.0.1:${hole.port}/platform`, {
      onIdleError: () => {},
      timeouts: { connectMs: RUNNING_CONNECT_TIMEOUT_MS },
    });
    const app = await buildApp({
      config,
      database,
      logger: false,
      startWorkers: false,
      rateLimitStore: new MemoryRateLimitStore(),
    });
    await app.ready();
    try {
      let started = Date.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'unavailable', rateLimit: 'memory' });

      started = Date.now();
      const page = await app.inject({
        method: 'GET',
        url: '/api/campaigns/',
        headers: { 'accept-language': 'it' },
      });
      expect(Date.now() - started).toBeLessThan(7_000);
      expect(page.statusCode).toBe(503);
      expect(page.json()).toMatchObject({
        code: 'serviceUnavailable',
        message: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
      });
      expect(page.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await database.close().catch(() => {});
    }
  }, 30_000);
});
