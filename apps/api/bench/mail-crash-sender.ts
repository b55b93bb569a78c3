import { openDatabase } from '../src/db/client.ts';
import { MailWorker, SmtpTransport } from '../src/platform/mailer.ts';

// The sending side of bench:mail-crash: a process that only delivers the outbox, as an API
// instance's mail worker does, until nothing is left. The benchmark kills it mid-delivery.

const url = process.env.SENDER_DATABASE_URL!;
const smtpUrl = process.env.SENDER_SMTP_URL!;
const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silent };

const database = await openDatabase({ url, poolSize: 2 });
const worker = new MailWorker(
  database.db,
  new SmtpTransport(smtpUrl, 'IndieSplit <no-reply@indiesplit.example>'),
  silent as never,
);
process.stdout.write('ready\n');
for (;;) {
  await worker.drain();
  if (database.kind !== 'postgres') break;
  const { rows } = await database.pool.query<{ n: string }>(
    "select count(*) as n from mail_outbox where status = 'pending'",
  );
  if (Number(rows[0]?.n ?? 0) === 0) break;
  // Messages still claimed by a killed sender come back when their claim runs out.
  await new Promise((r) => setTimeout(r, 250));
}
await worker.stop();
await database.close();
