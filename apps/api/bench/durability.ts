import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type Db, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema.ts';
import { ensureAccount, transfer } from '../src/features/ledger/service.ts';

// What durable commits cost on the embedded database (ADR 0019): the same ledger transfers, one
// commit each, on a data directory opened the way the server opens it (fsync on, flushed through
// to the disk) and the way PGlite opens it by default (fsync off). Prints commits per second and
// the latency of each. BENCH_COMMITS (default 300), BENCH_DIR (default: the system's temp folder;
// point it at the disk the data will live on).

const commits = Number(process.env.BENCH_COMMITS ?? 300);
const parent = process.env.BENCH_DIR ?? tmpdir();

async function transfers(db: Db): Promise<{ perSecond: number; p50: number; p99: number }> {
  const world = await ensureAccount(db, { kind: 'world', currency: 'EUR' });
  const id = randomUUID();
  await db.insert(users).values({
    id,
    username: `b_${id.slice(0, 12)}`,
    email: `${id}@example.com`,
    userTypes: ['investor'],
    termsAcceptedAt: new Date(),
  });
  const wallet = await ensureAccount(db, { kind: 'wallet', currency: 'EUR', userId: id });
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; i < commits; i++) {
    const t0 = performance.now();
    await transfer(db, {
      debitAccountId: world.id,
      creditAccountId: wallet.id,
      amount: 100,
      currency: 'EUR',
      kind: 'deposit',
    });
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: commits / seconds, p50: at(0.5), p99: at(0.99) };
}

async function run(label: string, open: (dir: string) => Promise<{ db: Db; close(): Promise<void> }>) {
  const dir = await mkdtemp(path.join(parent, 'indiesplit-durability-'));
  try {
    const database = await open(dir);
    try {
      const r = await transfers(database.db);
      console.log(
        `${label.padEnd(34)} ${r.perSecond.toFixed(0).padStart(6)} commits/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`,
      );
      return r;
    } finally {
      await database.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(`${commits} ledger transfers, one commit each, in ${parent}`);
const durable = await run('durable (the default: fsync on)', async (dir) => {
  const database = await openDatabase({ dataDir: dir });
  await runMigrations(database);
  return database;
});
const unsafe = await run("PGlite's own default (fsync off)", async (dir) => {
  const client = new PGlite(dir);
  await client.waitReady;
  const database = {
    kind: 'pglite' as const,
    client,
    db: drizzle(client) as unknown as Db,
    close: () => client.close(),
  };
  await runMigrations(database as Parameters<typeof runMigrations>[0]);
  return database;
});
console.log(
  `durable commits cost ${(unsafe.perSecond / durable.perSecond).toFixed(1)}x the time of unflushed ones`,
);
