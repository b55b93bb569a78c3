import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { ownedAccountCodeSql } from '../src/features/ledger/account-code.ts';
import { checkLedgerInvariants } from '../src/features/ledger/service.ts';
import { registerSandboxHooks } from '../src/features/payments/hooks.ts';
import { openAccounts } from '../src/features/payments/service.ts';
import type { Payments } from '../src/platform/payments/create-provider.ts';
import { MangopayProvider } from '../src/platform/payments/mangopay.ts';
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

/**
 * CPU seconds the database server's processes serving `db`'s database have used so far, by pid,
 * read from /proc (the server runs on this machine; empty where /proc cannot tell).
 */
async function serverCpu(db: Db): Promise<Map<number, number>> {
  const pids = await rowsOf<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const ticks = 100; // USER_HZ
  const out = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // Not on this machine, or gone.
    }
  }
  return out;
}

/** The provider's process (webhooks-provider.ts): the next message of `type` it sends. */
function answer<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`the provider's process ended (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
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

  // The sandbox provider, and the callers that deliver its notices, run in a process of their own
  // (webhooks-provider.ts), as a real provider is another machine: this process is the app.
  const clientId = 'indiesplit-sandbox';
  const apiKey = randomBytes(24).toString('base64url');
  const child = fork(fileURLToPath(new URL('./webhooks-provider.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SANDBOX_CLIENT_ID: clientId, SANDBOX_API_KEY: apiKey },
  });
  cleanups.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    }
  });
  if (config.payments.mode !== 'sandbox') throw new Error('the bench runs with PAYMENTS=sandbox');
  const ready = await answer<{ baseUrl: string; platformUserId: string }>(child, 'ready');
  const payments: Payments = {
    provider: new MangopayProvider({
      clientId,
      apiKey,
      baseUrl: ready.baseUrl,
      retry: { attempts: config.payments.attempts, timeoutMs: config.payments.timeoutMs },
    }),
    sandbox: null,
    platformUserId: ready.platformUserId,
    close: async () => {},
  };
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
  const started = performance.now();
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
  const wires: Array<{ iban: string; amount: number; payerName: string }> = [];
  for (let i = 0; i < wireCount; i++) {
    const account = accounts[i % accounts.length]!;
    const amount = 1_000 + ((i * 7919) % 250_000);
    wiredCents += amount;
    wires.push({ iban: account.iban, amount, payerName: names.get(account.user_id)!.toUpperCase() });
  }
  child.send({ type: 'wires', wires });
  const { notices } = await answer<{ notices: number }>(child, 'wired');
  if (notices !== wireCount) throw new Error(`${notices} notices for ${wireCount} wires`);
  const duplicates = Math.round(wireCount / 10);
  await db.execute(sql`vacuum analyze`);
  const setupSeconds = (performance.now() - started) / 1000;
  console.log(
    `setup: ${memberCount} verified members with wallets and IBANs, ${wireCount} wires ` +
      `(${(wiredCents / 100).toFixed(2)} EUR) in ${setupSeconds.toFixed(1)} s`,
  );

  // The run: the provider's process delivers the notices; this one answers them.
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50);
  const serverBefore = await serverCpu(db);
  const cpuBefore = process.cpuUsage();
  child.send({ type: 'deliver', url: config.publicUrl, duplicates, concurrency });
  const run = await answer<{
    seconds: number;
    latencies: number[];
    outcomes: Record<string, number>;
    count: number;
    cpuMs: number;
  }>(child, 'delivered');
  const cpu = process.cpuUsage(cpuBefore);
  let serverSeconds = 0;
  for (const [pid, used] of await serverCpu(db)) serverSeconds += used - (serverBefore.get(pid) ?? 0);
  clearInterval(sampler);
  const loadAfter = load();
  const { seconds, latencies } = run;
  const outcomes = new Map(Object.entries(run.outcomes));

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

  const n = run.count;
  console.log(
    `\n${n} hook notices (${wireCount} pay-ins + ${duplicates} duplicates, shuffled), ${concurrency} at once`,
  );
  console.log(`  wall time     ${seconds.toFixed(2)} s   (goal: under 20 s)`);
  console.log(`  throughput    ${(n / seconds).toFixed(0)} events/s`);
  console.log(
    `  hook latency  p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(`  peak RSS      ${mb(peakRss)} (the app's process; the provider and callers run in another)`);
  console.log(
    `  app CPU       ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms per notice ` +
      `(user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s); ` +
      `provider and callers ${(run.cpuMs / n).toFixed(2)} ms per notice, ` +
      `database server ${((serverSeconds * 1000) / n).toFixed(2)} ms per notice`,
  );
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
