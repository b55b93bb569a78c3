import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { notFound, unauthorized } from './errors.ts';

// Prometheus metrics (ADR 0021): the process (event-loop delay, memory, CPU, GC) from prom-client's
// default collectors, HTTP durations by route pattern and status, the database pool, and what the
// database says about the outbox and the settlement worker. Served at GET /metrics behind a bearer
// token (METRICS_TOKEN), and/or on an internal port (METRICS_PORT).

/** Database-derived gauges are read at most this often, whatever the number of scrapers. */
const DB_STATS_TTL_MS = 5_000;
/** A scrape never waits longer than this for the database; the gauges then keep their last reading. */
const DB_STATS_TIMEOUT_MS = 2_000;

export type WorkerName =
  | 'mail'
  | 'settlement'
  | 'revenue'
  | 'housekeeping'
  | 'sophisticated-expiry'
  | 'notification-digest'
  | 'community-reminders'
  | 'newsletters';
const WORKERS: WorkerName[] = [
  'mail',
  'settlement',
  'revenue',
  'housekeeping',
  'sophisticated-expiry',
  'notification-digest',
  'community-reminders',
  'newsletters',
];

// The process-wide collectors (event loop, heap, CPU, GC) exist once per process: they describe
// the process, not an app, and each set keeps a timer and observers for good.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

interface DbStats {
  outboxPending: number;
  outboxOldestSeconds: number;
  outboxFailed: number;
  settlementOverdue: number;
  settlementLagSeconds: number;
  unsettledInvestments: number;
  probeSeconds: number;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** One app's metrics. Always present (workers count their errors); served only when enabled. */
export class Metrics {
  private readonly database: Database;
  readonly registry = new Registry();
  private readonly workerErrors: Counter<'worker'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private stats: { at: number; value: DbStats } | undefined;
  private attempt: Promise<void> | undefined;
  private attemptAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<DbStats> | undefined;
  private dbUp = 0;

  constructor(database: Database) {
    this.database = database;
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'indiesplit_http_request_duration_seconds',
      help: 'Time from the request to the end of the answer, by route pattern (never the raw URL) and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.workerErrors = new Counter({
      name: 'indiesplit_worker_errors_total',
      help: 'Errors caught by the background workers (a failed mail delivery, settlement or revenue step, round).',
      labelNames: ['worker'],
      registers,
    });
    // Every worker shows from the first scrape, at 0, so rate() and alerts see the first error.
    for (const worker of WORKERS) this.workerErrors.inc({ worker }, 0);
    this.poolMetrics(registers);
    this.databaseMetrics(registers);
  }

  workerError(worker: WorkerName): void {
    this.workerErrors.inc({ worker });
  }

  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(status) }, seconds);
  }

  /** The exposition text: the process's collectors, then this app's. */
  async render(): Promise<string> {
    const [process, app] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${app}`;
  }

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;

  private poolMetrics(registers: Registry[]): void {
    const database = this.database;
    const size = new Gauge({
      name: 'indiesplit_db_pool_max',
      help: 'Most connections the pool opens (the embedded database has exactly one).',
      registers,
    });
    size.set(database.kind === 'postgres' ? (database.pool.options.max ?? 10) : 1);
    if (database.kind !== 'postgres') return;
    const pool = database.pool;
    new Gauge({
      name: 'indiesplit_db_pool_connections',
      help: 'Connections the pool holds, by state: idle (free) or in use.',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'indiesplit_db_pool_waiting',
      help: 'Queries waiting for a free connection of the pool right now.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    // How long each query or transaction waited for a connection: the pool's own queue. Every
    // checkout goes through connect(), queries included, so timing it here sees them all.
    const wait = new Histogram({
      name: 'indiesplit_db_pool_acquire_seconds',
      help: 'Time a query or transaction waited for a connection from the pool.',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    });
    const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
    (pool as unknown as { connect: typeof connect }).connect = (cb) => {
      const started = performance.now();
      const observe = () => wait.observe((performance.now() - started) / 1000);
      if (typeof cb === 'function') {
        return connect((...args: unknown[]) => {
          observe();
          cb(...args);
        });
      }
      return (connect() as Promise<unknown>).then(
        (client) => {
          observe();
          return client;
        },
        (err: unknown) => {
          observe();
          throw err;
        },
      );
    };
  }

  private databaseMetrics(registers: Registry[]): void {
    const metrics = this;
    const gauge = (name: string, help: string, pick: (s: DbStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const stats = await metrics.dbStats();
          if (stats) this.set(pick(stats));
        },
      });
    gauge(
      'indiesplit_db_probe_seconds',
      'Time of a trivial query, waiting for a connection included (on the embedded database: its queue).',
      (s) => s.probeSeconds,
    );
    gauge(
      'indiesplit_outbox_pending',
      'Emails queued in the outbox and not yet sent.',
      (s) => s.outboxPending,
    );
    gauge(
      'indiesplit_outbox_oldest_pending_age_seconds',
      'Age of the oldest email still waiting in the outbox (0 when it is empty).',
      (s) => s.outboxOldestSeconds,
    );
    gauge(
      'indiesplit_outbox_failed',
      'Emails the outbox gave up on after every attempt.',
      (s) => s.outboxFailed,
    );
    gauge(
      'indiesplit_settlement_overdue_campaigns',
      'Campaigns past their deadline (and past every reflection period) that are not decided yet.',
      (s) => s.settlementOverdue,
    );
    gauge(
      'indiesplit_settlement_lag_seconds',
      'How long the longest-overdue campaign has waited for its decision (0 when none waits).',
      (s) => s.settlementLagSeconds,
    );
    gauge(
      'indiesplit_settlement_unsettled_investments',
      'Reserved investments of decided or cancelled campaigns not yet posted or refunded.',
      (s) => s.unsettledInvestments,
    );
    new Gauge({
      name: 'indiesplit_db_stats_up',
      help: '1 when the last reading of the database-derived gauges succeeded; 0: they hold older values.',
      registers,
      async collect() {
        await metrics.dbStats();
        this.set(metrics.dbUp);
      },
    });
  }

  /**
   * The database-derived readings, cached for a few seconds and read by one query at a time. A
   * reading that does not come within the timeout leaves the previous one in place, and the next
   * attempt waits for the end of the cache period: a scrape never waits more than once.
   */
  private async dbStats(): Promise<DbStats | undefined> {
    if (!this.attempt && Date.now() - this.attemptAt >= DB_STATS_TTL_MS) {
      this.attemptAt = Date.now();
      this.attempt = this.attemptRead().finally(() => {
        this.attempt = undefined;
      });
    }
    await this.attempt;
    return this.stats?.value;
  }

  private async attemptRead(): Promise<void> {
    // A reading still running from an earlier attempt is waited for, never doubled.
    this.reading ??= this.readDbStats().finally(() => {
      this.reading = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), DB_STATS_TIMEOUT_MS);
    });
    try {
      const value = await Promise.race([this.reading, timeout]);
      if (value) this.stats = { at: Date.now(), value };
      this.dbUp = value ? 1 : 0;
    } catch {
      this.dbUp = 0;
    } finally {
      clearTimeout(timer);
    }
  }

  private async readDbStats(): Promise<DbStats> {
    const db = this.database.db;
    const started = performance.now();
    await db.execute(sql`select 1`);
    const probeSeconds = (performance.now() - started) / 1000;
    // Both use indexes on (status, …); the settlement part looks only at live campaigns past
    // their deadline, closing ones, and reserved investments of settling campaigns.
    const outbox = await db.execute(sql`
      select count(*) filter (where status = 'pending') as pending,
             coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0) as oldest,
             count(*) filter (where status = 'failed') as failed
        from mail_outbox where status in ('pending', 'failed')`);
    const settlement = await db.execute(sql`
      with due as (
        select deadline_at as due_at from campaigns where status = 'live' and deadline_at <= now()
        union all
        select greatest(c.deadline_at, coalesce((select max(i.reflection_ends_at) from investments i
                 where i.campaign_id = c.id and i.status = 'reserved'), c.deadline_at))
          from campaigns c where c.status = 'closing'
      )
      select (select count(*) from due where due_at <= now()) as overdue,
             coalesce((select extract(epoch from now() - min(due_at)) from due where due_at <= now()), 0) as lag,
             (select count(*) from investments i join campaigns c on c.id = i.campaign_id
               where i.status = 'reserved'
                 and c.status in ('funded', 'services_active', 'launched', 'completed', 'failed', 'cancelled')
             ) as unsettled`);
    const o = (outbox as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    const s = (settlement as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    return {
      probeSeconds,
      outboxPending: num(o.pending),
      outboxOldestSeconds: Math.max(0, num(o.oldest)),
      outboxFailed: num(o.failed),
      settlementOverdue: num(s.overdue),
      settlementLagSeconds: Math.max(0, num(s.lag)),
      unsettledInvestments: num(s.unsettled),
    };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries the token; compared in constant time. */
function authorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Times every answer by route pattern, and answers GET /metrics on the main port when the
 * configuration allows it (a token, or outside production): 404 otherwise, 401 without the token.
 * Register before the routes.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: MetricsConfig): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The pattern the router matched (`/api/campaigns/:slug`), so labels stay few; anything the
    // router did not match counts under one label.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!config.onMainPort) throw notFound();
    if (!authorized(req.headers.authorization, config.token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}

/** The internal listener for METRICS_PORT: GET /metrics only (the token too, when one is set). */
export function startMetricsServer(metrics: Metrics, config: MetricsConfig): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!authorized(req.headers.authorization, config.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain' });
      res.end('unauthorized\n');
      return;
    }
    metrics.render().then(
      (text) =>
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  // A scraper's connection is short; never keep the process alive for one.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host, () => {
      server.off('error', reject);
      server.unref();
      resolve(server);
    });
  });
}
