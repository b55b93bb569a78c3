import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { enqueueMail } from '../src/platform/mailer.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';

// Mail after a crash (ADR 0020): queue N messages, then start a sender process and kill it
// (SIGKILL) at a random moment while it delivers, K times, then let a last sender finish. A real
// SMTP server in this process records every delivery with its Message-ID. Prints the deliveries,
// the duplicates (by delivery and by Message-ID: a receiving server that drops repeated
// Message-IDs sees the latter) and how long messages claimed by a killed sender waited.
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
//   BENCH_MAILS (100), BENCH_KILLS (6), BENCH_SMTP_DELAY_MS (30: the server's time per message),
//   BENCH_KILL_AT (random; accept: kill right as the server accepts a message, the worst case)

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const mails = Number(process.env.BENCH_MAILS ?? 100);
const kills = Number(process.env.BENCH_KILLS ?? 6);
const smtpDelayMs = Number(process.env.BENCH_SMTP_DELAY_MS ?? 30);
/** random: at a random moment of delivery; accept: right as the server accepts a message (worst case). */
const killAt = process.env.BENCH_KILL_AT === 'accept' ? 'accept' : 'random';
let onAccept: (() => void) | undefined;
const SENDER = fileURLToPath(new URL('./mail-crash-sender.ts', import.meta.url));

interface Delivery {
  messageId: string;
  subject: string;
  at: number;
}

const deliveries: Delivery[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const head =
        Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/)[0] ?? '';
      // The server takes its time, then accepts: a message counts as delivered once accepted (a
      // sender killed before the 250 reply leaves an unaccepted message, which servers discard).
      setTimeout(() => {
        deliveries.push({
          messageId: head.match(/^Message-ID: (.*)$/im)?.[1]?.trim() ?? '(none)',
          subject: head.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '',
          at: Date.now(),
        });
        callback();
        const hook = onAccept;
        onAccept = undefined;
        hook?.();
      }, smtpDelayMs);
    });
  },
});

function startSender(
  dbUrl: string,
  smtpUrl: string,
): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', SENDER], {
    env: { PATH: process.env.PATH ?? '', SENDER_DATABASE_URL: dbUrl, SENDER_SMTP_URL: smtpUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.once('exit', () => reject(new Error('sender exited before it was ready')));
  });
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited };
}

async function main() {
  const target = await createThrowAwayDatabase(baseUrl);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  try {
    const database = await openDatabase({ url: target.url, poolSize: 2 });
    if (database.kind !== 'postgres') throw new BenchError('PostgreSQL only');
    await runMigrations(database);
    for (let i = 1; i <= mails; i++) {
      const subject = `Bench ${String(i).padStart(4, '0')}`;
      await enqueueMail(database.db, {
        to: `m${i}@example.com`,
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
      });
    }
    console.log(
      `bench:mail-crash on PostgreSQL ${target.serverVersion} at ${redactUrl(baseUrl)}: ${mails} messages, ${kills} kills (${killAt}), SMTP ${smtpDelayMs} ms per message`,
    );

    const started = Date.now();
    const killedAt: number[] = [];
    let deliveredAtKill = 0;
    for (let k = 0; k < kills; k++) {
      const sender = startSender(target.url, smtpUrl);
      await sender.ready;
      const before = deliveries.length;
      // Kill once it has delivered something, at a random moment of its delivery.
      while (deliveries.length === before) await new Promise((r) => setTimeout(r, 5));
      if (killAt === 'accept') {
        await new Promise<void>((resolve) => {
          onAccept = () => {
            sender.child.kill('SIGKILL');
            resolve();
          };
        });
      } else await new Promise((r) => setTimeout(r, Math.random() * 400));
      sender.child.kill('SIGKILL');
      await sender.exited;
      killedAt.push(Date.now());
      deliveredAtKill = deliveries.length;
    }
    const last = startSender(target.url, smtpUrl);
    const code = await last.exited;
    if (code !== 0) throw new BenchError(`the last sender exited with ${code}`);
    const finished = Date.now();

    const { rows } = await database.pool.query<{ status: string; n: string }>(
      'select status, count(*) as n from mail_outbox group by status order by status',
    );
    await database.close();

    const bySubject = new Map<string, number>();
    for (const d of deliveries) bySubject.set(d.subject, (bySubject.get(d.subject) ?? 0) + 1);
    const distinctIds = new Set(deliveries.map((d) => d.messageId));
    const twice = [...bySubject.values()].filter((n) => n > 1).length;
    const idsPerMessage = new Map<string, Set<string>>();
    for (const d of deliveries) {
      const set = idsPerMessage.get(d.subject) ?? new Set<string>();
      set.add(d.messageId);
      idsPerMessage.set(d.subject, set);
    }
    const unstable = [...idsPerMessage.values()].filter((s) => s.size > 1).length;
    const lastKill = killedAt.at(-1) ?? started;
    const lastDelivery = Math.max(...deliveries.map((d) => d.at));

    console.log(
      `outbox after the run: ${rows.map((r: { status: string; n: string }) => `${r.status} ${r.n}`).join(', ')}`,
    );
    console.log(`messages delivered at least once:     ${bySubject.size} of ${mails}`);
    console.log(`deliveries:                           ${deliveries.length}`);
    console.log(
      `messages delivered twice or more:     ${twice} (duplicates by delivery: ${deliveries.length - bySubject.size})`,
    );
    console.log(
      `repeated Message-IDs:                 ${deliveries.length - distinctIds.size} (a server that drops them shows each message once)`,
    );
    console.log(`messages sent with two Message-IDs:   ${unstable}`);
    console.log(`delivered before the last kill:       ${deliveredAtKill}`);
    console.log(
      `last delivery after the last kill:    ${((lastDelivery - lastKill) / 1000).toFixed(1)} s (claims last 15 s)`,
    );
    console.log(`total time:                           ${((finished - started) / 1000).toFixed(1)} s`);
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
    );
    if (bySubject.size !== mails || unstable > 0) process.exitCode = 1;
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
});
