import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema.ts';
import { campaigns } from '../src/db/schema-campaigns.ts';
import {
  checkLedgerInvariants,
  ensureAccount,
  getBalance,
  reserve,
  settle,
  transfer,
} from '../src/features/ledger/service.ts';
import { percentile, runPool } from './pool.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';

// Ledger throughput on PostgreSQL: many wallets reserve money into ONE campaign escrow at once
// (the hot row of a popular campaign), then every reservation is posted. Prints reservations per
// second, latency percentiles, and the invariant check's verdict and duration.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_WALLETS (2000),
//   BENCH_CONCURRENCY (32), BENCH_POOL (16)

const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const wallets = Number(process.env.BENCH_WALLETS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const poolSize = Number(process.env.BENCH_POOL ?? 16);

async function main() {
  const target = await createThrowAwayDatabase(baseUrl);
  console.log(
    `PostgreSQL ${target.serverVersion} at ${redactUrl(baseUrl)}; throw-away database ${target.name}`,
  );
  const database = await openDatabase({ url: target.url, poolSize });
  try {
    await runMigrations(database);
    const { db } = database;
    const world = await ensureAccount(db, { kind: 'world', currency: 'EUR' });
    const [campaign] = await db
      .insert(campaigns)
      .values({ title: 'Bench', platforms: ['PC'], goalCents: 1 })
      .returning({ id: campaigns.id });
    const escrow = await ensureAccount(db, { kind: 'escrow', currency: 'EUR', campaignId: campaign!.id });

    const userRows = Array.from({ length: wallets }, () => {
      const id = randomUUID();
      return {
        id,
        username: `b_${id.slice(0, 12)}`,
        email: `${id}@example.com`,
        userTypes: ['investor'],
        termsAcceptedAt: new Date(),
      };
    });
    for (let i = 0; i < userRows.length; i += 500) await db.insert(users).values(userRows.slice(i, i + 500));
    const walletIds: string[] = [];
    for (const u of userRows) {
      const w = await ensureAccount(db, { kind: 'wallet', currency: 'EUR', userId: u.id });
      await transfer(db, {
        debitAccountId: world.id,
        creditAccountId: w.id,
        amount: 100_000,
        currency: 'EUR',
        kind: 'deposit',
      });
      walletIds.push(w.id);
    }

    const pendingIds: number[] = [];
    let start = performance.now();
    const reserveLatency = await runPool(walletIds, concurrency, async (w) => {
      const row = await reserve(db, {
        debitAccountId: w,
        creditAccountId: escrow.id,
        amount: 5_000,
        currency: 'EUR',
        kind: 'investment',
        idempotencyKey: randomUUID(),
      });
      pendingIds.push(row.id);
    });
    const reserveSeconds = (performance.now() - start) / 1000;

    start = performance.now();
    const postLatency = await runPool(pendingIds, concurrency, async (id) => {
      await settle(db, id, 'post');
    });
    const postSeconds = (performance.now() - start) / 1000;

    start = performance.now();
    const report = await checkLedgerInvariants(db);
    const checkMs = performance.now() - start;
    const balance = await getBalance(db, escrow.id);

    const line = (what: string, n: number, s: number, lat: number[]) =>
      console.log(
        `${what.padEnd(13)} ${n} in ${s.toFixed(2)} s = ${(n / s).toFixed(0)}/s; latency p50 ${percentile(lat, 50).toFixed(1)} ms, p99 ${percentile(lat, 99).toFixed(1)} ms`,
      );
    console.log(
      `${wallets} wallets, ${concurrency} concurrent callers, pool of ${poolSize} connections, one escrow`,
    );
    line('reservations', reserveLatency.length, reserveSeconds, reserveLatency);
    line('posts', postLatency.length, postSeconds, postLatency);
    console.log(`escrow posted ${balance.posted} cents (expected ${wallets * 5_000})`);
    console.log(
      `invariants: ${report.ok ? 'all hold' : `${report.violations.length} violated`} (checked in ${checkMs.toFixed(0)} ms)`,
    );
    if (!report.ok || balance.posted !== wallets * 5_000) process.exitCode = 1;
  } finally {
    await database.close();
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
});
