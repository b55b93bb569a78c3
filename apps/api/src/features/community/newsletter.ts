import type { Language } from '@indiesplit/shared/messages';
import { NEWSLETTER_BATCH, type NewsletterDto, type NewsletterPreview } from '@indiesplit/shared/news';
import type { Db } from '../../db/client.ts';
import type { Staff } from '../../platform/access.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { hmac, safeEqual } from '../../platform/crypto.ts';
import { renderEmail } from '../../platform/email/render.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { claimLease, type Job, leaseOwner, releaseLease } from '../../platform/jobs.ts';
import { enqueueMail, type MailMessage } from '../../platform/mailer.ts';
import { unsubscribeFromNewsletter } from '../users/service.ts';
import * as repo from './news-repo.ts';

// Newsletters (ADR 0038). Staff compose one in both languages, preview it, send a test to
// themselves, then send it: the job queues it through the outbox in batches to the members who
// opted in. Every copy carries a one-click unsubscribe (RFC 8058) and a link in the body, both to
// an address with a token that is an HMAC of the member's id under the server's secret: nothing to
// store, nothing to log in for, and no one can make one for another member.

const PURPOSE = 'newsletter-unsubscribe';

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${hmac(secret, `${PURPOSE}:${userId}`)}`;
}

/** The member a token names, or null when it is not one of ours. */
export function userOfToken(secret: string, token: string): string | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(
    token,
  );
  if (!m) return null;
  return safeEqual(m[2]!, hmac(secret, `${PURPOSE}:${m[1]}`)) ? m[1]! : null;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/newsletter/unsubscribe/${token}`;

/** One copy of the newsletter, in the reader's language, with its unsubscribe link and headers. */
export function newsletterEmail(
  row: repo.NewsletterRow,
  to: { email: string; userId: string; language: Language },
  publicUrl: string,
  secret: string,
  test = false,
): MailMessage {
  const it = to.language === 'it';
  const url = unsubscribeUrl(publicUrl, unsubscribeToken(secret, to.userId));
  const rendered = renderEmail(to.language, {
    subject: 'newsletter.label',
    paragraphs: ['newsletter.label', { markdown: it ? row.bodyIt : row.bodyEn }],
    footerLink: { label: 'newsletter.unsubscribe', url },
  });
  const subject = it ? row.subjectIt : row.subjectEn;
  return {
    to: to.email,
    userId: to.userId,
    ...rendered,
    subject: test ? `${it ? '[PROVA] ' : '[TEST] '}${subject}` : subject,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const toDto = (row: repo.NewsletterRow): NewsletterDto => ({
  id: row.id,
  subject_en: row.subjectEn,
  subject_it: row.subjectIt,
  body_en: row.bodyEn,
  body_it: row.bodyIt,
  status: row.status === 'sent' ? 'sent' : row.status === 'sending' ? 'sending' : 'draft',
  recipients: row.recipients,
  sent_at: row.sentAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

interface Draft {
  subject_en: string;
  subject_it: string;
  body_en: string;
  body_it: string;
}

const fromDraft = (input: Draft) => ({
  subjectEn: input.subject_en,
  subjectIt: input.subject_it,
  bodyEn: input.body_en,
  bodyIt: input.body_it,
});

export async function listNewsletters(ctx: AppContext): Promise<NewsletterDto[]> {
  return (await repo.listNewsletters(ctx.db, 100)).map(toDto);
}

export async function getNewsletter(ctx: AppContext, id: string): Promise<NewsletterDto> {
  const row = await repo.getNewsletter(ctx.db, id);
  if (!row) throw notFound();
  return toDto(row);
}

export async function createNewsletter(ctx: AppContext, staff: Staff, input: Draft): Promise<NewsletterDto> {
  return toDto(await repo.insertNewsletter(ctx.db, { ...fromDraft(input), createdBy: staff.id }));
}

/** Only a draft can change. */
export async function updateNewsletter(ctx: AppContext, id: string, input: Draft): Promise<NewsletterDto> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockNewsletter(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'draft') throw new AppError('newsletterNothingToSend', 409);
    const updated = await repo.updateNewsletter(tx, id, fromDraft(input));
    return toDto(updated!);
  });
}

/** The email as a member reading `language` gets it (with the staff member's own unsubscribe link). */
export async function previewNewsletter(
  ctx: AppContext,
  staff: Staff,
  id: string,
  language: Language,
): Promise<NewsletterPreview> {
  const row = await repo.getNewsletter(ctx.db, id);
  if (!row) throw notFound();
  const mail = newsletterEmail(
    row,
    { email: '', userId: staff.id, language },
    ctx.config.publicUrl,
    ctx.config.sessionSecret,
  );
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/** A test copy to the staff member, in their language, marked as a test. */
export async function sendTestNewsletter(ctx: AppContext, staff: Staff, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.getNewsletter(tx, id);
    if (!row) throw notFound();
    const me = await repo.recipientOf(tx, staff.id);
    if (!me) throw notFound();
    await enqueueMail(
      tx,
      newsletterEmail(
        row,
        { email: me.email, userId: staff.id, language: asLanguage(me.language) },
        ctx.config.publicUrl,
        ctx.config.sessionSecret,
        true,
      ),
    );
  });
  ctx.mail.nudge();
}

/** Starts the sending: the job then queues it in batches. Once only. */
export async function sendNewsletter(ctx: AppContext, staff: Staff, id: string): Promise<NewsletterDto> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockNewsletter(tx, id);
    if (!current) throw notFound();
    if (current.status !== 'draft') throw new AppError('newsletterNothingToSend', 409);
    await recordEvent(tx, { userId: staff.id, kind: 'newsletter_sent', data: { newsletter_id: id } });
    return repo.updateNewsletter(tx, id, { status: 'sending', sendStartedAt: new Date() });
  });
  return toDto(row!);
}

/**
 * Queues the next batch of one newsletter in one transaction: the copies and the cursor move
 * together, so a crash repeats nothing and skips no one. Returns how many were queued.
 */
export async function queueNewsletterBatch(
  ctx: AppContext,
  id: string,
  batch = NEWSLETTER_BATCH,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockNewsletter(tx, id);
    if (row?.status !== 'sending') return 0;
    const recipients = await repo.nextRecipients(tx, row.cursorUserId, batch);
    for (const r of recipients)
      await enqueueMail(
        tx,
        newsletterEmail(
          row,
          { email: r.email, userId: r.id, language: asLanguage(r.language) },
          ctx.config.publicUrl,
          ctx.config.sessionSecret,
        ),
      );
    const last = recipients.at(-1);
    await repo.updateNewsletter(tx, id, {
      cursorUserId: last?.id ?? row.cursorUserId,
      recipients: row.recipients + recipients.length,
      ...(recipients.length < batch ? { status: 'sent', sentAt: new Date() } : {}),
    });
    return recipients.length;
  });
}

export const NEWSLETTER_LEASE_KEY = 'community:newsletters';
const LEASE_SECONDS = 120;

/** One round under the lease: every newsletter being sent, batch after batch, until done. */
export async function runNewsletterRound(
  ctx: AppContext,
  signal?: AbortSignal,
  owner: string = leaseOwner(),
  batch = NEWSLETTER_BATCH,
): Promise<{ queued: number } | null> {
  if (!(await claimLease(ctx.db, NEWSLETTER_LEASE_KEY, owner, LEASE_SECONDS))) return null;
  let queued = 0;
  let fatal: string | null = null;
  try {
    for (const { id } of await repo.sendingNewsletters(ctx.db)) {
      for (;;) {
        if (signal?.aborted) return { queued };
        const n = await queueNewsletterBatch(ctx, id, batch);
        queued += n;
        if (n > 0) ctx.mail.nudge();
        if (n < batch) break;
      }
    }
    return { queued };
  } catch (err) {
    fatal = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    await releaseLease(ctx.db, NEWSLETTER_LEASE_KEY, owner, { queued }, fatal).catch((err) =>
      ctx.log.warn({ err }, 'could not release the newsletter lease; it expires'),
    );
  }
}

export function newsletterJob(ctx: AppContext, intervalSeconds: number): Job {
  return { name: 'newsletters', intervalSeconds, tick: (_now, signal) => runNewsletterRound(ctx, signal) };
}

/** One-click unsubscribe (RFC 8058) and the body's link: the token is the only proof needed. */
export async function unsubscribe(db: Db, secret: string, token: string): Promise<void> {
  const userId = userOfToken(secret, token);
  if (!userId) throw new AppError('newsletterUnsubscribeInvalid', 404);
  await db.transaction(async (tx) => {
    if (await unsubscribeFromNewsletter(tx, userId))
      await recordEvent(tx, { userId, kind: 'newsletter_unsubscribed' });
  });
}

/** The language of the member a token names, for the confirmation page; null when invalid. */
export async function languageOfToken(db: Db, secret: string, token: string): Promise<Language | null> {
  const userId = userOfToken(secret, token);
  if (!userId) return null;
  const r = await repo.recipientOf(db, userId);
  return r ? asLanguage(r.language) : null;
}
