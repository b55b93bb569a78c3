import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openMigratedEmbedded, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', rateLimit: 'memory' });
  });

  it('needs neither a session nor a CSRF token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 503 unavailable when the database is gone', async () => {
    // A separate instance whose database is closed under it.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-health-'));
    const database = await openMigratedEmbedded();
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
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable', rateLimit: 'memory' });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
