import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.ts';
import * as core from './schema.ts';
import * as bank from './schema-bank.ts';
import * as campaigns from './schema-campaigns.ts';
import * as keyInformation from './schema-key-information.ts';
import * as ledger from './schema-ledger.ts';
import * as legal from './schema-legal.ts';
import * as mfa from './schema-mfa.ts';
import * as notifications from './schema-notifications.ts';
import * as oauth from './schema-oauth.ts';
import * as pitches from './schema-pitches.ts';
import * as revenue from './schema-revenue.ts';
import * as security from './schema-security.ts';

const schema = {
  ...core,
  ...pitches,
  ...campaigns,
  ...keyInformation,
  ...ledger,
  ...oauth,
  ...revenue,
  ...bank,
  ...security,
  ...mfa,
  ...legal,
  ...notifications,
};

export type Schema = typeof schema;
/** The outer database or a transaction: services take this, so a transaction flows down explicitly. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface PostgresDatabase {
  kind: 'postgres';
  db: Db;
  pool: pg.Pool;
  /** The pool's connection settings without statement timeouts, for migrations (ADR 0020). */
  maintenanceConfig: pg.ClientConfig;
  close(): Promise<void>;
}

export type Database = PostgresDatabase | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> };

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  dataDir?: string;
  /**
   * Start from this dump of a data directory (PGlite `dumpDataDir`), e.g. a migrated one: in memory,
   * or on disk when the directory holds no database yet (tests that need one on disk).
   */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Told about errors of idle pooled connections (PostgreSQL only). */
  onIdleError?: (err: Error) => void;
  /** PostgreSQL only (ADR 0020); the defaults are those of the configuration. */
  timeouts?: Partial<DatabaseTimeouts>;
}

export interface DatabaseTimeouts {
  /** Connecting, or waiting for a free pooled connection. */
  connectMs: number;
  /** Any one statement; also bounds, on the client side, a server that stops answering. */
  statementMs: number;
  /** A transaction left open without a statement (its locks are freed). */
  idleInTransactionMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};

/** Where a connection string points, for messages: host, port and database, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `postgres://${user}${u.host || 'localhost'}${u.pathname || '/'}`;
  } catch {
    return 'the configured PostgreSQL database';
  }
}

/** Start-up could not reach the database; the message names it (without credentials). */
export class DatabaseUnreachableError extends Error {}

const IN_MEMORY_SETTINGS = [
  '-c',
  'full_page_writes=off',
  '-c',
  'wal_level=minimal',
  '-c',
  'max_wal_senders=0',
  '-c',
  'synchronous_commit=off',
];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const database = postgresDatabase(options.url, options);
    // Fail now with the server's own message rather than at the first request.
    try {
      const client = await database.pool.connect();
      client.release();
    } catch (err) {
      await database.pool.end().catch(() => {});
      const reason = err instanceof Error ? err.message : String(err);
      throw new DatabaseUnreachableError(
        `Cannot reach the database ${describeDatabaseUrl(options.url)} (DATABASE_URL): ${reason}`,
        { cause: err },
      );
    }
    return database;
  }
  const dataDir = options.dataDir ?? 'memory://';
  // On disk, an acknowledged commit is flushed to it (ADR 0019). In memory (the tests, the
  // benchmarks) there is nothing to flush and nothing survives the process, so the write-ahead log
  // keeps only what a running server needs: no full-page images, minimal detail, no wait at commit.
  // That is about a tenth less CPU for the same queries.
  const client = dataDir.startsWith('memory://')
    ? new PGlite(dataDir, {
        startParams: [...PGlite.defaultStartParams, ...IN_MEMORY_SETTINGS],
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      })
    : new PGlite({
        dataDir,
        fs: new DurableNodeFS(dataDir),
        startParams: durableStartParams(),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
  await client.waitReady;
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  return {
    db: drizzlePglite(forDrizzle(client) as unknown as PGlite, { schema }) as unknown as Db,
    kind: 'pglite',
    client,
    close: () => client.close(),
  };
}

const asText = (value: string) => value;
/**
 * The parsers Drizzle gives PGlite with every query: dates, timestamps, intervals and their arrays,
 * and numeric arrays, kept as the text PostgreSQL sent, which Drizzle's columns then read.
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/**
 * PGlite as Drizzle uses it (query and transaction), without the per-query parsers: PGlite merges
 * those into its table of every type by copying the table, about 0.1 ms of CPU per query (a
 * one-row select went from 0.49 to 0.38 ms). The instance carries the same parsers instead (set
 * once above), so Drizzle reads every answer as before; raw queries on the client read those types
 * as text too.
 */
interface DrizzleClient {
  query: Transaction['query'];
  transaction<T>(work: (tx: DrizzleClient) => Promise<T>): Promise<T>;
}
function forDrizzle(client: PGlite | Transaction): DrizzleClient {
  return {
    query: (text, params, options?: QueryOptions) =>
      client.query(text, params, options && { ...options, parsers: undefined }),
    transaction: (work) => (client as PGlite).transaction((tx) => work(forDrizzle(tx))),
  };
}

/** A PostgreSQL pool with every timeout set, not yet connected (openDatabase checks the connection). */
export function postgresDatabase(
  url: string,
  options: Omit<DatabaseOptions, 'url' | 'dataDir'> = {},
): PostgresDatabase {
  const t = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // Every wait has an end (ADR 0020): a server that accepts connections and never answers fails
  // a connection after connectMs and a query after statementMs (+1 s for the server's own
  // statement_timeout to speak first); TCP keepalives notice a peer that vanished.
  const maintenanceConfig: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({
    ...maintenanceConfig,
    max: options.poolSize ?? 10,
    statement_timeout: t.statementMs,
    query_timeout: t.statementMs + 1_000,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  });
  // An idle connection can fail (database restart, administrator terminate). Without a listener
  // node-postgres re-throws that as an uncaught error and the whole API dies; the pool already
  // replaces the connection, so the error is only reported.
  pool.on('error', (err) => options.onIdleError?.(err));
  // A connection in use can fail too — the server ends a transaction left idle past its timeout
  // (25P03), or a statement's connection is terminated. The query in hand fails and the pool
  // drops the connection when it is released; without a listener the error would kill the process.
  pool.on('connect', (client) => client.on('error', (err) => options.onIdleError?.(err)));
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    maintenanceConfig,
    close: () => pool.end(),
  };
}
