import { randomBytes } from 'node:crypto';
import pg from 'pg';

export class BenchError extends Error {}

export interface ThrowAwayDatabase {
  /** Connection string of the new database. */
  url: string;
  name: string;
  serverVersion: string;
  drop(): Promise<void>;
}

/** The URL without its password, for messages. */
export function redactUrl(raw: string): string {
  if (!URL.canParse(raw)) return raw;
  const url = new URL(raw);
  if (url.password) url.password = '***';
  return url.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    const reason = err instanceof Error ? err.message || err.name : String(err);
    throw new BenchError(
      `PostgreSQL is not reachable at ${redactUrl(url)} (${reason}).\n` +
        'Start a server or point BENCH_DATABASE_URL at one, e.g. postgres://postgres@127.0.0.1:5432/test',
    );
  }
  return client;
}

/** Creates an empty database on the server of baseUrl; drop() removes it even with connections left open. */
export async function createThrowAwayDatabase(baseUrl: string): Promise<ThrowAwayDatabase> {
  if (!/^postgres(ql)?:\/\//.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new BenchError(`BENCH_DATABASE_URL must be a postgres:// URL, got ${redactUrl(baseUrl)}`);
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = await connect(baseUrl);
  let serverVersion: string;
  try {
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    serverVersion = rows[0]?.server_version ?? 'unknown';
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    serverVersion,
    async drop() {
      if (dropped) return;
      dropped = true;
      const c = await connect(baseUrl);
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end().catch(() => {});
      }
    },
  };
}
