import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@indiesplit/shared/constants';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema.ts';
import { campaigns } from '../src/db/schema-campaigns.ts';
import { investorProfiles } from '../src/db/schema-investing.ts';
import { checkLedgerInvariants, ensureAccount, transfer } from '../src/features/ledger/service.ts';
import { checkInvestmentInvariants } from '../src/features/settlement/invariants.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { runPool } from './pool.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';
import { cleanup, cleanupOnSignals, cleanups, freePort, rssMb } from './process.ts';

// Mixed traffic against the real server (apps/api/src/main.ts in its own process, production
// settings), on PostgreSQL and on the embedded database: session checks, the campaign list and
// campaign pages, logins and investments, from many simulated client addresses. Prints req/s,
// p50/p99, errors by kind, and the server's resident memory before and after the run (and through
// a soak). Loopback only; every phase has a time limit.
//
//   npm run bench:load -- --seconds 60 --soak 180 --connections 32 --database both|postgres|embedded
//   BENCH_DATABASE_URL (a PostgreSQL server where a throw-away database may be created;
//   default postgres://postgres@127.0.0.1:5432/test)

const HOST = '127.0.0.1';
const PASSWORD = 'Bench-Harbor-42';
const TICKET = 5_000;
const GOAL_RPS = 1_000;
const GOAL_P99_MS = 100;
/** The soak's RSS may move this much from its first sample (after warm-up) and still count as flat. */
const FLAT_RSS_FRACTION = 0.1;

/** Share of each kind of request in the mix, in percent. */
const MIX = [
  ['session check', 45],
  ['campaign list', 22],
  ['campaign page', 22],
  ['investment', 10],
  ['login', 1],
] as const;
type Kind = (typeof MIX)[number][0];

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    soak: { type: 'string', default: '0' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    database: { type: 'string', default: 'both' },
    investors: { type: 'string', default: '200' },
    campaigns: { type: 'string', default: '10' },
  },
});

function intArg(name: keyof typeof args, min: number, max: number): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new BenchError(`--${name} must be an integer from ${min} to ${max}, got ${args[name]}`);
  }
  return value;
}

interface Fixture {
  investors: Array<{ username: string }>;
  logins: Array<{ username: string }>;
  slugs: string[];
  campaignIds: string[];
}

/** Investors with money and a complete profile, accounts that only log in, live campaigns. */
async function seed(
  database: Awaited<ReturnType<typeof openDatabase>>,
  investors: number,
  campaignCount: number,
) {
  const { db } = database;
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const make = (prefix: string, n: number) =>
    Array.from({ length: n }, () => {
      const id = randomUUID();
      return {
        id,
        username: `${prefix}_${id.slice(0, 12)}`,
        email: `${prefix}_${id}@example.com`,
        passwordHash: hash,
        userTypes: ['investor'],
        emailVerifiedAt: new Date(),
        termsAcceptedAt: new Date(),
      };
    });
  const investorRows = make('inv', investors);
  const loginRows = make('login', 100);
  for (const rows of [investorRows, loginRows]) {
    for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
  }
  await db.insert(investorProfiles).values(
    investorRows.map((u) => ({
      userId: u.id,
      knowledgePassed: true,
      knowledgeTakenAt: new Date(),
      knowledgeValidUntil: new Date(now + 365 * 24 * 3600_000),
      netWorthCents: 1_000_000_000,
      // No per-investment ceiling: the run can invest as often as it likes.
      investorClass: 'sophisticated',
      sophisticatedRequest: 'approved',
      sophisticatedValidUntil: new Date(now + 365 * 24 * 3600_000),
      taxResidenceCountry: 'IT',
      taxResidenceAt: new Date(),
    })),
  );
  const world = await ensureAccount(db, { kind: 'world', currency: 'EUR' });
  await runPool(investorRows, database.kind === 'postgres' ? 8 : 1, async (u) => {
    const wallet = await ensureAccount(db, { kind: 'wallet', currency: 'EUR', userId: u.id });
    await transfer(db, {
      debitAccountId: world.id,
      creditAccountId: wallet.id,
      amount: 100_000_000,
      currency: 'EUR',
      kind: 'deposit',
    });
  });
  const rows = await db
    .insert(campaigns)
    .values(
      Array.from({ length: campaignCount }, (_, i) => ({
        status: 'live' as const,
        slug: `load-${i}-${randomBytes(3).toString('hex')}`,
        title: `Load Test Game ${i}`,
        platforms: ['PC'],
        goalCents: 1_000_000,
        maxCents: 1_000_000_000_000,
        minTicketCents: TICKET,
        currency: 'EUR' as const,
        revenueShareBps: 800,
        startsAt: new Date(now - 3600_000),
        deadlineAt: new Date(now + 30 * 24 * 3600_000),
      })),
    )
    .returning({ id: campaigns.id, slug: campaigns.slug });
  return {
    investors: investorRows,
    logins: loginRows,
    slugs: rows.map((r) => r.slug ?? ''),
    campaignIds: rows.map((r) => r.id),
  } satisfies Fixture;
}

function cookiesOf(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

interface Session {
  cookie: string;
  csrf: string;
}

/** A random client address per request: per-IP limits see many visitors, as behind a proxy. */
const clientIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function anonymousCsrf(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/csrf_cookie`, { headers: { 'x-forwarded-for': clientIp() } });
  const token = cookiesOf(res).get(CSRF_COOKIE);
  if (res.status !== 200 || !token) throw new BenchError(`GET /api/auth/csrf_cookie answered ${res.status}`);
  return token;
}

async function logIn(base: string, username: string, anonCsrf: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      cookie: `${CSRF_COOKIE}=${anonCsrf}`,
      [CSRF_HEADER]: anonCsrf,
      'x-forwarded-for': clientIp(),
    },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const jar = cookiesOf(res);
  const session = jar.get(SESSION_COOKIE);
  const csrf = jar.get(CSRF_COOKIE);
  if (res.status !== 200 || !session || !csrf) {
    throw new BenchError(`login of ${username} answered ${res.status} ${await res.text()}`);
  }
  return { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, csrf };
}

interface RunResult {
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
  byKind: Map<Kind, { n: number; failed: number; statuses: Map<number, number> }>;
}

/** One autocannon run of the mix; each request picks its kind at random by the weights. */
async function runMix(
  base: string,
  fixture: Fixture,
  sessions: Session[],
  anonCsrf: string,
  connections: number,
  seconds: number,
  onTick?: () => void,
): Promise<RunResult> {
  const byKind: RunResult['byKind'] = new Map(
    MIX.map(([kind]) => [kind, { n: 0, failed: 0, statuses: new Map<number, number>() }]),
  );
  const total = MIX.reduce((n, [, w]) => n + w, 0);
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  let keys = 0;
  const build = (context: Record<string, unknown>) => {
    let r = Math.random() * total;
    let kind: Kind = MIX[0][0];
    for (const [k, w] of MIX) {
      if (r < w) {
        kind = k;
        break;
      }
      r -= w;
    }
    context.kind = kind;
    const headers: Record<string, string> = { 'x-forwarded-for': clientIp(), accept: 'application/json' };
    switch (kind) {
      case 'session check':
        return {
          method: 'GET',
          path: '/api/auth/authenticated/',
          headers: { ...headers, cookie: pick(sessions).cookie },
        };
      case 'campaign list':
        return { method: 'GET', path: '/api/campaigns/', headers };
      case 'campaign page':
        return { method: 'GET', path: `/api/campaigns/${pick(fixture.slugs)}`, headers };
      case 'investment': {
        const s = pick(sessions);
        return {
          method: 'POST',
          path: `/api/campaigns/${pick(fixture.campaignIds)}/investments`,
          headers: {
            ...headers,
            'content-type': 'application/json',
            origin: base,
            cookie: s.cookie,
            [CSRF_HEADER]: s.csrf,
            'idempotency-key': `load-${process.pid}-${keys++}-${Math.random().toString(36).slice(2)}`,
          },
          body: JSON.stringify({
            amount_cents: TICKET,
            currency: 'EUR',
            acknowledge_key_information: true,
            acknowledge_risk: true,
          }),
        };
      }
      case 'login':
        return {
          method: 'POST',
          path: '/api/auth/',
          headers: {
            ...headers,
            'content-type': 'application/json',
            origin: base,
            cookie: `${CSRF_COOKIE}=${anonCsrf}`,
            [CSRF_HEADER]: anonCsrf,
          },
          body: JSON.stringify({ username: pick(fixture.logins).username, password: PASSWORD }),
        };
    }
  };
  const ticker = onTick ? setInterval(onTick, 10_000) : undefined;
  try {
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (req: object, context: Record<string, unknown>) => ({ ...req, ...build(context) }),
          onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
            const k = byKind.get(context.kind as Kind);
            if (!k) return;
            k.n++;
            if (status >= 400) k.failed++;
            k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
          },
        },
      ] as unknown as autocannon.Request[],
    });
    return {
      seconds,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      byKind,
    };
  } finally {
    if (ticker) clearInterval(ticker);
  }
}

async function startServer(env: Record<string, string>, base: string): Promise<ChildProcess> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new BenchError(`the server exited with code ${code} before it was ready`)),
    ),
  );
  const deadline = Date.now() + 60_000;
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/api/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new BenchError('the server did not answer /api/health within 60 s');
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  exited.catch(() => {});
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

const fmtMs = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
const fmtMb = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(0)} MB`);

function report(label: string, r: RunResult) {
  console.log(
    `  ${label}: ${r.rps.toFixed(0)} req/s · p50 ${fmtMs(r.p50)} ms · p99 ${fmtMs(r.p99)} ms · ` +
      `${r.total} requests · errors ${r.errors} · non-2xx ${r.non2xx}`,
  );
  for (const [kind, k] of r.byKind) {
    const statuses = [...k.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`    ${kind.padEnd(14)} ${String(k.n).padStart(7)}  ${statuses}`);
  }
}

async function benchOne(
  kind: 'postgres' | 'embedded',
  options: {
    seconds: number;
    soak: number;
    warmup: number;
    connections: number;
    investors: number;
    campaigns: number;
  },
): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-load-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let what = 'embedded PGlite';
  if (kind === 'postgres') {
    const baseUrl = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
    const throwAway = await createThrowAwayDatabase(baseUrl);
    cleanups.push(() => throwAway.drop());
    databaseUrl = throwAway.url;
    what = `PostgreSQL ${throwAway.serverVersion} at ${redactUrl(baseUrl)} (throw-away database ${throwAway.name})`;
  }
  const open = () => openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite'), poolSize: 8 });

  // The data is written before the server starts: the embedded database has one owner at a time.
  let database = await open();
  await runMigrations(database);
  const fixture = await seed(database, options.investors, options.campaigns);
  await database.close();

  const port = await freePort(HOST);
  const base = `http://${HOST}:${port}`;
  const server = await startServer(
    {
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Required in production; nothing in the mix sends mail.
      SMTP_URL: `smtp://${HOST}:2525`,
      PLATFORM_IBAN: 'DE89370400440532013000',
      PLATFORM_BIC: 'COBADEFFXXX',
      PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
      // The load generator stands for many visitors behind one proxy.
      TRUST_PROXY: HOST,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    base,
  );
  cleanups.push(() => stopServer(server));

  const anonCsrf = await anonymousCsrf(base);
  const sessions: Session[] = [];
  await runPool(fixture.investors, 4, async (u) => {
    sessions.push(await logIn(base, u.username, anonCsrf));
  });

  console.log(`\n${kind === 'postgres' ? 'PostgreSQL' : 'Embedded database'}: ${what}`);
  console.log(
    `  ${options.connections} connections · ${sessions.length} logged-in investors · ${fixture.slugs.length} live campaigns · ` +
      `mix ${MIX.map(([k, w]) => `${k} ${w}%`).join(', ')}`,
  );
  const rssStart = rssMb(server.pid);
  if (options.warmup > 0)
    await runMix(base, fixture, sessions, anonCsrf, options.connections, options.warmup);
  const rssBefore = rssMb(server.pid);
  const run = await runMix(base, fixture, sessions, anonCsrf, options.connections, options.seconds);
  const rssAfter = rssMb(server.pid);
  report(`${options.seconds} s`, run);
  console.log(
    `  server RSS: ${fmtMb(rssStart)} at start · ${fmtMb(rssBefore)} after warm-up · ${fmtMb(rssAfter)} after the run`,
  );

  let flat = true;
  if (options.soak > 0) {
    const samples: number[] = [rssMb(server.pid)];
    const soak = await runMix(base, fixture, sessions, anonCsrf, options.connections, options.soak, () =>
      samples.push(rssMb(server.pid)),
    );
    samples.push(rssMb(server.pid));
    report(`soak ${options.soak} s`, soak);
    const first = samples[0] ?? Number.NaN;
    const last = samples.at(-1) ?? Number.NaN;
    const growth = last - first;
    flat = Number.isNaN(growth) || growth <= first * FLAT_RSS_FRACTION;
    console.log(
      `  server RSS through the soak (every 10 s): ${samples.map((s) => s.toFixed(0)).join(' ')} MB`,
    );
    console.log(
      `  RSS growth over the soak: ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB ` +
        `(${((growth / first) * 100).toFixed(1)} %; flat means within ${FLAT_RSS_FRACTION * 100} %): ${flat ? 'flat' : 'GROWING'}`,
    );
  }

  await stopServer(server);
  // Money must add up after all that: the ledger and every investment.
  database = await open();
  try {
    const ledger = await checkLedgerInvariants(database.db);
    const investments = await checkInvestmentInvariants(database.db);
    const verdict = (r: { ok: boolean; violations: string[] }) =>
      r.ok ? 'all hold' : `${r.violations.length} violated: ${r.violations.slice(0, 3).join('; ')}`;
    console.log(`  invariants afterwards: ledger ${verdict(ledger)}, investments ${verdict(investments)}`);
    const met = run.rps >= GOAL_RPS && run.p99 < GOAL_P99_MS;
    if (kind === 'postgres') {
      console.log(
        `  goal on PostgreSQL (>= ${GOAL_RPS} req/s, p99 < ${GOAL_P99_MS} ms${options.soak > 0 ? ', flat RSS over the soak' : ''}): ` +
          `${met && flat ? 'met' : 'not met'}`,
      );
    }
    return (
      ledger.ok && investments.ok && run.errors === 0 && [...run.byKind.values()].every((k) => k.failed === 0)
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const options = {
    seconds: intArg('seconds', 1, 600),
    soak: intArg('soak', 0, 1800),
    warmup: intArg('warmup', 0, 60),
    connections: intArg('connections', 1, 512),
    investors: intArg('investors', 1, 5000),
    campaigns: intArg('campaigns', 1, 100),
  };
  const which = args.database as 'both' | 'postgres' | 'embedded';
  if (!['both', 'postgres', 'embedded'].includes(which)) {
    throw new BenchError(`--database must be both, postgres or embedded, got ${which}`);
  }
  // A stuck run must still end (and clean up).
  const perDb = options.warmup + options.seconds + options.soak + 180;
  const limitMs = (which === 'both' ? 2 : 1) * perDb * 1000;
  setTimeout(() => {
    console.error(`The benchmark did not finish within ${limitMs / 1000} s; aborting.`);
    void cleanup().finally(() => process.exit(1));
  }, limitMs).unref();

  console.log('IndieSplit mixed load (bench:load)');
  console.log(
    `  node ${process.version} · ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} before the run`,
  );
  console.log('  the server runs in its own process; the load generator shares the machine with it');
  let ok = true;
  const kinds: Array<'postgres' | 'embedded'> = which === 'both' ? ['postgres', 'embedded'] : [which];
  for (const kind of kinds) {
    ok = (await benchOne(kind, options)) && ok;
    await cleanup();
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  return ok ? 0 : 1;
}

cleanupOnSignals();

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err instanceof BenchError ? err.message : err);
} finally {
  await cleanup();
}
process.exit(code);
