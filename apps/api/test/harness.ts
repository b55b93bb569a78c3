import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@indiesplit/shared/constants';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { extract as tarExtract } from 'tar';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { recoveryQueue } from '../src/features/auth/recovery-queue.ts';
import { type DatabaseTemplate, databaseUrl, waitForPgliteSnapshot } from './database-template.ts';

// Each test file gets its own real database: an in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). In CI that server must
// answer: a connection failure fails the suite instead of skipping it. The databases start as
// copies of one migrated by the suite's global setup (database-template.ts); migrating again then
// finds nothing to do. Outside Vitest (benchmarks) there is no template and each one is migrated.
// An embedded database a closed test app leaves behind is emptied and handed to the next one in
// the same test process (embeddedDatabase below): loading the dump costs about a second of CPU,
// emptying every table a few milliseconds.

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

type PgliteTemplate = Extract<DatabaseTemplate, { kind: 'pglite' }>;
let pgliteSnapshotFile: Promise<string> | undefined;
/** The migrated PGlite dump's path, once the global setup has made it. */
function snapshotFile(template: PgliteTemplate): Promise<string> {
  pgliteSnapshotFile ??= waitForPgliteSnapshot(template);
  return pgliteSnapshotFile;
}

let pgliteSnapshotBlob: Promise<Blob> | undefined;
/** The dump (a tar of the data directory) as PGlite's `loadDataDir` takes it, once per test process. */
function snapshotBlob(template: PgliteTemplate): Promise<Blob> {
  pgliteSnapshotBlob ??= snapshotFile(template).then(async (file) => new Blob([await readFile(file)]));
  return pgliteSnapshotBlob;
}

/** The suite's migrated PGlite dump for an in-memory instance; undefined outside Vitest's global setup. */
async function migratedPgliteDump(): Promise<Blob | undefined> {
  const template = databaseTemplate();
  return template?.kind === 'pglite' ? snapshotBlob(template) : undefined;
}

/**
 * Writes the suite's migrated data directory into `dir` (empty or missing), or, outside Vitest's
 * global setup, creates and migrates one there. The dump is a tar of the directory. PGlite's own
 * `loadDataDir` writes its 1,400-odd files through its emulated file system, a few calls each: about
 * 1.9 s on disk, where extracting them with Node's file system takes under one. What PGlite then
 * opens is the same directory.
 */
export async function writeMigratedDataDir(dir: string): Promise<void> {
  const template = databaseTemplate();
  if (template?.kind !== 'pglite') {
    const database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    await database.close();
    return;
  }
  await mkdir(dir, { recursive: true, mode: 0o750 });
  // The entries' names start with '/' ("/base/1/1259"): extracted below `dir`, as tar does by
  // default, which it reports as a warning (an error in strict mode) unless told so first.
  await tarExtract({
    file: await snapshotFile(template),
    cwd: dir,
    strict: true,
    filter: (name, entry) => {
      if ('path' in entry) entry.path = name.replace(/^\/+/, '');
      return true;
    },
  });
}

type EmbeddedDatabase = Extract<Database, { kind: 'pglite' }>;

/**
 * A migrated embedded database of its own (in memory, or in an empty directory): loaded from the
 * suite's dump, which costs about 0.4 s where creating a cluster from nothing costs 1.2 s (more on
 * disk, where each file it writes is synced) and migrating it another 0.4 s. Outside Vitest's
 * global setup it is created and migrated.
 */
export async function openMigratedEmbedded(dataDir = 'memory://'): Promise<EmbeddedDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await writeMigratedDataDir(dataDir);
  const dump = inMemory ? await migratedPgliteDump() : undefined;
  const database = await openDatabase({ dataDir, ...(dump ? { loadDataDir: dump } : {}) });
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  if (inMemory && !dump) await runMigrations(database);
  return database;
}

/** Embedded databases of closed test apps in this test process, ready to be emptied and reused. */
const idleEmbedded: EmbeddedDatabase[] = [];
/** The schema each embedded database had when it was opened (schemaFingerprint). */
const openedSchema = new WeakMap<EmbeddedDatabase, string>();

/**
 * A digest of the application's schema: its relations, columns, constraints, triggers and
 * functions. A test that changed it (a trigger that refuses new users, a constraint) leaves a
 * database no other test file may inherit.
 */
async function schemaFingerprint(database: EmbeddedDatabase): Promise<string> {
  const { rows } = await database.client.query<{ digest: string }>(
    `select md5(coalesce(string_agg(item, ',' order by item), '')) as digest from (
       select 'r:' || c.relname || ':' || c.relkind::text as item
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
       union all
       select 'a:' || c.relname || ':' || a.attname || ':' || a.atttypid || ':' || a.attnotnull
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
       union all
       select 'k:' || k.conname || ':' || pg_get_constraintdef(k.oid)
         from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public'
       union all
       select 't:' || t.tgname || ':' || t.tgenabled::text
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public'
       union all
       select 'f:' || p.proname || ':' || md5(p.prosrc)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
     ) schema_items`,
  );
  return rows[0]!.digest;
}

/**
 * An empty migrated embedded database: one a closed test app left, emptied, or a new one from the
 * suite's dump. Every table of the application loses its rows (its triggers, such as the ledger's
 * append-only guard and the foreign keys, switched off for it), every used sequence goes back to its
 * start, and DISCARD ALL drops what the session kept (settings, temporary tables, advisory locks).
 * The migrations' own journal stays: no migration writes rows into the application's tables, so an
 * emptied database is a migrated one. DELETE rather than TRUNCATE: truncating gives every table and
 * index new files, about 110 ms in PGlite's in-memory file system, where deleting the few rows a
 * test file left costs a few milliseconds.
 */
async function embeddedDatabase(template: DatabaseTemplate | undefined): Promise<Database> {
  let reused = idleEmbedded.pop();
  while (reused?.client.closed) reused = idleEmbedded.pop();
  if (!reused) {
    const database = (await openDatabase({
      dataDir: 'memory://',
      ...(template?.kind === 'pglite' ? { loadDataDir: await snapshotBlob(template) } : {}),
    })) as EmbeddedDatabase;
    if (template?.kind === 'pglite') openedSchema.set(database, await schemaFingerprint(database));
    return database;
  }
  const { rows } = await reused.client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  // DISCARD ALL may not run in the implicit transaction of a multi-statement exec.
  await reused.client.exec('discard all');
  await reused.client.exec(
    `set session_replication_role = replica;
     ${rows.map((r) => `delete from ${r.name};`).join('\n')}
     reset session_replication_role;`,
  );
  await reused.client.query(
    `select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
       from pg_sequences where schemaname = 'public' and last_value is not null`,
  );
  return reused;
}

/** Keeps a closed test app's embedded database for the next one, unless its schema was changed. */
async function releaseEmbedded(database: EmbeddedDatabase): Promise<void> {
  const opened = openedSchema.get(database);
  if (opened && !database.client.closed && (await schemaFingerprint(database)) === opened) {
    idleEmbedded.push(database);
  } else if (!database.client.closed) {
    await database.close();
  }
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
  const database = pgDb
    ? await openDatabase({ url: pgDb.url, poolSize: 4, onIdleError: () => {} })
    : await embeddedDatabase(template);
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
      if (database.kind === 'pglite') await releaseEmbedded(database);
      else await database.close();
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
