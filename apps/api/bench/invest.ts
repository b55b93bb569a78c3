import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema.ts';
import { campaigns } from '../src/db/schema-campaigns.ts';
import { investorProfiles } from '../src/db/schema-investing.ts';
import { invest } from '../src/features/investing/service.ts';
import { checkLedgerInvariants, ensureAccount, transfer } from '../src/features/ledger/service.ts';
import { checkInvestmentInvariants } from '../src/features/settlement/invariants.ts';
import { runDueWork } from '../src/features/settlement/worker.ts';
import type { AppContext } from '../src/platform/context.ts';
import { percentile, runPool } from './pool.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';

// Investing throughput on PostgreSQL: many investors put money into ONE live campaign at once
// through the investing service (every rule, the campaign row lock, the ledger reservation), then
// the settlement worker closes the campaign and posts every investment. Prints investments per
// second, latency percentiles, settlement speed and both invariant checks.
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
//   BENCH_WALLETS (2000), BENCH_CONCURRENCY (48), BENCH_POOL (16), BENCH_PROFILE=1 (also print the
//   SQL statements of 100 investments made one at a time: how many round trips, and their times)

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const wallets = Number(process.env.BENCH_WALLETS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 48);
const poolSize = Number(process.env.BENCH_POOL ?? 16);
const TICKET = 5_000;

const silent = { error() {}, warn() {}, info() {}, debug() {} };

/** Counts and times every statement sent through node-postgres while `work` runs. */
async function profile(work: () => Promise<void>, label: string) {
  const stats = new Map<string, { n: number; ms: number }>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; name?: string };
    const text = typeof q === 'string' ? q : (q?.text ?? q?.name ?? '?');
    const key = text.replace(/\s+/g, ' ').slice(0, 70);
    const started = performance.now();
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    const done = () => {
      const s = stats.get(key) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - started;
      stats.set(key, s);
    };
    if (result && typeof result.then === 'function') result.then(done, done);
    return result;
  };
  const started = performance.now();
  try {
    await work();
  } finally {
    proto.query = original;
  }
  const total = performance.now() - started;
  const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms);
  const count = rows.reduce((n, [, s]) => n + s.n, 0);
  console.log(`\n${label}: ${count} statements in ${total.toFixed(0)} ms`);
  for (const [key, s] of rows)
    console.log(`  ${String(s.n).padStart(5)} × ${(s.ms / s.n).toFixed(2).padStart(6)} ms  ${key}`);
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
  const database = await openDatabase({ url: target.url, poolSize });
  try {
    await runMigrations(database);
    const { db } = database;
    // What the investing and settlement services use of the application context.
    const ctx = {
      db,
      log: silent,
      mail: { nudge() {} },
      metrics: { workerError() {} },
      config: { publicUrl: 'http://bench.invalid', demoCampaigns: false, payments: { mode: 'manual' } },
    } as unknown as AppContext;

    const now = Date.now();
    const [campaign] = await db
      .insert(campaigns)
      .values({
        status: 'live',
        slug: 'bench',
        title: 'Bench',
        platforms: ['PC'],
        goalCents: (wallets * TICKET) / 2,
        maxCents: wallets * TICKET,
        minTicketCents: TICKET,
        currency: 'EUR',
        revenueShareBps: 800,
        startsAt: new Date(now - 3600_000),
        deadlineAt: new Date(now + 24 * 3600_000),
      })
      .returning({ id: campaigns.id });
    const campaignId = campaign!.id;

    // Investors: verified, knowledge test passed, wallet with money deposited through the ledger.
    const world = await ensureAccount(db, { kind: 'world', currency: 'EUR' });
    const userRows = Array.from({ length: wallets }, () => {
      const id = randomUUID();
      return {
        id,
        username: `b_${id.slice(0, 12)}`,
        email: `${id}@example.com`,
        userTypes: ['investor'],
        emailVerifiedAt: new Date(),
        termsAcceptedAt: new Date(),
      };
    });
    for (let i = 0; i < userRows.length; i += 500) {
      const slice = userRows.slice(i, i + 500);
      await db.insert(users).values(slice);
      await db.insert(investorProfiles).values(
        slice.map((u, j) => ({
          userId: u.id,
          knowledgePassed: true,
          knowledgeTakenAt: new Date(),
          knowledgeValidUntil: new Date(now + 365 * 24 * 3600_000),
          netWorthCents: 10_000_000,
          // A mix: most have the 4-day reflection period, some are sophisticated.
          investorClass: j % 5 === 0 ? 'sophisticated' : 'non_sophisticated',
          ...(j % 5 === 0
            ? {
                sophisticatedRequest: 'approved',
                sophisticatedValidUntil: new Date(now + 365 * 24 * 3600_000),
              }
            : {}),
          taxResidenceCountry: 'IT',
          taxResidenceAt: new Date(),
        })),
      );
    }
    await runPool(userRows, 8, async (u) => {
      const w = await ensureAccount(db, { kind: 'wallet', currency: 'EUR', userId: u.id });
      await transfer(db, {
        debitAccountId: world.id,
        creditAccountId: w.id,
        amount: 100_000,
        currency: 'EUR',
        kind: 'deposit',
      });
    });

    if (process.env.BENCH_PROFILE === '1') {
      const sample = userRows.splice(0, 100);
      await profile(async () => {
        for (const u of sample)
          await invest(
            ctx,
            u.id,
            campaignId,
            { amount_cents: TICKET, acknowledge_key_information: true, acknowledge_risk: true },
            randomUUID(),
          );
      }, '100 investments, one at a time');
      console.log('');
    }

    let refused = 0;
    let start = performance.now();
    const investLatency = await runPool(userRows, concurrency, async (u) => {
      try {
        await invest(
          ctx,
          u.id,
          campaignId,
          { amount_cents: TICKET, acknowledge_key_information: true, acknowledge_risk: true },
          randomUUID(),
        );
      } catch (err) {
        refused++;
        if (refused <= 3) console.error('investment refused:', err);
      }
    });
    const investSeconds = (performance.now() - start) / 1000;

    start = performance.now();
    const mid = {
      ledger: await checkLedgerInvariants(db),
      investments: await checkInvestmentInvariants(db),
    };
    const midMs = performance.now() - start;

    // Past the deadline and every reflection period: one settlement round posts everything.
    start = performance.now();
    const round = await runDueWork(ctx, new Date(now + 6 * 24 * 3600_000), { demo: false });
    const settleSeconds = (performance.now() - start) / 1000;

    start = performance.now();
    const end = {
      ledger: await checkLedgerInvariants(db),
      investments: await checkInvestmentInvariants(db),
    };
    const endMs = performance.now() - start;

    const verdict = (r: { ok: boolean; violations: string[] }) =>
      r.ok ? 'all hold' : `${r.violations.length} violated: ${r.violations.slice(0, 3).join('; ')}`;
    console.log(
      `${wallets} investors, ${concurrency} concurrent callers, pool of ${poolSize} connections, one campaign`,
    );
    console.log(
      `investments   ${investLatency.length - refused} in ${investSeconds.toFixed(2)} s = ${((investLatency.length - refused) / investSeconds).toFixed(0)}/s; latency p50 ${percentile(investLatency, 50).toFixed(1)} ms, p99 ${percentile(investLatency, 99).toFixed(1)} ms; refused ${refused}`,
    );
    console.log(
      `settlement    ${round.posted} posted in ${settleSeconds.toFixed(2)} s = ${(round.posted / settleSeconds).toFixed(0)}/s (one worker, one transaction each, email queued with each)`,
    );
    console.log(
      `invariants after investing: ledger ${verdict(mid.ledger)}, investments ${verdict(mid.investments)} (${midMs.toFixed(0)} ms)`,
    );
    console.log(
      `invariants after settlement: ledger ${verdict(end.ledger)}, investments ${verdict(end.investments)} (${endMs.toFixed(0)} ms)`,
    );
    console.log(
      `machine load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (
      refused > 0 ||
      !mid.ledger.ok ||
      !mid.investments.ok ||
      !end.ledger.ok ||
      !end.investments.ok ||
      round.posted !== wallets
    )
      process.exitCode = 1;
  } finally {
    await database.close();
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
});
