import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, statfs, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';

// Readiness (ADR 0020): can this instance serve traffic now? Each check has its own deadline, all
// run together, and one answer serves every probe arriving within CACHE_MS, so a flood of probes
// costs one round of checks (a select, a Redis ping, two small files, a statfs) per second at most.

export const CHECK_TIMEOUT_MS = 1_500;
const CACHE_MS = 1_000;

export type CheckName = 'database' | 'migrations' | 'redis' | 'dataDir' | 'uploadsDir' | 'disk';

export interface CheckResult {
  ok: boolean;
  /** A short reason when not ok: timeout, unreachable, missing, behind, unwritable, low. */
  reason?: string;
  ms: number;
}

export interface Readiness {
  /** ready: all checks pass; degraded: only Redis fails (limits fall back per instance); else unavailable. */
  status: 'ready' | 'degraded' | 'unavailable';
  failing: CheckName[];
  checks: Partial<Record<CheckName, CheckResult>>;
  /** Free space on the data directory's file system, in MB. */
  freeDiskMb?: number;
  /** Migrations shipped with this build and not applied to the database. */
  pendingMigrations?: number;
}

/** Checks whose failure still lets the instance serve (see the ADR): reported, not fatal. */
const SOFT: ReadonlySet<CheckName> = new Set(['redis']);

class CheckFailed extends Error {}

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The `when` of the newest migration this build ships (drizzle-kit's journal). */
function latestShippedMigration(): { count: number; when: number } {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ when: number }>;
  };
  return { count: journal.entries.length, when: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

export interface ReadinessDeps {
  config: Config;
  db: Db;
  log: { warn(obj: object, msg: string): void };
  /** The file storage: a remote store (STORAGE=s3) is checked in place of the uploads folder. */
  storage?: { check?(): Promise<void> };
}

export class ReadinessChecker {
  private readonly deps: ReadinessDeps;
  private readonly shipped = latestShippedMigration();
  private cached: { at: number; result: Promise<Readiness> } | undefined;

  constructor(deps: ReadinessDeps) {
    this.deps = deps;
  }

  check(): Promise<Readiness> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= CACHE_MS) this.cached = { at: now, result: this.run() };
    return this.cached.result;
  }

  private async run(): Promise<Readiness> {
    const { config } = this.deps;
    const extra: Pick<Readiness, 'freeDiskMb' | 'pendingMigrations'> = {};
    const checks: Array<[CheckName, () => Promise<void>]> = [
      ['database', () => this.database()],
      ['migrations', () => this.migrations(extra)],
      ['dataDir', () => writable(config.dataDir)],
      config.storage.kind === 's3'
        ? ['uploadsDir', async () => this.deps.storage?.check?.()]
        : ['uploadsDir', () => writable(config.uploadsDir)],
      ['disk', () => this.disk(extra)],
    ];
    if (config.redisUrl) checks.push(['redis', () => redisPing(config.redisUrl!)]);

    const results = await Promise.all(
      checks.map(async ([name, run]): Promise<[CheckName, CheckResult]> => {
        const started = performance.now();
        try {
          await withTimeout(run(), CHECK_TIMEOUT_MS);
          return [name, { ok: true, ms: Math.round(performance.now() - started) }];
        } catch (err) {
          const reason = err instanceof CheckFailed ? err.message : 'error';
          this.deps.log.warn({ err, check: name }, 'readiness check failed');
          return [name, { ok: false, reason, ms: Math.round(performance.now() - started) }];
        }
      }),
    );
    const failing = results.filter(([, r]) => !r.ok).map(([name]) => name);
    const status =
      failing.length === 0 ? 'ready' : failing.every((n) => SOFT.has(n)) ? 'degraded' : 'unavailable';
    return { status, failing, checks: Object.fromEntries(results), ...extra };
  }

  private async database(): Promise<void> {
    await this.deps.db.execute(sql`select 1`);
  }

  private async migrations(extra: { pendingMigrations?: number }): Promise<void> {
    const exists = await this.deps.db.execute<{ found: string | null }>(
      sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
    );
    if (!rowsOf<{ found: string | null }>(exists)[0]?.found) {
      extra.pendingMigrations = this.shipped.count;
      throw new CheckFailed('missing');
    }
    const applied = await this.deps.db.execute<{ created_at: string | number | null; n: string | number }>(
      sql`select max(created_at) as created_at, count(*) as n from drizzle.__drizzle_migrations`,
    );
    const row = rowsOf<{ created_at: string | number | null; n: string | number }>(applied)[0];
    const latest = Number(row?.created_at ?? 0);
    // Rows are applied in journal order; what is newer than the last applied one is pending.
    extra.pendingMigrations =
      latest >= this.shipped.when ? 0 : Math.max(1, this.shipped.count - Number(row?.n ?? 0));
    if (latest < this.shipped.when) throw new CheckFailed(latest === 0 ? 'missing' : 'behind');
  }

  private async disk(extra: { freeDiskMb?: number }): Promise<void> {
    const fsStats = await statfs(this.deps.config.dataDir);
    const freeMb = Math.floor((fsStats.bavail * fsStats.bsize) / (1024 * 1024));
    extra.freeDiskMb = freeMb;
    if (freeMb < this.deps.config.operations.readyMinFreeDiskMb) throw new CheckFailed('low');
  }
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres returns { rows }, PGlite returns { rows } too; be tolerant of an array.
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Writes and removes a probe file: the directory exists and this process may write there. */
async function writable(dir: string): Promise<void> {
  const probe = path.join(dir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    // Created on demand, as the storage does; a file in its place or a read-only mount fails here.
    await mkdir(dir, { recursive: true });
    await writeFile(probe, 'ok', { flag: 'wx' });
  } catch {
    throw new CheckFailed('unwritable');
  }
  await unlink(probe).catch(() => {});
}

/** Its own short-lived connection: independent of the rate limiter's client and its fallback. */
async function redisPing(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // reported by the check, not as an unhandled event
  try {
    await redis.connect();
    if ((await redis.ping()) !== 'PONG') throw new CheckFailed('unexpected');
  } catch (err) {
    throw err instanceof CheckFailed ? err : new CheckFailed('unreachable');
  } finally {
    redis.disconnect();
  }
}
