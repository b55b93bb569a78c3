import { RESET_TOKEN_TTL_MINUTES, VERIFICATION_TOKEN_TTL_HOURS } from '@indiesplit/shared/constants';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import { resetEmail, verificationEmail } from './emails.ts';
import * as repo from './repo.ts';
import { deleteAllTokens, deleteUnusedTokens, insertToken } from './repo.ts';

// Single-use, expiring, purpose-bound email tokens. Only their SHA-256 is stored; the raw token
// exists in the email alone. Issuing one voids the user's earlier unused ones of the same purpose.

interface Recipient {
  id: string;
  username: string;
  email: string;
  language: string;
}

export async function issueEmailVerification(ctx: AppContext, tx: Db, user: Recipient): Promise<void> {
  const token = randomToken(32);
  await deleteUnusedTokens(tx, user.id, 'verify_email');
  await insertToken(tx, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: sha256(token),
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_HOURS * 3600_000),
  });
  const url = `${ctx.config.publicUrl}/auth/verify-email/${user.id}/${token}`;
  await enqueueMail(
    tx,
    verificationEmail(asLanguage(user.language), user.email, user.id, user.username, url),
  );
}

/** `to` defaults to the account's address; an undo (ADR 0015) sends it to the address it proved. */
export async function issuePasswordReset(
  ctx: AppContext,
  tx: Db,
  user: Recipient,
  to: string = user.email,
): Promise<void> {
  const token = randomToken(32);
  await deleteUnusedTokens(tx, user.id, 'reset_password');
  await insertToken(tx, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: sha256(token),
    email: to,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const url = `${ctx.config.publicUrl}/recover-password/${user.id}/${token}`;
  await enqueueMail(tx, resetEmail(asLanguage(user.language), to, user.id, user.username, url));
}

/** A password change kills every outstanding reset link. */
export function voidPasswordResets(tx: Db, userId: string): Promise<void> {
  return deleteUnusedTokens(tx, userId, 'reset_password');
}

export function voidEmailVerifications(tx: Db, userId: string): Promise<void> {
  return deleteUnusedTokens(tx, userId, 'verify_email');
}

export function deleteTokensOf(tx: Db, userId: string): Promise<void> {
  return deleteAllTokens(tx, userId);
}

/** For the housekeeping: tokens used or expired over 7 days ago go. */
export function purgeDeadTokens(db: Db): Promise<void> {
  return repo.purgeDeadTokens(db);
}
