import { and, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { ParamRef } from '../db/prepared-raw.ts';
import { devMailbox, mailBodies, outbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the message concerns, so erasing the account erases its mail too. */
  userId?: string | null;
  /**
   * The outbox row's own id, fixed when it was queued: every attempt sends the same Message-ID,
   * so a receiving server can drop the copy a crash between sending and recording re-sends.
   */
  messageId?: string;
  /**
   * Extra header fields, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
   * Names and values are ours, never a member's input.
   */
  headers?: Record<string, string>;
}

/**
 * Queues a message in the caller's transaction: it is sent if and only if the change that caused
 * it commits (transactional outbox). The worker delivers it, retrying with backoff.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  await db.insert(outbox).values({
    userId: message.userId ?? null,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    ...(message.headers ? { headers: message.headers } : {}),
  });
}

/**
 * Writes one message to many readers once per language (it names no one), for `outboxInsertFrom`:
 * the readers' outbox rows name these bodies instead of each carrying a copy (ADR 0037).
 */
export async function insertSharedBodies(
  db: Db,
  message: Record<'en' | 'it', { subject: string; text: string; html: string }>,
): Promise<Record<'en' | 'it', number>> {
  const rows = await db
    .insert(mailBodies)
    .values(
      (['en', 'it'] as const).map((lang) => ({
        subject: message[lang].subject,
        textBody: message[lang].text,
        htmlBody: message[lang].html,
      })),
    )
    .returning({ id: mailBodies.id });
  return { en: rows[0]!.id, it: rows[1]!.id };
}

/**
 * The outbox rows of one message to many readers, as an INSERT … SELECT a caller puts in a larger
 * statement (the notifications' fan-out, ADR 0037): `recipients` names a relation with the columns
 * `user_id`, `address` and `language`, and each reader's row names the body in their language
 * (`insertSharedBodies`, same transaction). The outbox stays written by this module only
 * (ADR 0022); the caller chooses the readers.
 */
export function outboxInsertFrom(recipients: SQL, bodies: Record<'en' | 'it', number>): SQL {
  return sql`insert into mail_outbox (user_id, to_address, body_id)
    select r.user_id, r.address, case r.language when 'it' then ${bodies.it}::bigint else ${bodies.en}::bigint end
      from ${recipients} r`;
}

/**
 * `enqueueMail` as a step (for a `WITH` list) of a caller's statement that must do its work in one
 * round trip (a provider's pay-in, ADR 0039): `mail_queued` queues the message once for each row
 * of the step `after` whose `email` column is 'queued' (a notification's delivery). The values of
 * its parameters are `enqueueMailValues`.
 */
export function enqueueMailStep(ref: ParamRef, after: string): string {
  return `mail_queued as (
    insert into mail_outbox (user_id, to_address, subject, text_body, html_body)
    select ${ref('mail.userId')}::uuid, ${ref('mail.to')}::text, ${ref('mail.subject')}::text,
      ${ref('mail.text')}::text, ${ref('mail.html')}::text
    from ${after} n
    where n.email = 'queued'
    returning id
  )`;
}

export function enqueueMailValues(message: MailMessage): Record<string, unknown> {
  if (message.headers && Object.keys(message.headers).length > 0)
    throw new Error('a message with header fields is queued by enqueueMail');
  return {
    'mail.userId': message.userId ?? null,
    'mail.to': message.to,
    'mail.subject': message.subject,
    'mail.text': message.text,
    'mail.html': message.html,
  };
}

const lower = (value: string) => value.trim().toLowerCase();

/**
 * Erases an account's mail (account erasure): its outbox rows, and the dev mailbox's copies of
 * them. The dev mailbox holds no user id: its copies are found through the outbox rows (which do)
 * and by the address, so mail sent to an address the account used before goes too.
 */
export async function eraseMailOf(db: Db, userId: string, email: string): Promise<void> {
  await db.delete(devMailbox).where(
    or(
      sql`lower(${devMailbox.toAddress}) = ${lower(email)}`,
      sql`exists (select 1 from ${outbox} o left join ${mailBodies} b on b.id = o.body_id
            where o.user_id = ${userId} and o.to_address = ${devMailbox.toAddress}
              and coalesce(o.subject, b.subject) = ${devMailbox.subject}
              and coalesce(o.text_body, b.text_body) = ${devMailbox.textBody})`,
    ),
  );
  await db.delete(outbox).where(eq(outbox.userId, userId));
}

/** Erases the outbox's mail to these addresses that no account holds (e.g. a pitch sent logged out). */
export async function eraseUnownedMailTo(db: Db, addresses: string[]): Promise<void> {
  const lowered = [...new Set(addresses.map(lower).filter(Boolean))];
  if (lowered.length === 0) return;
  await db
    .delete(outbox)
    .where(and(isNull(outbox.userId), inArray(sql`lower(${outbox.toAddress})`, lowered)));
}

/**
 * Housekeeping: forgets mail delivered over 30 days ago, and the shared bodies no row names any
 * more. A body is a day old before it goes: the rows that name it are written in its own
 * transaction, so one no row names by then never will be.
 */
export async function purgeDeliveredMail(db: Db): Promise<void> {
  await db
    .delete(outbox)
    .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, sql`now() - interval '30 days'`)));
  await db.execute(sql`delete from mail_bodies b where b.created_at < now() - interval '1 day'
    and not exists (select 1 from mail_outbox o where o.body_id = b.id)`);
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export class SmtpTransport implements MailTransport {
  private readonly transporter;

  private readonly domain: string;
  private readonly from: string;

  constructor(url: string, from: string) {
    this.from = from;
    // Bounded waits: a stuck server must not hold a message's claim (and the worker) for minutes.
    // One pooled connection: the worker sends one message at a time, and a batch goes over one
    // connection instead of a connection (and TLS handshake) per message; an idle one is closed
    // after socketTimeout and opened again for the next message.
    this.transporter = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 1,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.domain = from.match(/@([A-Za-z0-9.-]+)>?\s*$/)?.[1] ?? 'indiesplit.invalid';
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      ...(message.messageId ? { messageId: `<${message.messageId}@${this.domain}>` } : {}),
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/** Development only: mail lands in a table readable at /dev/mailbox. */
export class DevMailboxTransport implements MailTransport {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(devMailbox).values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headers: message.headers ?? {},
    });
  }

  async close(): Promise<void> {}

  list(limit = 100) {
    return this.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
  }
}

const MAX_ATTEMPTS = 8;
// A claim is short and small (ADR 0020): after a crash at most BATCH messages wait at most
// LOCK_SECONDS. A heartbeat keeps the claim of a batch still being sent, however slow the server.
const BATCH = 5;
const LOCK_SECONDS = 15;
const HEARTBEAT_MS = 5_000;

function backoffSeconds(attempt: number): number {
  return Math.min(3600, 5 * 2 ** (attempt - 1));
}

/** Delivers the outbox. Safe to run in every API instance: rows are claimed with SKIP LOCKED. */
export class MailWorker {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly log: FastifyBaseLogger;
  private readonly intervalMs: number;
  /** Told about each failed delivery or round (the metrics count them). */
  private readonly onError: () => void;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    db: Db,
    transport: MailTransport,
    log: FastifyBaseLogger,
    intervalMs = 2000,
    onError: () => void = () => {},
  ) {
    this.db = db;
    this.transport = transport;
    this.log = log;
    this.intervalMs = intervalMs;
    this.onError = onError;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.intervalMs);
  }

  /** Asks for a delivery round soon, e.g. right after a transaction queued a message. */
  nudge(): void {
    if (!this.stopped && this.timer) this.schedule(10);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.drain()
        .catch((err) => {
          this.onError();
          this.log.error({ err }, 'mail delivery round failed');
        })
        .finally(() => {
          if (!this.stopped) this.schedule(this.intervalMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Sends everything due now; returns how many were sent. Tests call it to deliver deterministically. */
  drain(): Promise<number> {
    this.running ??= this.deliverAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async deliverAll(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.db
        .update(outbox)
        .set({
          lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})`,
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(
          sql`${outbox.id} in (select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
              and (locked_until is null or locked_until < now()) order by id limit ${BATCH} for update skip locked)`,
        )
        .returning();
      if (claimed.length === 0) return sent;
      // UPDATE … RETURNING gives rows in no particular order; deliver them in the order they were
      // queued, so a superseded verification link never arrives after the one that replaced it.
      claimed.sort((a, b) => a.id - b.id);
      const unsent = new Set(claimed.map((row) => row.id));
      const heartbeat = setInterval(() => {
        if (unsent.size === 0) return;
        this.db
          .update(outbox)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
          .where(and(inArray(outbox.id, [...unsent]), eq(outbox.status, 'pending')))
          .catch((err) => this.log.warn({ err }, 'could not extend the claim of mail being sent'));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      try {
        sent += await this.deliverBatch(await this.withBodies(claimed), unsent);
      } finally {
        clearInterval(heartbeat);
      }
      if (this.stopped) {
        // Stopping: the claimed messages not yet sent go back at once, not after LOCK_SECONDS.
        if (unsent.size > 0)
          await this.db
            .update(outbox)
            .set({ lockedUntil: null, attempts: sql`greatest(${outbox.attempts} - 1, 0)` })
            .where(and(inArray(outbox.id, [...unsent]), eq(outbox.status, 'pending')));
        return sent;
      }
    }
  }

  /** The claimed rows with their subject and parts, a shared body's where a row names one. */
  private async withBodies(
    claimed: Array<typeof outbox.$inferSelect>,
  ): Promise<Array<typeof outbox.$inferSelect>> {
    const ids = [...new Set(claimed.flatMap((row) => (row.bodyId === null ? [] : [row.bodyId])))];
    const bodies = new Map(
      ids.length === 0
        ? []
        : (await this.db.select().from(mailBodies).where(inArray(mailBodies.id, ids))).map((b) => [b.id, b]),
    );
    return claimed.map((row) => {
      const body = row.bodyId === null ? undefined : bodies.get(row.bodyId);
      return {
        ...row,
        subject: body?.subject ?? row.subject,
        textBody: body?.textBody ?? row.textBody,
        htmlBody: body?.htmlBody ?? row.htmlBody,
      };
    });
  }

  private async deliverBatch(
    claimed: Array<typeof outbox.$inferSelect>,
    unsent: Set<number>,
  ): Promise<number> {
    let sent = 0;
    for (const row of claimed) {
      if (this.stopped) return sent;
      try {
        if (row.subject === null || row.textBody === null || row.htmlBody === null)
          throw new Error('the shared body this message names is missing');
        await this.transport.send({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          messageId: row.messageId,
          headers: row.headers,
        });
        await this.db
          .update(outbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(eq(outbox.id, row.id));
        sent++;
      } catch (err) {
        const failed = row.attempts >= MAX_ATTEMPTS;
        this.onError();
        this.log.warn({ err, mailId: row.id, attempt: row.attempts, final: failed }, 'mail delivery failed');
        await this.db
          .update(outbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lockedUntil: null,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
          })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending')));
      } finally {
        unsent.delete(row.id);
      }
    }
    return sent;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    await this.transport.close();
  }
}
