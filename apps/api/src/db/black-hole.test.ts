import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blackHole, freePort, startServer } from '../../test/server-process.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { MemoryRateLimitStore } from '../platform/rate-limit.ts';
import { postgresDatabase } from './client.ts';

// A PostgreSQL server that accepts connections and never answers (a TCP listener that never
// writes): start-up fails within about 10 s with a line naming the database, and a running app
// whose database went silent answers health and pages with 503 instead of hanging.

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

describe('a database that never answers', () => {
  it('makes start-up fail within about 10 s, naming the database without its password', async () => {
    const started = Date.now();
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://indiesplit:hunter2-secret@127.0.0.1:${hole.port}/platform`,
    });
    const exit = await server.exited;
    const seconds = (exit.at - started) / 1000;
    expect(exit.code).toBe(1);
    // The default connect timeout is 5 s; the rest is this child loading TypeScript on a busy machine.
    expect(seconds).toBeLessThan(15);
    console.log(`start-up against a silent database gave up after ${seconds.toFixed(1)} s`);
    const output = server.output();
    expect(output).toContain(
      `Cannot reach the database postgres://indiesplit@127.0.0.1:${hole.port}/platform`,
    );
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toContain('hunter2-secret');
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 30_000);

  it('answers health with 503 within 2 s and a page with 503 service unavailable, translated', async () => {
    const config = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    // The pool of a running instance whose database went silent: every connection attempt hangs
    // until the default connect timeout (5 s); health must not wait that long.
    const database = postgresDatabase(`postgres://indiesplit@127.0.0.1:${hole.port}/platform`, {
      onIdleError: () => {},
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
