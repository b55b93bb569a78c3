import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { campaigns } from '../src/db/schema-campaigns.ts';
import { postUpdate } from '../src/features/updates/service.ts';
import type { AppContext } from '../src/platform/context.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';

// One campaign update fanned out on PostgreSQL (ADR 0037): a campaign with BENCH_INVESTORS
// (60,000) investors and BENCH_FOLLOWERS (40,000) followers who do not invest, a fifth of them
// reading Italian, one in ten taking updates in the daily digest and one in twenty not by email.
// The studio posts a public update through the same service the API calls: timed is that one
// transaction (the update, every notification and every queued email), with this process's peak
// memory sampled while it runs. Goal: under 10 s and 300 MB.
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else DATABASE_URL, else
//   postgres://postgres@127.0.0.1:5432/test), BENCH_INVESTORS, BENCH_FOLLOWERS

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const investors = Number(process.env.BENCH_INVESTORS ?? 60_000);
const followers = Number(process.env.BENCH_FOLLOWERS ?? 40_000);

const silent = { error() {}, warn() {}, info() {}, debug() {} };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** User + system CPU seconds of a server process on this machine so far, or null when unreadable. */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
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
  // One connection: the fan-out is one transaction, and its server process is the one measured.
  const database = await openDatabase({ url: target.url, poolSize: 1 });
  try {
    await runMigrations(database);
    const { db } = database;
    let started = performance.now();
    const [studio] = await rowsOf<{ id: string }>(
      db,
      sql`insert into users (username, email, user_types, email_verified_at, terms_accepted_at)
          values ('bench_studio', 'studio@example.com', array['developer'], now(), now()) returning id::text`,
    );
    const [campaign] = await db
      .insert(campaigns)
      .values({
        status: 'live',
        slug: 'bench-fanout',
        title: 'Bench fan-out',
        platforms: ['PC'],
        goalCents: 1,
        maxCents: 10_000_000_000_000,
        minTicketCents: 1,
        currency: 'EUR',
        revenueShareBps: 1000,
        developerId: studio!.id,
        startsAt: new Date(Date.now() - 86_400_000),
        deadlineAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    if (!campaign) throw new Error('campaign insert returned nothing');
    const members = investors + followers;
    await db.execute(sql`
      insert into users (id, username, email, user_types, email_verified_at, terms_accepted_at, language)
      select gen_random_uuid(), 'bench_' || g, 'bench_' || g || '@example.com', array['investor'], now(), now(),
             case when g % 5 = 0 then 'it' else 'en' end
        from generate_series(1, ${members}) g`);
    // Investments as rows only: the fan-out reads who holds a live one, not the ledger behind it.
    await db.execute(sql`
      insert into investments (campaign_id, investor_id, amount_cents, currency, status, reserve_transfer_id,
                               reflection_ends_at, acknowledged_at)
      select ${campaign.id}::uuid, id, 10000, 'EUR', 'reserved', row_number() over (), now(), now()
        from users where username like 'bench\\_%' and username <> 'bench_studio'
       order by username limit ${investors}`);
    await db.execute(sql`
      insert into campaign_follows (campaign_id, user_id)
      select ${campaign.id}::uuid, u.id from users u
       where u.username like 'bench\\_%' and u.username <> 'bench_studio'
         and not exists (select 1 from investments i where i.investor_id = u.id)`);
    await db.execute(sql`
      insert into notification_preferences (user_id, type, delivery)
      select id, 'campaign_update', case when n % 20 = 0 then 'off' else 'daily' end
        from (select id, row_number() over (order by id) as n from users where username like 'bench\\_%') m
       where n % 10 = 0 or n % 20 = 0`);
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
    const setupSeconds = (performance.now() - started) / 1000;

    const ctx = {
      db,
      log: silent,
      mail: { nudge() {} },
      limiter: { async consume() {} },
      metrics: { workerError() {} },
      config: { publicUrl: 'https://indiesplit.example' },
    } as unknown as AppContext;

    const [backend] = await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
    const [walBefore] = await rowsOf<{ lsn: string }>(db, sql`select pg_current_wal_lsn()::text as lsn`);
    const cpuBefore = processCpuSeconds(Number(backend?.pid));
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 10);
    started = performance.now();
    const posted = await postUpdate(
      ctx,
      'bench-fanout',
      { id: studio!.id, staffRole: null, secondFactorAt: null },
      {
        visibility: 'public',
        title_en: 'Our first playable build',
        body_en: 'We shipped the **alpha** to every backer. Thank you!',
        title_it: 'La nostra prima build giocabile',
        body_it: 'Abbiamo inviato la **alpha** a tutti i sostenitori. Grazie!',
      },
      'en',
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = processCpuSeconds(Number(backend?.pid));
    // What the server wrote to its log for the fan-out (the whole server's, so anything else on it too).
    const [wal] = await rowsOf<{ bytes: string }>(
      db,
      sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore?.lsn}::pg_lsn)::bigint::text as bytes`,
    );
    clearInterval(sampler);
    const end = process.memoryUsage();
    peakRss = Math.max(peakRss, end.rss);
    peakHeap = Math.max(peakHeap, end.heapUsed);

    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`select
            (select count(*)::int from notifications where subject_id = ${posted.id}) as notifications,
            (select count(*)::int from notifications where subject_id = ${posted.id} and email = 'queued') as queued,
            (select count(*)::int from notifications where subject_id = ${posted.id} and email = 'digest') as digest,
            (select count(*)::int from notifications where subject_id = ${posted.id} and email = 'none') as off,
            (select count(*)::int from mail_outbox) as outbox,
            (select count(*)::int from mail_outbox o left join mail_bodies b on b.id = o.body_id
              where coalesce(o.subject, b.subject) like 'Bench fan-out: La nostra%') as italian,
            (select count(distinct user_id)::int from notifications where subject_id = ${posted.id}) as members`,
    );
    console.log(
      `setup         ${investors} investors and ${followers} followers in ${setupSeconds.toFixed(1)} s`,
    );
    console.log(
      `fan-out       ${seconds.toFixed(2)} s for ${counts?.notifications} notifications (${counts?.members} members): ${counts?.queued} emails queued (${counts?.italian} in Italian), ${counts?.digest} for the digest, ${counts?.off} in the app only; outbox ${counts?.outbox} rows`,
    );
    // The database's CPU time is a figure other work on a shared machine does not inflate.
    const dbCpu =
      cpuBefore !== null && cpuAfter !== null ? `${(cpuAfter - cpuBefore).toFixed(2)} s` : 'not measurable';
    console.log(
      `              database CPU ${dbCpu}, WAL ${mb(Number(wal?.bytes ?? 0))}; machine load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
    );
    console.log(
      `memory        peak RSS ${mb(peakRss)} (before ${mb(baseline.rss)}: the fan-out added ${mb(peakRss - baseline.rss)}), peak heap ${mb(peakHeap)} (before ${mb(baseline.heapUsed)})`,
    );
    const ok =
      counts?.notifications === investors + followers &&
      counts?.members === investors + followers &&
      counts?.queued === counts?.outbox &&
      (counts?.queued ?? 0) + (counts?.digest ?? 0) + (counts?.off ?? 0) === counts?.notifications;
    console.log(
      `checks        one notification per member, one email per immediate reader: ${ok ? 'hold' : 'FAIL'}`,
    );
    const withinGoal = seconds < 10 && peakRss < 300 * 1024 * 1024;
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
