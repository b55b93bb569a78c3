import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

// Every API test file gets a database of its own, but migrating forty-odd migrations per file is
// the same work done a hundred times. The suite migrates once (Vitest's global setup), then each
// file copies the result: a PostgreSQL template database (`create database … template …`, a file
// copy in the server) or a PGlite data directory dump loaded into a fresh in-memory instance.

/** What the global setup hands to the test files (Vitest `provide` / `inject`). */
export type DatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string };

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

/** Migrates an in-memory PGlite and dumps its data directory to a file. */
export async function preparePgliteSnapshot(): Promise<{
  template: DatabaseTemplate;
  drop: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'indiesplit-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await runMigrations(database);
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    const dump = await database.client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    template: { kind: 'pglite', file },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}
