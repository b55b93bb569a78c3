import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';

// Every API test file gets a database of its own, but migrating forty-odd migrations per file is
// the same work done a hundred times. The suite migrates once (Vitest's global setup), then each
// file copies the result: a PostgreSQL template database (`create database … template …`, a file
// copy in the server) or a PGlite data directory dump loaded into a fresh in-memory instance. The
// PGlite dump is kept in the system's temporary folder under a digest of everything it is made
// from (the migrations, the code that opens and migrates the database, PGlite's version), so a
// later run on the same machine loads it instead of migrating again: 3 s at the start of every run
// that no test could share.

/** What the global setup hands to the test files (Vitest `provide` / `inject`). */
export type DatabaseTemplate =
  | { kind: 'postgres'; name: string }
  | { kind: 'pglite'; file: string; failure: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** A connection string for another database on the same server. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates and migrates a template database; returns its name and how to drop it. */
export async function preparePostgresTemplate(
  baseUrl: string,
): Promise<{ template: DatabaseTemplate; drop: () => Promise<void> }> {
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 1 });
  try {
    await runMigrations(database);
  } finally {
    // No connection may stay open on a template while it is being copied.
    await database.close();
  }
  await onServer(baseUrl, `alter database ${name} with is_template true`);
  return {
    template: { kind: 'postgres', name },
    drop: async () => {
      await onServer(baseUrl, `alter database ${name} with is_template false`);
      await onServer(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

const SNAPSHOT_DIR = path.join(tmpdir(), 'indiesplit-test-template');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The installed PGlite's version: its dump need not load into another. */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(await readFile(manifest, 'utf8'));
      if (name === '@electric-sql/pglite') return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('PGlite package.json not found');
    dir = parent;
  }
}

/** A digest of what the migrated database is made from. */
async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256').update(await pgliteVersion());
  const folder = migrationsFolder();
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(path.join(folder, file)));
  const db = path.resolve(import.meta.dirname, '../src/db');
  for (const file of ['client.ts', 'migrate.ts', 'durable-nodefs.ts']) {
    hash.update(`\0${file}\0`).update(await readFile(path.join(db, file)));
  }
  hash.update(await readFile(new URL('./build-pglite-snapshot.ts', import.meta.url)));
  return hash.digest('hex').slice(0, 24);
}

/**
 * A dump of an in-memory PGlite with every migration applied: the one an earlier run left for the
 * same migrations, or a new one. A new one is made in a worker thread while the test workers start
 * and load the app (about 2.5 s that used to come before either), and written under a temporary
 * name and renamed, so two runs at once never read half a file. The test files wait for it
 * (waitForPgliteSnapshot); if it cannot be made, its error is written to `template.failure`.
 */
export async function preparePgliteSnapshot(): Promise<{
  template: DatabaseTemplate;
  drop: () => Promise<void>;
}> {
  const file = path.join(SNAPSHOT_DIR, `migrated-${await snapshotKey()}.tar`);
  const failure = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.failed`;
  const template: DatabaseTemplate = { kind: 'pglite', file, failure };
  if (existsSync(file)) {
    // Its time is its last use: the clean-up below never takes a dump a run is reading.
    const now = new Date();
    await utimes(file, now, now);
    return { template, drop: async () => {} };
  }

  await mkdir(SNAPSHOT_DIR, { recursive: true });
  // Dumps no run has used for a day (other migrations, other checkouts).
  for (const old of await readdir(SNAPSHOT_DIR)) {
    const other = path.join(SNAPSHOT_DIR, old);
    if (old.startsWith('migrated-') && (await stat(other)).mtimeMs < Date.now() - DAY_MS) {
      await rm(other, { force: true });
    }
  }
  // Node strips the types of the worker's TypeScript itself, as it does for the tests' processes.
  const worker = new Worker(new URL('./build-pglite-snapshot.ts', import.meta.url), { workerData: { file } });
  const built = new Promise<void>((resolve) => {
    worker.once('error', (err) => writeFileSync(failure, err.stack ?? String(err)));
    worker.once('exit', (code) => {
      if (code !== 0 && !existsSync(failure)) writeFileSync(failure, `the worker exited with code ${code}`);
      resolve();
    });
  });
  return {
    template,
    drop: async () => {
      await built;
      await rm(failure, { force: true });
    },
  };
}

/** The dump's path once it exists; throws the reason if it could not be made. */
export async function waitForPgliteSnapshot(template: Extract<DatabaseTemplate, { kind: 'pglite' }>) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (existsSync(template.file)) return template.file;
    if (existsSync(template.failure)) {
      throw new Error(
        `The migrated test database could not be made:\n${await readFile(template.failure, 'utf8')}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`No migrated test database at ${template.file} after 120 s`);
    await sleep(20);
  }
}
