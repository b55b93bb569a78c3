import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as core from './schema.ts';
import * as bank from './schema-bank.ts';
import * as campaigns from './schema-campaigns.ts';
import * as ledger from './schema-ledger.ts';
import * as mfa from './schema-mfa.ts';
import * as oauth from './schema-oauth.ts';
import * as pitches from './schema-pitches.ts';
import * as revenue from './schema-revenue.ts';

const schema = { ...core, ...pitches, ...campaigns, ...ledger, ...oauth, ...revenue, ...bank, ...mfa };

export type Schema = typeof schema;
/** The outer database or a transaction: services take this, so a transaction flows down explicitly. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> }
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> };

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
  /** Told about errors of idle pooled connections (PostgreSQL only). */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection can fail (database restart, administrator terminate). Without a listener
    // node-postgres re-throws that as an uncaught error and the whole API dies; the pool already
    // replaces the connection, so the error is only reported.
    pool.on('error', (err) => options.onIdleError?.(err));
    // Fail now with the server's own message rather than at the first request.
    const client = await pool.connect();
    client.release();
    return {
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      close: () => pool.end(),
    };
  }
  const client = new PGlite(options.dataDir ?? 'memory://');
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    client,
    close: () => client.close(),
  };
}
