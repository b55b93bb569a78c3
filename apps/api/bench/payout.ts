import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { campaigns } from '../src/db/schema-campaigns.ts';
import { ownedAccountCodeSql } from '../src/features/ledger/account-code.ts';
import { checkLedgerInvariants, ensureAccount } from '../src/features/ledger/service.ts';
import { payDistribution, recordDeveloperPayment } from '../src/features/revenue/distribution.ts';
import { checkRevenueInvariants } from '../src/features/revenue/revenue-invariants.ts';
import { verifiedReport } from '../src/features/revenue/verified-report.ts';
import { checkInvestmentInvariants } from '../src/features/settlement/invariants.ts';
import type { AppContext } from '../src/platform/context.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';

// The payout of one distribution to a campaign with many investors, on PostgreSQL: a launched
// campaign whose BENCH_INVESTORS (100,000) investors hold posted investments (set up with bulk SQL
// that leaves every invariant true: deposits, reservations and their postings in the ledger), a
// verified report, its distribution paid in — then payDistribution, timed, with this process's
// peak memory sampled while it runs. Goal: under 10 s and 300 MB.
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else DATABASE_URL, else
//   postgres://postgres@127.0.0.1:5432/test), BENCH_INVESTORS (100000), BENCH_EXPLAIN=1 (print the
//   plans of the payout's slow statements, with their times and foreign-key checks)

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const investors = Number(process.env.BENCH_INVESTORS ?? 100_000);

const silent = { error() {}, warn() {}, info() {}, debug() {} };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The server process ids behind the pool's connections. */
async function backendPids(database: Awaited<ReturnType<typeof openDatabase>>): Promise<number[]> {
  if (database.kind !== 'postgres') return [];
  const clients = [await database.pool.connect()];
  try {
    return await Promise.all(
      clients.map(async (c) => Number((await c.query('select pg_backend_pid() as pid')).rows[0].pid)),
    );
  } finally {
    for (const c of clients) c.release();
  }
}

/** User + system CPU seconds of these processes so far, or null when they cannot be read. */
function cpuSeconds(pids: number[]): number | null {
  if (pids.length === 0) return null;
  try {
    let ticks = 0;
    for (const pid of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** Times each statement sent through node-postgres until stop(), slowest first. */
function timeStatements() {
  const times: Array<[string, number]> = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = (typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ').trim().slice(0, 90);
    const begun = performance.now();
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    const done = () => times.push([text, performance.now() - begun]);
    if (result && typeof result.then === 'function') result.then(done, done);
    return result;
  };
  return {
    stop() {
      proto.query = original;
      return times.filter(([, ms]) => ms >= 5).sort((a, b) => b[1] - a[1]);
    },
  };
}

async function main() {
  const target = await createThrowAwayDatabase(baseUrl);
  console.log(
    `PostgreSQL ${target.serverVersion} at ${redactUrl(baseUrl)}; throw-away database ${target.name}`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // One connection: the payout is one transaction, and its server process is the one measured.
  const database = await openDatabase({ url: target.url, poolSize: 1 });
  try {
    await runMigrations(database);
    const { db } = database;
    const ctx = {
      db,
      log: silent,
      mail: { nudge() {} },
      metrics: { workerError() {} },
      config: {},
    } as unknown as AppContext;

    let started = performance.now();
    const [campaign] = await db
      .insert(campaigns)
      .values({
        status: 'launched',
        slug: 'bench-payout',
        title: 'Bench payout',
        platforms: ['PC'],
        goalCents: 1,
        maxCents: 10_000_000_000_000,
        minTicketCents: 1,
        currency: 'EUR',
        revenueShareBps: 1000,
        platformShareBps: 1000,
        startsAt: new Date(Date.now() - 90 * 86_400_000),
        deadlineAt: new Date(Date.now() - 60 * 86_400_000),
        launchedOn: '2026-01-15',
      })
      .returning();
    if (!campaign) throw new Error('campaign insert returned nothing');
    const world = await ensureAccount(db, { kind: 'world', currency: 'EUR' });
    const escrow = await ensureAccount(db, { kind: 'escrow', currency: 'EUR', campaignId: campaign.id });

    // Investors with an amount each, and the ids of their ledger rows, made by the database.
    await db.execute(sql`
      create unlogged table bench_investors as
      select gen_random_uuid() as user_id, gen_random_uuid() as wallet_id, gen_random_uuid() as investment_id,
             (5000 + (g * 7919 % 200) * 250)::bigint as amount, g,
             nextval('ledger_transfers_id_seq') as deposit_id,
             nextval('ledger_transfers_id_seq') as reserve_id,
             nextval('ledger_transfers_id_seq') as post_id
      from generate_series(1, ${investors}) g`);
    await db.execute(sql`
      insert into users (id, username, email, user_types, email_verified_at, terms_accepted_at)
      select user_id, 'bench_' || g, 'bench_' || g || '@example.com', array['investor'], now(), now()
      from bench_investors`);
    // Each wallet received its amount and sent it to the escrow (reserved, then posted).
    await db.execute(sql`
      insert into ledger_accounts (id, code, kind, currency, user_id, credits_posted, debits_posted)
      select wallet_id, ${ownedAccountCodeSql('wallet', sql`user_id`, sql`'EUR'`)}, 'wallet', 'EUR', user_id, amount, amount
      from bench_investors`);
    await db.execute(sql`
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, phase, reference)
      select deposit_id, ${world.id}::uuid, wallet_id, amount, 'EUR', 'deposit', 'single', 'bench'
      from bench_investors`);
    await db.execute(sql`
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, phase, reference)
      select reserve_id, wallet_id, ${escrow.id}::uuid, amount, 'EUR', 'investment', 'pending',
             'investment:' || investment_id
      from bench_investors`);
    await db.execute(sql`
      insert into ledger_transfers
        (id, debit_account_id, credit_account_id, amount, currency, kind, phase, pending_id, reference)
      select post_id, wallet_id, ${escrow.id}::uuid, amount, 'EUR', 'investment', 'post', reserve_id,
             'investment:' || investment_id
      from bench_investors`);
    await db.execute(sql`
      update ledger_accounts set debits_posted = debits_posted + (select sum(amount) from bench_investors)
      where id = ${world.id}::uuid`);
    await db.execute(sql`
      update ledger_accounts set credits_posted = credits_posted + (select sum(amount) from bench_investors)
      where id = ${escrow.id}::uuid`);
    await db.execute(sql`
      insert into investments (id, campaign_id, investor_id, amount_cents, currency, status,
                               reserve_transfer_id, settle_transfer_id, reflection_ends_at, acknowledged_at, settled_at)
      select investment_id, ${campaign.id}::uuid, user_id, amount, 'EUR', 'posted', reserve_id, post_id, now(), now(), now()
      from bench_investors`);
    await db.execute(sql`
      update campaigns set committed_cents = (select sum(amount) from bench_investors),
                           investor_count = ${investors}
      where id = ${campaign.id}::uuid`);
    await db.execute(sql`drop table bench_investors`);
    // What autovacuum does on a live database.
    await db.execute(sql`vacuum analyze`);
    // Write the bulk setup's pages out now: a checkpoint forced by its WAL would otherwise land in
    // the timed payout (a live database spreads its checkpoints; it has no such burst behind it).
    await db.execute(sql`checkpoint`);

    // A verified month of €1,234,567.89 net: a pool of €123,456.78 to pay in and out.
    const { distribution } = await verifiedReport(db, campaign.id, {
      periodStart: '2026-01-01',
      netCents: 123_456_789,
    });
    await recordDeveloperPayment(ctx, distribution.id, {
      bankTransactionId: 'BENCH-1',
      amountCents: distribution.poolCents,
      actorId: (await rowsOf<{ id: string }>(db, sql`select id::text as id from users limit 1`))[0]!.id,
    });
    const setupSeconds = (performance.now() - started) / 1000;

    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 10);
    if (process.env.BENCH_EXPLAIN === '1' && database.kind === 'postgres') {
      // Every connection of the pool explains its statements to us (plans with times).
      for (const client of [await database.pool.connect()]) {
        client.on('notice', (n) => console.log(n.message));
        await client.query("load 'auto_explain'");
        await client.query(
          "set auto_explain.log_min_duration = 200; set auto_explain.log_analyze = on; set auto_explain.log_triggers = on; set auto_explain.log_level = 'notice'; set auto_explain.log_nested_statements = on; set client_min_messages = notice",
        );
        client.release();
      }
    }
    // The database's CPU time, read from its server processes when they run on this machine: a
    // figure the other work on a shared machine does not inflate, unlike the wall-clock time.
    const backends = await backendPids(database);
    const cpuBefore = cpuSeconds(backends);
    const statements = timeStatements();
    started = performance.now();
    const paid = await payDistribution(ctx, distribution.id);
    const paySeconds = (performance.now() - started) / 1000;
    const timed = statements.stop();
    const cpuAfter = cpuSeconds(backends);
    const dbCpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
    clearInterval(sampler);
    const end = process.memoryUsage();
    peakRss = Math.max(peakRss, end.rss);
    peakHeap = Math.max(peakHeap, end.heapUsed);

    started = performance.now();
    const checks = {
      ledger: await checkLedgerInvariants(db),
      investments: await checkInvestmentInvariants(db),
      revenue: await checkRevenueInvariants(db),
    };
    const checkSeconds = (performance.now() - started) / 1000;
    const [counted] = await rowsOf<{ n: number; total: string }>(
      db,
      sql`
        select count(*)::int as n, coalesce(sum(amount_cents), 0)::text as total
        from revenue_payouts where distribution_id = ${distribution.id}::uuid`,
    );

    const verdict = (r: { ok: boolean; violations: string[] }) =>
      r.ok ? 'all hold' : `${r.violations.length} violated: ${r.violations.slice(0, 3).join('; ')}`;
    console.log(
      `setup         ${investors} investors with posted investments in ${setupSeconds.toFixed(1)} s`,
    );
    console.log(
      `payout        ${paySeconds.toFixed(2)} s for ${counted?.n} payouts summing to ${counted?.total} of a pool of ${paid.poolCents} (platform ${paid.platformCents}); status ${paid.status}`,
    );
    console.log(
      `              database CPU ${dbCpu === null ? 'not measurable (server not on this machine)' : `${dbCpu.toFixed(2)} s`}; machine load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
    );
    for (const [text, ms] of timed) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${text}`);
    console.log(
      `memory        peak RSS ${mb(peakRss)} (before ${mb(baseline.rss)}), peak heap ${mb(peakHeap)} (before ${mb(baseline.heapUsed)})`,
    );
    console.log(
      `invariants    ledger ${verdict(checks.ledger)}, investments ${verdict(checks.investments)}, revenue ${verdict(checks.revenue)} (${checkSeconds.toFixed(1)} s)`,
    );
    const ok =
      paid.status === 'paid' &&
      Number(counted?.n) === investors &&
      Number(counted?.total) === paid.investorsCents &&
      checks.ledger.ok &&
      checks.investments.ok &&
      checks.revenue.ok;
    const withinGoal = paySeconds < 10 && peakRss < 300 * 1024 * 1024;
    console.log(`goal          under 10 s and 300 MB: ${withinGoal ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
});
