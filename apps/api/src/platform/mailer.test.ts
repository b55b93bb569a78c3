import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  linkIn,
  newUser,
  PUBLIC_URL,
  registerUser,
  type TestApp,
} from '../../test/harness.ts';
import { mailBodies, outbox } from '../db/schema.ts';
import {
  enqueueMail,
  insertSharedBodies,
  MailWorker,
  outboxInsertFrom,
  purgeDeliveredMail,
  SmtpTransport,
} from './mailer.ts';

// The mailer against a real SMTP server in this process: what the platform sends is what a mail
// server receives, and what it fails to send stays queued until a later round delivers it.

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
/** When set, the server answers every recipient with a temporary failure (451). */
let refuse = false;
/** When set, the server keeps the message it received but answers 451: the sender must retry. */
let loseAnswer = false;
/** When set, the server holds its answer to the next message until the promise resolves. */
let holdNext: Promise<void> | undefined;
let held: (() => void) | undefined;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (!refuse) return callback();
    const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
    return callback(err);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const from = session.envelope.mailFrom;
      received.push({
        from: from ? from.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      const hold = holdNext;
      holdNext = undefined;
      if (hold) {
        held?.();
        return void hold.then(() => callback());
      }
      if (loseAnswer) {
        const err = Object.assign(new Error('Local error in processing'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    });
  },
});

let t: TestApp;
let smtpUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'IndieSplit <no-reply@indiesplit.test>' },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  refuse = false;
  loseAnswer = false;
});

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone). */
function decoded(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = head.match(new RegExp(`^${name}: (.*)$`, 'im'));
  return match?.[1];
}

const messagesTo = (address: string) => received.filter((m) => m.to.includes(address));
const outboxTo = (address: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.toAddress, address));

describe('delivery over SMTP', () => {
  it('sends the verification email to a real SMTP server with recipient, subject and link', async () => {
    const { client, payload, id } = await registerUser(t);
    expect(messagesTo(payload.email)).toHaveLength(0); // queued, not sent inside the request

    expect(await t.app.ctx.mail.drain()).toBe(1);
    const [message] = messagesTo(payload.email);
    expect(message).toBeDefined();
    expect(message!.to).toEqual([payload.email]);
    expect(message!.from).toBe('no-reply@indiesplit.test');
    expect(header(message!.raw, 'To')).toBe(payload.email);
    expect(header(message!.raw, 'Subject')).toBe('Confirm your email address');
    expect(header(message!.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);

    const text = decoded(message!.raw);
    expect(text).toContain(`Hi ${payload.username},`);
    const link = linkIn(text, `/auth/verify-email/${id}/`);

    // The link the mail server received is the one that verifies the account.
    const verified = await client.get(`/api${link.slice(PUBLIC_URL.length)}/`);
    expect(verified.statusCode).toBe(200);
    expect((await client.get('/api/user/')).json().user.isEmailVerified).toBe(true);

    const [row] = await outboxTo(payload.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it('writes in the language the person registered in', async () => {
    const client = t.client();
    client.headers['accept-language'] = 'it-IT,it;q=0.9';
    const payload = newUser();
    expect((await client.post('/api/auth/register/', payload)).statusCode).toBe(201);
    await t.app.ctx.mail.drain();
    const [message] = messagesTo(payload.email);
    expect(header(message!.raw, 'Subject')).toBe('Conferma il tuo indirizzo email');
    expect(decoded(message!.raw)).toContain(`Ciao ${payload.username},`);
  });

  it('keeps nothing in the dev mailbox when SMTP is configured', async () => {
    await registerUser(t);
    await t.app.ctx.mail.drain();
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('delivers queued messages in the order they were queued, across batches', async () => {
    const to = 'order@example.com';
    const subjects = Array.from({ length: 14 }, (_, i) => `Message ${String(i + 1).padStart(2, '0')}`);
    await t.database.db.transaction(async (tx) => {
      for (const subject of subjects)
        await enqueueMail(tx, { to, subject, text: subject, html: `<p>${subject}</p>` });
    });
    // Touch the oldest rows so they no longer come first in the table's physical order.
    await t.database.db.execute(
      sql`update mail_outbox set subject = subject where to_address = ${to} and subject <= 'Message 07'`,
    );
    await t.app.ctx.mail.drain();
    expect(messagesTo(to).map((m) => header(m.raw, 'Subject'))).toEqual(subjects);
  });
});

describe('one message to many readers', () => {
  const message = {
    en: { subject: 'News of Starfall', text: 'Hello,\n\nRead it.', html: '<p>Hello,</p><p>Read it.</p>' },
    it: { subject: 'Novità di Starfall', text: 'Ciao,\n\nLeggila.', html: '<p>Ciao,</p><p>Leggila.</p>' },
  };
  const readers = sql`(values ('many-en@example.com', 'en'), ('many-it@example.com', 'it'),
    ('many-en2@example.com', 'en')) as r(address, language)`;

  it('is written once per language and reaches each reader in theirs, each with their own Message-ID', async () => {
    await t.database.db.transaction(async (tx) => {
      const bodies = await insertSharedBodies(tx, message);
      await tx.execute(
        outboxInsertFrom(sql`(select null::uuid as user_id, address, language from ${readers})`, bodies),
      );
    });
    const rows = await t.database.db.select().from(outbox).where(sql`${outbox.toAddress} like 'many-%'`);
    expect(rows).toHaveLength(3);
    // The rows carry no copy of the message, only the body of their language.
    expect(rows.every((r) => r.subject === null && r.textBody === null && r.bodyId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.bodyId)).size).toBe(2);

    await t.app.ctx.mail.drain();
    const [en] = messagesTo('many-en@example.com');
    const [it] = messagesTo('many-it@example.com');
    const [en2] = messagesTo('many-en2@example.com');
    expect(header(en!.raw, 'Subject')).toBe('News of Starfall');
    expect(decoded(en!.raw)).toContain('Read it.');
    expect(header(it!.raw, 'Subject')).toBe('=?UTF-8?Q?Novit=C3=A0_di_Starfall?=');
    expect(decoded(it!.raw)).toContain('Leggila.');
    expect(header(en2!.raw, 'Subject')).toBe('News of Starfall');
    const ids = [en, it, en2].map((m) => header(m!.raw, 'Message-ID'));
    expect(new Set(ids).size).toBe(3);
  });

  it('is not sent empty when its body is missing: the row stays with the reason', async () => {
    const to = 'bodiless@example.com';
    await t.database.db.transaction(async (tx) => {
      const bodies = await insertSharedBodies(tx, message);
      await tx.execute(
        outboxInsertFrom(sql`(select null::uuid as user_id, ${to} as address, 'en' as language)`, bodies),
      );
    });
    const [row] = await outboxTo(to);
    await t.database.db.delete(mailBodies).where(eq(mailBodies.id, row!.bodyId!));
    expect(await t.app.ctx.mail.drain()).toBe(0);
    expect(messagesTo(to)).toHaveLength(0);
    const [after] = await outboxTo(to);
    expect(after).toMatchObject({ status: 'pending', sentAt: null });
    expect(after!.lastError).toContain('shared body');
    await t.database.db.delete(outbox).where(eq(outbox.toAddress, to));
  });

  it('housekeeping removes the bodies no message names once a day old, and keeps the others', async () => {
    const named = await insertSharedBodies(t.database.db, message);
    await t.database.db.execute(
      outboxInsertFrom(
        sql`(select null::uuid as user_id, 'named@example.com' as address, 'en' as language)`,
        named,
      ),
    );
    const fresh = await insertSharedBodies(t.database.db, message);
    const old = await insertSharedBodies(t.database.db, message);
    await t.database.db.execute(
      sql`update mail_bodies set created_at = now() - interval '2 days' where id in (${named.en}, ${named.it}, ${old.en}, ${old.it})`,
    );
    await purgeDeliveredMail(t.database.db);
    const left = (await t.database.db.select({ id: mailBodies.id }).from(mailBodies)).map((b) => b.id);
    expect(left).toContain(named.en); // a message names it
    expect(left).not.toContain(named.it); // none does, and it is two days old
    expect(left).toEqual(expect.arrayContaining([fresh.en, fresh.it])); // too new to tell
    expect(left).not.toContain(old.en);
    expect(left).not.toContain(old.it);
  });
});

describe('durable sending', () => {
  it('leaves a refused message pending with a later attempt time, then delivers it when due', async () => {
    refuse = true;
    const { payload } = await registerUser(t);
    expect(await t.app.ctx.mail.drain()).toBe(0);
    expect(messagesTo(payload.email)).toHaveLength(0);

    const [failed] = await outboxTo(payload.email);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null, lockedUntil: null });
    expect(failed!.lastError).toMatch(/451|temporarily/i);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not retried before it is due, even once the server is back.
    refuse = false;
    expect(await t.app.ctx.mail.drain()).toBe(0);
    expect((await outboxTo(payload.email))[0]!.attempts).toBe(1);

    // Time passes: the retry is due and goes through.
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, failed!.id));
    expect(await t.app.ctx.mail.drain()).toBe(1);
    expect(messagesTo(payload.email)).toHaveLength(1);
    expect((await outboxTo(payload.email))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  it('waits longer after each failure and gives up after the last attempt', async () => {
    refuse = true;
    const to = 'unlucky@example.com';
    await enqueueMail(t.database.db, { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    const due = () =>
      t.database.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outbox.toAddress, to));

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      await t.app.ctx.mail.drain();
      const [row] = await outboxTo(to);
      expect(row!.attempts).toBe(attempt);
      delays.push(row!.nextAttemptAt.getTime() - before);
      await due();
    }
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(delays[2]!).toBeGreaterThan(delays[1]!);

    await t.database.db.update(outbox).set({ attempts: 7 }).where(eq(outbox.toAddress, to));
    await t.app.ctx.mail.drain();
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'failed', attempts: 8 });

    refuse = false;
    await due();
    expect(await t.app.ctx.mail.drain()).toBe(0);
    expect(messagesTo(to)).toHaveLength(0);
  });

  it('sends nothing for a transaction that rolled back and the message of one that committed', async () => {
    const rolledBack = 'rolled-back@example.com';
    const committed = 'committed@example.com';
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: rolledBack, subject: 'Never', text: 'Never', html: '<p>Never</p>' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.database.db.transaction(async (tx) => {
      await enqueueMail(tx, { to: committed, subject: 'Kept', text: 'Kept', html: '<p>Kept</p>' });
    });

    await t.app.ctx.mail.drain();
    expect(messagesTo(rolledBack)).toHaveLength(0);
    expect(await outboxTo(rolledBack)).toHaveLength(0);
    expect(messagesTo(committed)).toHaveLength(1);
  });

  it('sends no mail for a registration refused as a duplicate', async () => {
    const { payload } = await registerUser(t);
    await t.app.ctx.mail.drain();
    const client = t.client();
    const again = await client.post('/api/auth/register/', { ...payload, username: `${payload.username}_2` });
    expect(again.statusCode).toBe(409);
    await t.app.ctx.mail.drain();
    expect(messagesTo(payload.email)).toHaveLength(1);
  });
});

describe('a message sent twice', () => {
  it('carries the same Message-ID on every attempt, fixed when it was queued', async () => {
    const to = 'twice@example.com';
    await enqueueMail(t.database.db, { to, subject: 'Twice', text: 'Twice', html: '<p>Twice</p>' });
    const [queued] = await outboxTo(to);
    expect(queued!.messageId).toMatch(/^[0-9a-f-]{36}$/);

    // The server receives the message but its answer is lost: the sender cannot know, and retries.
    loseAnswer = true;
    expect(await t.app.ctx.mail.drain()).toBe(0);
    loseAnswer = false;
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.toAddress, to));
    expect(await t.app.ctx.mail.drain()).toBe(1);

    const copies = messagesTo(to);
    expect(copies).toHaveLength(2);
    const ids = copies.map((m) => header(m.raw, 'Message-ID'));
    expect(ids[0]).toBe(`<${queued!.messageId}@indiesplit.test>`);
    expect(ids[1]).toBe(ids[0]);
    // Another message has its own.
    await enqueueMail(t.database.db, {
      to: 'once@example.com',
      subject: 'Once',
      text: 'Once',
      html: '<p>Once</p>',
    });
    await t.app.ctx.mail.drain();
    const [once] = messagesTo('once@example.com');
    expect(header(once!.raw, 'Message-ID')).toMatch(/^<[0-9a-f-]{36}@indiesplit\.test>$/);
    expect(header(once!.raw, 'Message-ID')).not.toBe(ids[0]);
  });
});

describe('stopping the mail worker', () => {
  it('finishes the message in hand and gives the other claimed messages back at once', async () => {
    const to = ['stop-1@example.com', 'stop-2@example.com', 'stop-3@example.com'];
    for (const address of to)
      await enqueueMail(t.database.db, { to: address, subject: 'Stop', text: 'Stop', html: '<p>Stop</p>' });
    let release!: () => void;
    holdNext = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inHand = new Promise<void>((resolve) => {
      held = resolve;
    });
    // A worker of its own (another instance): its stop closes only its own transport.
    const worker = new MailWorker(
      t.database.db,
      new SmtpTransport(smtpUrl, 'IndieSplit <no-reply@indiesplit.test>'),
      t.app.log,
    );
    const delivering = worker.drain();
    await inHand; // the first message is with the server, the other two are claimed
    const claimed = await t.database.db.select().from(outbox).where(sql`${outbox.toAddress} in ${to}`);
    expect(claimed.filter((r) => r.lockedUntil !== null)).toHaveLength(3);

    const stopping = worker.stop();
    release();
    await stopping;
    expect(await delivering).toBe(1);

    const rows = (await t.database.db.select().from(outbox).where(sql`${outbox.toAddress} in ${to}`)).sort(
      (a, b) => a.id - b.id,
    );
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // Not sent, not counted as an attempt, and claimable by another worker right away.
    for (const row of rows.slice(1))
      expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(await t.app.ctx.mail.drain()).toBe(2);
    for (const address of to) expect(messagesTo(address)).toHaveLength(1);
  });
});
