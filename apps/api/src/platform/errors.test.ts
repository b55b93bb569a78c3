import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedEmbedded } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

// Unexpected failures: the caller learns nothing but a generic text and a request id; the log keeps
// the details under that id. The app is built here (not through the harness) so that failing routes
// can be added before it starts.

const SECRET_DETAIL = 'postgres://admin:hunter2@db.internal/prod';
const logLines: Array<Record<string, unknown>> = [];
let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-errors-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://indiesplit.test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });
  database = await openMigratedEmbedded();
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'error', stream }, startWorkers: false });
  app.get('/api/test/throws', async () => {
    throw new Error(`cannot reach ${SECRET_DETAIL}`);
  });
  app.get('/api/test/bad-query', async () => {
    await app.ctx.db.execute(sql`select secret_column from no_such_table`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('unexpected errors', () => {
  it('answer 500 with a generic message and the request id, hiding the cause', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/throws' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 'serverError',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('cannot reach');
    expect(res.body).not.toContain('at ');
  });

  it('hide a failing database query the same way', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('serverError');
    expect(res.body).not.toContain('no_such_table');
    expect(res.body).not.toContain('secret_column');
  });

  it('log the cause under the request id the caller was given', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/throws',
      headers: { 'x-request-id': 'support-ticket-4711' },
    });
    expect(res.json().request_id).toBe('support-ticket-4711');
    const entry = logLines.find((l) => l.reqId === 'support-ticket-4711' && l.msg === 'unhandled error');
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).toContain('cannot reach');
  });

  it('answer in Italian to an Italian browser', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/throws',
      headers: { 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Si è verificato un errore da parte nostra. Riprova più tardi.');
  });
});
