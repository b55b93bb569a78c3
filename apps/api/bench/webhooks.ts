import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { ownedAccountCodeSql } from '../src/features/ledger/account-code.ts';
import { checkLedgerInvariants } from '../src/features/ledger/service.ts';
import { registerSandboxHooks } from '../src/features/payments/hooks.ts';
import { openAccounts } from '../src/features/payments/service.ts';
import { startPayments } from '../src/platform/payments/create-provider.ts';
import { percentile, runPool } from './pool.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';
import { cleanup, cleanups, freePort, isCleaning } from './process.ts';

// The provider's webhooks on PostgreSQL with PAYMENTS=sandbox (ADR 0039): BENCH_MEMBERS (500)
// verified members each get a provider wallet and personal IBAN through the real adapter; the
// sandbox receives BENCH_WIRES (10,000) bank wires on those IBANs. Their hook notices, plus 10%
// duplicates, are delivered in shuffled order over HTTP to the app's hook endpoint by
// BENCH_CONCURRENCY (24) callers at once; each notice makes the app read the pay-in back from the
// sandbox and apply it to the ledger. Then: every pay-in credited exactly once (deposit count and
// sum equal the wires', the duplicates answered "duplicate"), each member's provider wallet balance
// equal to their ledger wallet, and the ledger's invariants. Goal: under 20 s on 2 cores.
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
//   BENCH_MEMBERS, BENCH_WIRES, BENCH_CONCURRENCY

const HOST = '127.0.0.1';
const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const memberCount = Number(process.env.BENCH_MEMBERS ?? 500);
const wireCount = Number(process.env.BENCH_WIRES ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 24);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A deterministic shuffle (xorshift), so two runs deliver in the same order. */
function shuffle<T>(items: T[], seed = 0x9e3779b9): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

async function main() {
  const limitMs = 600_000;
  setTimeout(() => {
    console.error(`The benchmark did not finish within ${limitMs / 1000} s; aborting.`);
    void cleanup().finally(() => process.exit(1));
  }, limitMs).unref();

  const target = await createThrowAwayDatabase(baseUrl);
  cleanups.push(() => target.drop());
  console.log(
    `PostgreSQL ${target.serverVersion} at ${redactUrl(baseUrl)}; throw-away database ${target.name}`,
  );
  console.log(`machine: ${cpus().length} cores, load average ${load()} (before)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  const port = await freePort(HOST);
  const config = parseConfig({
    NODE_ENV: 'development',
    HOST,
    PORT: String(port),
    PUBLIC_URL: `http://${HOST}:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: target.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: `smtp://${HOST}:2525`,
    PLATFORM_IBAN: 'DE89370400440532013000',
    PLATFORM_BIC: 'COBADEFFXXX',
    PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
    LOG_LEVEL: 'silent',
    PAYMENTS: 'sandbox',
  });
  await mkdir(config.uploadsDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl });
  if (database.kind === 'postgres')
    database.pool.on('error', (err) => {
      if (!isCleaning()) console.error(`database connection error: ${err.message}`);
    });
  cleanups.push(() => database.close());
  await runMigrations(database);
  const { db } = database;

  // The sandbox's notices are collected, not sent: the bench delivers them itself, shuffled and
  // with duplicates, as a provider retrying over a flaky network would.
  const notices: string[] = [];
  const payments = await startPayments(config.payments, { warn() {}, info() {}, error() {} } as never, {
    deliver: async (url) => {
      const u = new URL(url);
      if (u.searchParams.get('EventType') === 'PAYIN_NORMAL_SUCCEEDED')
        notices.push(`${u.pathname}${u.search}`);
    },
  });
  cleanups.push(() => payments.close());
  const sandbox = payments.sandbox!;
  const app = await buildApp({
    config,
    database,
    logger: false,
    startWorkers: false,
    payments,
    mailTransport: { send: async () => {}, close: async () => {} },
  });
  cleanups.push(() => app.close());
  await app.listen({ host: HOST, port });
  const ctx = app.ctx;
  await registerSandboxHooks(ctx);

  // Members: verified at the provider (a natural user each), then their wallet and IBAN are
  // opened by the payments feature itself, through the adapter and over HTTP.
  let started = performance.now();
  const members = await rowsOf<{ id: string; first_name: string; last_name: string }>(
    db,
    sql`insert into users (username, email, user_types, email_verified_at, terms_accepted_at, first_name, last_name)
        select 'wh_' || g, 'wh_' || g || '@example.com', array['investor'], now(), now(),
               'Ada' || g, 'Lovelace' || g
          from generate_series(1, ${memberCount}) g
        returning id::text, first_name, last_name`,
  );
  const provider = ctx.payments.provider!;
  await runPool(members, 16, async (m) => {
    const user = await provider.createNaturalUser(
      { firstName: m.first_name, lastName: m.last_name, email: `${m.id}@example.com`, tag: m.id },
      randomBytes(12).toString('hex'),
    );
    await db.execute(sql`insert into member_identities (user_id, provider_user_id, status, verified_at)
                         values (${m.id}::uuid, ${user.id}, 'verified', now())`);
    await openAccounts(ctx, m.id);
  });
  const accounts = await rowsOf<{ user_id: string; wallet_id: string; iban: string }>(
    db,
    sql`select user_id::text, wallet_id, iban from provider_accounts`,
  );
  if (accounts.length !== memberCount)
    throw new Error(`${accounts.length} accounts for ${memberCount} members`);
  const names = new Map(members.map((m) => [m.id, `${m.first_name} ${m.last_name}`]));

  // The wires: amounts from 10.00 to 2,509.99 euros, members in turn.
  let wiredCents = 0;
  for (let i = 0; i < wireCount; i++) {
    const account = accounts[i % accounts.length]!;
    const amount = 1_000 + ((i * 7919) % 250_000);
    wiredCents += amount;
    sandbox.receiveWire({ iban: account.iban, amount, payerName: names.get(account.user_id)!.toUpperCase() });
  }
  await sandbox.flushHooks();
  if (notices.length !== wireCount) throw new Error(`${notices.length} notices for ${wireCount} wires`);
  const duplicates = Math.round(wireCount / 10);
  const deliveries = shuffle([...notices, ...shuffle([...notices], 7).slice(0, duplicates)]);
  await db.execute(sql`vacuum analyze`);
  const setupSeconds = (performance.now() - started) / 1000;
  console.log(
    `setup: ${memberCount} verified members with wallets and IBANs, ${wireCount} wires ` +
      `(${(wiredCents / 100).toFixed(2)} EUR) in ${setupSeconds.toFixed(1)} s`,
  );

  // The run.
  const outcomes = new Map<string, number>();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  started = performance.now();
  const latencies = await runPool(deliveries, concurrency, async (pathAndQuery) => {
    const res = await fetch(`${config.publicUrl}${pathAndQuery}`);
    const body = (await res.json().catch(() => ({}))) as { result?: string; code?: string };
    const key = res.status === 200 ? String(body.result) : `HTTP ${res.status} ${body.code ?? ''}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const loadAfter = load();

  // The checks.
  const [deposits] = await rowsOf<{ n: string; sum: string | null }>(
    db,
    sql`select count(*) as n, sum(amount_cents) as sum from deposits where recorded_by is null`,
  );
  const [claimed] = await rowsOf<{ n: string; credited: string }>(
    db,
    sql`select count(*) as n, count(*) filter (where outcome = 'credited') as credited from provider_payins`,
  );
  const wallets = await rowsOf<{ user_id: string; wallet_id: string; posted: string }>(
    db,
    sql`select pa.user_id::text, pa.wallet_id,
               coalesce(la.credits_posted - la.debits_posted, 0)::text as posted
          from provider_accounts pa
          left join ledger_accounts la on la.code = ${ownedAccountCodeSql('wallet', sql`pa.user_id`, sql`'EUR'`)}`,
  );
  let walletMismatches = 0;
  await runPool(wallets, 16, async (w) => {
    const atProvider = await provider.getWallet(w.wallet_id);
    if (atProvider?.balance.amount !== Number(w.posted)) walletMismatches++;
  });
  const invariants = await checkLedgerInvariants(db);

  const failures: string[] = [];
  if (Number(deposits?.n) !== wireCount) failures.push(`${deposits?.n} deposits for ${wireCount} wires`);
  if (Number(deposits?.sum) !== wiredCents)
    failures.push(`deposits sum ${deposits?.sum} cents, wires ${wiredCents} cents`);
  if (Number(claimed?.credited) !== wireCount) failures.push(`${claimed?.credited} pay-ins credited`);
  if ((outcomes.get('credited') ?? 0) !== wireCount)
    failures.push(`${outcomes.get('credited') ?? 0} notices answered credited`);
  if ((outcomes.get('duplicate') ?? 0) !== duplicates)
    failures.push(`${outcomes.get('duplicate') ?? 0} notices answered duplicate, ${duplicates} sent`);
  if (walletMismatches > 0) failures.push(`${walletMismatches} provider wallets differ from the ledger`);
  if (!invariants.ok) failures.push(`ledger invariants: ${invariants.violations.join('; ')}`);

  const n = deliveries.length;
  console.log(
    `\n${n} hook notices (${wireCount} pay-ins + ${duplicates} duplicates, shuffled), ${concurrency} at once`,
  );
  console.log(`  wall time     ${seconds.toFixed(2)} s   (goal: under 20 s)`);
  console.log(`  throughput    ${(n / seconds).toFixed(0)} events/s`);
  console.log(
    `  hook latency  p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(`  peak RSS      ${mb(peakRss)} (app, sandbox and callers in this one process)`);
  console.log(`  load average  ${loadAfter} (after; ${cpus().length} cores)`);
  console.log(`  answers       ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `  checks        deposits ${deposits?.n} = wires, sum ${deposits?.sum} cents = wired; ` +
      `${wallets.length} provider wallets = ledger wallets: ${walletMismatches === 0 ? 'yes' : 'NO'}; ` +
      `ledger invariants ${invariants.ok ? 'hold' : 'BROKEN'}`,
  );
  if (failures.length > 0) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error(err instanceof BenchError ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
