import { maskIban } from '@indiesplit/shared/funds';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sensitiveChanges } from '../../db/schema-security.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { gone, notFound } from '../../platform/errors.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import type { Rule } from '../../platform/rate-limit.ts';
import * as users from '../users/service.ts';
import { sensitiveChangeEmail } from './emails.ts';

// Sensitive changes and their undo (ADR 0015). Every change below is told to the address the
// account had before it, in the member's language, with a link that undoes it and signs out every
// session. The link works once, for 72 hours; only its SHA-256 is stored.

export const SENSITIVE_CHANGE_KINDS = [
  'email',
  'password',
  'social_link',
  'social_unlink',
  'withdrawal_iban',
  'second_factor',
] as const;
export type SensitiveChangeKind = (typeof SENSITIVE_CHANGE_KINDS)[number];

export const UNDO_VALID_HOURS = 72;
/** After an email or password change, withdrawals to a new IBAN wait this long. */
export const NEW_IBAN_HOLD_HOURS = 72;

/** What each kind's undo needs to know, recorded with the change. */
export type UndoData =
  | { kind: 'email'; previousEmail: string; newEmail: string }
  | { kind: 'password' }
  | { kind: 'social_link'; provider: string; subject: string }
  | { kind: 'social_unlink'; provider: string }
  | { kind: 'withdrawal_iban'; iban: string }
  | { kind: 'second_factor'; change: SecondFactorChange };

/** What changed among a member's second factors (ADR 0016); the notice names it. */
export type SecondFactorChange =
  | 'totp_enabled'
  | 'totp_disabled'
  | 'passkey_added'
  | 'passkey_removed'
  | 'recovery_codes_renewed';

/**
 * What an undo does to what other features own (the address, the sign-ins, the withdrawals, the
 * second factors), inside the undo's transaction; returns whether the password was locked (a reset
 * link sent). The app layer registers it (app/undo-change.ts), so this feature depends on none of
 * those it undoes (ADR 0023). Without it an undo is refused with an error.
 */
export type Undoer = (
  ctx: AppContext,
  tx: Db,
  user: users.UserRow,
  change: { undo: UndoData; previousEmail: string; createdAt: Date },
) => Promise<boolean>;
let undoer: Undoer | undefined;

export function registerUndoer(fn: Undoer): void {
  undoer = fn;
}

/**
 * Records a sensitive change in the caller's transaction and queues the notice, with its undo link,
 * to `previousEmail` (the address before the change; by default the account's address as the
 * transaction sees it). Call `ctx.mail.nudge()` after the commit.
 */
export async function recordSensitiveChange(
  ctx: AppContext,
  tx: Db,
  change: {
    userId: string;
    previousEmail?: string | undefined;
    undo: UndoData;
    ip?: string | null | undefined;
  },
): Promise<void> {
  const user = await users.findUserById(tx, change.userId);
  if (!user) throw notFound('accountNotFound');
  const previousEmail = change.previousEmail ?? user.email;
  const token = randomToken(32);
  await tx.insert(sensitiveChanges).values({
    userId: change.userId,
    kind: change.undo.kind,
    previousEmail,
    undo: change.undo,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + UNDO_VALID_HOURS * 3600_000),
  });
  const lang = asLanguage(user.language);
  const u = change.undo;
  const detail =
    u.kind === 'email'
      ? u.newEmail
      : u.kind === 'social_link' || u.kind === 'social_unlink'
        ? u.provider
        : u.kind === 'withdrawal_iban'
          ? maskIban(u.iban)
          : u.kind === 'second_factor'
            ? u.change
            : undefined;
  await enqueueMail(
    tx,
    sensitiveChangeEmail(lang, previousEmail, change.userId, {
      kind: u.kind,
      username: user.username,
      detail,
      undoUrl: `${ctx.config.publicUrl}/account/undo/${token}`,
      validHours: UNDO_VALID_HOURS,
    }),
  );
}

/**
 * Until when withdrawals to a new IBAN wait: 72 hours after the latest email or password change
 * (undone or not), or null when none is that recent.
 */
export async function newIbanHoldUntil(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sensitiveChanges.createdAt })
    .from(sensitiveChanges)
    .where(
      and(
        eq(sensitiveChanges.userId, userId),
        inArray(sensitiveChanges.kind, ['email', 'password']),
        gt(sensitiveChanges.createdAt, sql`now() - make_interval(hours => ${NEW_IBAN_HOLD_HOURS})`),
      ),
    )
    .orderBy(desc(sensitiveChanges.createdAt))
    .limit(1);
  return row ? new Date(row.createdAt.getTime() + NEW_IBAN_HOLD_HOURS * 3600_000) : null;
}

export type UndoOutcome = 'undone' | 'undone_reset_sent';

/**
 * Undoes a change with the token from its notice: once, within 72 hours. Every session of the
 * account ends. 404 for an unknown or used link, 410 for an expired one.
 */
export const UNDO_PER_IP: Rule = { name: 'undo-change-ip', limit: 30, windowSeconds: 10 * 60 };

export async function undoSensitiveChange(ctx: AppContext, token: string, ip: string): Promise<UndoOutcome> {
  await ctx.limiter.consume(UNDO_PER_IP, ip);
  if (token.length < 20 || token.length > 100) throw notFound('invalidOrExpired');
  const outcome = await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(sensitiveChanges)
      .where(eq(sensitiveChanges.tokenHash, sha256(token)))
      .for('update');
    if (!change || change.undoneAt) throw notFound('invalidOrExpired');
    if (change.expiresAt.getTime() < Date.now()) throw gone('linkExpired');
    const user = await users.findUserById(tx, change.userId);
    if (!user || user.deletedAt) throw notFound('invalidOrExpired');
    await tx
      .update(sensitiveChanges)
      .set({ undoneAt: new Date() })
      .where(and(eq(sensitiveChanges.id, change.id), isNull(sensitiveChanges.undoneAt)));
    if (!undoer) throw new Error('No undo of sensitive changes is registered (app/undo-change.ts).');
    const lockPassword = await undoer(ctx, tx, user, {
      undo: change.undo as UndoData,
      previousEmail: change.previousEmail,
      createdAt: change.createdAt,
    });
    await ctx.sessions.destroyAllForUser(tx, user.id);
    await recordEvent(tx, {
      userId: user.id,
      kind: 'sensitive_change_undone',
      ip,
      data: { change: change.kind, passwordLocked: lockPassword },
    });
    return lockPassword ? ('undone_reset_sent' as const) : ('undone' as const);
  });
  ctx.mail.nudge();
  return outcome;
}

/**
 * Erasure and deletion (ADR 0004): the addresses, IBANs and provider ids recorded for undo links are
 * personal data; they go, and with them any undo link still open.
 */
export async function forgetSensitiveChanges(tx: Db, userId: string): Promise<void> {
  await tx.delete(sensitiveChanges).where(eq(sensitiveChanges.userId, userId));
}
