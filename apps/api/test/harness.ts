import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@indiesplit/shared/constants';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { recoveryQueue } from '../src/features/auth/recovery-queue.ts';
import { type DatabaseTemplate, databaseUrl } from './database-template.ts';

// Each test file gets its own real database: an in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). In CI that server must
// answer: a connection failure fails the suite instead of skipping it. The databases start as
// copies of one migrated by the suite's global setup (database-template.ts); migrating again then
// finds nothing to do. Outside Vitest (benchmarks) there is no template and each one is migrated.

export const PUBLIC_URL = 'http://indiesplit.test';

/**
 * The suite runs on PostgreSQL (TEST_DATABASE_URL). Race tests run only there: on the embedded
 * PGlite a single connection serialises every call, so nothing would race.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const ORIGIN = PUBLIC_URL;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** Delivers queued mail now and returns the dev mailbox (newest first). */
  mailbox(to?: string): Promise<Array<{ to: string; subject: string; text: string; html: string }>>;
  client(): TestClient;
  close(): Promise<void>;
}

/** The migrated database the global setup made, when running under Vitest with it. */
function databaseTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

let pgliteSnapshot: Promise<Blob> | undefined;
/** The migrated PGlite dump, read once per test process. */
function loadPgliteSnapshot(file: string): Promise<Blob> {
  pgliteSnapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteSnapshot;
}

/**
 * The suite's migrated PGlite dump, for a test that needs an embedded database on disk: loading it
 * into an empty directory replaces migrating from nothing. Undefined outside Vitest's global setup.
 */
export async function migratedPgliteDump(): Promise<Blob | undefined> {
  const template = databaseTemplate();
  return template?.kind === 'pglite' ? loadPgliteSnapshot(template.file) : undefined;
}

async function createPostgresDatabase(
  baseUrl: string,
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'config' | 'database'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-test-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = databaseTemplate();
  const pgDb = baseUrl
    ? await createPostgresDatabase(baseUrl, template?.kind === 'postgres' ? template.name : undefined)
    : undefined;
  const config = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...overrides.env,
  });
  const database = await openDatabase({
    url: pgDb?.url,
    dataDir: 'memory://',
    ...(!pgDb && template?.kind === 'pglite' ? { loadDataDir: await loadPgliteSnapshot(template.file) } : {}),
    poolSize: 4,
    onIdleError: () => {},
  });
  await runMigrations(database);
  const { env: _env, ...rest } = overrides;
  const app = await buildApp({ config, database, logger: false, startWorkers: false, ...rest });
  await app.ready();

  const t: TestApp = {
    app,
    database,
    config,
    dataDir,
    async mailbox(to) {
      await recoveryQueue(app.ctx).drain();
      await app.ctx.mail.drain();
      const res = await app.inject({
        method: 'GET',
        url: `/api/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
      });
      return res.json();
    },
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

let addresses = 0;
/** A fresh client IP address (10.x.y.z), never handed out twice in a test process. */
export function nextAddress(): string {
  const n = addresses++;
  return `10.${Math.floor(n / 62500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/**
 * A browser-like client: keeps cookies, fetches the CSRF cookie and echoes it, sends our Origin.
 * Each client connects from an address of its own, so per-IP rate limits never carry over from one
 * test to another; pass the same address to two clients to act as one network.
 */
export class TestClient {
  private readonly app: FastifyInstance;
  readonly address: string;
  readonly cookies = new Map<string, string>();
  headers: Record<string, string> = { origin: ORIGIN };

  constructor(app: FastifyInstance, address: string = nextAddress()) {
    this.app = app;
    this.address = address;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      const expired =
        c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async csrf(): Promise<string> {
    const res = await this.request('GET', '/api/auth/csrf_cookie');
    return res.json().csrfToken;
  }

  async request(
    method: Method,
    url: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      payload?: Buffer | string;
      csrf?: boolean;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (method !== 'GET' && options.csrf !== false) {
      if (!this.cookies.has(CSRF_COOKIE)) await this.csrf();
      headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE)!;
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.address,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: options.body as object }
          : {}),
    });
    this.remember(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, headers ? { headers } : {});
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

let counter = 0;
/** A unique, valid registration payload. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter++;
  const id = `${randomBytes(3).toString('hex')}${counter}`;
  return {
    username: `user_${id}`,
    email: `user_${id}@example.com`,
    password: 'Sunny-Harbor-42',
    re_password: 'Sunny-Harbor-42',
    name: 'Ada',
    surname: 'Lovelace',
    user_types: ['investor'],
    newsletter: false,
    accepted_terms: true,
    ...overrides,
  };
}

/** Registers through the API and returns the logged-in client with the payload used. */
export async function registerUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const client = t.client();
  const payload = newUser(overrides);
  const res = await client.post('/api/auth/register/', payload);
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return { client, payload, id: res.json().id as string };
}

/** Extracts the first link to PUBLIC_URL from an email's text. */
export function linkIn(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}${pathPrefix}[^\\s]+`));
  if (!match) throw new Error(`no ${pathPrefix} link in: ${text}`);
  return match[0];
}
