import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { ConfigError, parseConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { failures, type LoadOptions, type LoadSummary, load } from './load.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';
import { cleanup, cleanupOnSignals, cleanups, freePort, isCleaning } from './process.ts';
import { registerThroughApi } from './session.ts';

// Load test of the hot path of every page view: GET /api/auth/authenticated/ with a logged-in
// session on PostgreSQL (session lookup, CSRF hook, security headers, response validation), next to
// a bare Fastify route in the same process, so the ratio shows what the application costs on top
// of the framework on this machine.
//
// Environment: BENCH_DATABASE_URL (a server where a throw-away database may be created),
// DURATION and WARMUP (seconds per route), CONNECTIONS.

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const P99_GOAL_MS = 25;
const HOST = '127.0.0.1';

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new BenchError(`${name} must be a positive integer`);
  return value;
}

/** A port nobody listens on right now: the app's public URL has to name it before the app exists. */

// The load generator records latencies in whole milliseconds.
const ms = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

function table(rows: Array<{ route: string; s: LoadSummary }>): string {
  const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'];
  const body = rows.map(({ route, s }) => [
    route,
    s.requestsPerSecond.toFixed(0),
    ms(s.p50),
    ms(s.p99),
    `${s.errors}/${s.non2xx}${s.mismatches ? ` (+${s.mismatches} wrong body)` : ''}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<number> {
  const seconds = positiveInt('DURATION', 10);
  const warmup = positiveInt('WARMUP', 2);
  const connections = positiveInt('CONNECTIONS', 50);
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;

  // A stuck run must still end (and clean up).
  const limitMs = (2 * (seconds + warmup) + 120) * 1000;
  setTimeout(() => {
    console.error(`The benchmark did not finish within ${limitMs / 1000} s; aborting.`);
    void cleanup().finally(() => process.exit(1));
  }, limitMs).unref();

  const throwAway = await createThrowAwayDatabase(databaseUrl);
  cleanups.push(() => throwAway.drop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  const port = await freePort(HOST);
  const config = parseConfig({
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    PUBLIC_URL: `http://${HOST}:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: throwAway.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Required in production; never contacted, mail goes to the discarding transport below.
    SMTP_URL: `smtp://${HOST}:2525`,
    PLATFORM_IBAN: 'DE89370400440532013000',
    PLATFORM_BIC: 'COBADEFFXXX',
    PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
    LOG_LEVEL: 'silent',
  });
  await mkdir(config.uploadsDir, { recursive: true });
  // Opened as the server opens it (same pool size).
  const database = await openDatabase({ url: config.databaseUrl });
  if (database.kind === 'postgres') {
    // The pool hands back its connections before the server has closed them, so dropping the
    // database can still reach one; without a listener that error would end the process.
    database.pool.on('error', (err) => {
      if (!isCleaning()) console.error(`database connection error: ${err.message}`);
    });
  }
  cleanups.push(() => database.close());
  await runMigrations(database);

  const app = await buildApp({
    config,
    database,
    logger: false,
    startWorkers: false,
    mailTransport: { send: async () => {}, close: async () => {} },
  });
  cleanups.push(() => app.close());
  await app.listen({ host: HOST, port });

  const session = await registerThroughApi(config.publicUrl);

  // The framework alone: one route answering the same JSON, no plugins, no hooks, no database.
  const bare = Fastify({ logger: false });
  const bareBody: unknown = JSON.parse(session.authenticatedBody);
  bare.get('/bare', async () => bareBody);
  cleanups.push(() => bare.close());
  await bare.listen({ host: HOST, port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;

  const targets: Array<Omit<LoadOptions, 'connections' | 'seconds'> & { route: string }> = [
    {
      route: 'GET /bare (bare Fastify)',
      url: `http://${HOST}:${barePort}/bare`,
      headers: {},
      expectBody: JSON.stringify(bareBody),
    },
    {
      route: 'GET /api/auth/authenticated/',
      url: `${config.publicUrl}/api/auth/authenticated/`,
      headers: { cookie: session.cookie },
      expectBody: session.authenticatedBody,
    },
  ];

  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const poolSize = database.kind === 'postgres' ? database.pool.options.max : 1;
  console.log('IndieSplit API benchmark');
  console.log(
    `  node ${process.version} · ${availableParallelism()} CPUs (${cpuModel}) · ` +
      `load average ${loadavg()[0]?.toFixed(2)} before the run`,
  );
  console.log(
    `  database: ${database.kind} ${throwAway.serverVersion} at ${redactUrl(databaseUrl)} ` +
      `(throw-away database ${throwAway.name}, pool of ${poolSize})`,
  );
  console.log(
    `  ${connections} connections · ${warmup} s warm-up + ${seconds} s measured per route · ` +
      `load generator in its own thread · logged in as ${session.username}`,
  );
  console.log('');

  const rows: Array<{ route: string; s: LoadSummary }> = [];
  for (const target of targets) {
    const warm = await load({ ...target, connections, seconds: warmup });
    if (failures(warm) > 0) {
      console.error(
        `${target.route}: ${warm.errors} errors, ${warm.non2xx} non-2xx, ${warm.mismatches} wrong bodies during warm-up`,
      );
      return 1;
    }
    rows.push({ route: target.route, s: await load({ ...target, connections, seconds }) });
  }

  const [bareRow, authRow] = rows;
  if (!bareRow || !authRow) throw new Error('missing results');
  console.log(table(rows));
  console.log('');
  const ratio = authRow.s.requestsPerSecond / bareRow.s.requestsPerSecond;
  console.log(`ratio authenticated/bare req/s: ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)} %)`);
  const met = authRow.s.p99 < P99_GOAL_MS;
  console.log(
    `p99 goal < ${P99_GOAL_MS} ms (authenticated route): ${met ? 'met' : 'not met'} ` +
      `(${ms(authRow.s.p99)} ms at ${connections} connections on ${availableParallelism()} CPUs)`,
  );

  const failed = rows.filter((r) => failures(r.s) > 0);
  for (const r of failed) {
    console.error(
      `FAILED ${r.route}: ${r.s.errors} errors, ${r.s.non2xx} non-2xx, ${r.s.mismatches} wrong bodies`,
    );
  }
  return failed.length > 0 ? 1 : 0;
}

cleanupOnSignals();

let code = 1;
try {
  code = await main();
} catch (err) {
  if (err instanceof BenchError || err instanceof ConfigError) console.error(err.message);
  else console.error(err);
} finally {
  await cleanup();
}
process.exit(code);
