import { normalizeIdentifier } from '@indiesplit/shared/validation';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { recordSensitiveChange } from '../security/changes.ts';
import * as users from '../users/service.ts';
import { issueEmailVerification, voidEmailVerifications, voidPasswordResets } from './tokens.ts';

// The account's credentials from its settings page: the address (with its verification and the
// undo link to the old one) and a first password. They belong to auth, which owns the email tokens;
// the users feature writes the row (ADR 0023).

/** Name, surname, username and email; a new address must be verified again. */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: { first_name?: string | undefined; last_name?: string | undefined; username: string; email: string },
  ip: string,
): Promise<{ user: users.UserRow; emailChanged: boolean }> {
  const current = await users.getUser(ctx, userId);
  const emailChanged = normalizeIdentifier(input.email) !== normalizeIdentifier(current.email);
  const taken = await users.findTaken(ctx.db, input.username, input.email, userId);
  if (taken.username) throw conflict('usernameExists', 'username');
  if (taken.email) throw conflict('emailExists', 'email');
  const user = await ctx.db
    .transaction(async (tx) => {
      const updated = await users.updateUser(tx, userId, {
        firstName: input.first_name ?? current.firstName,
        lastName: input.last_name ?? current.lastName,
        username: input.username,
        email: emailChanged ? input.email : current.email,
        ...(emailChanged ? { emailVerifiedAt: null, verificationSentAt: new Date() } : {}),
      });
      if (emailChanged) {
        await voidEmailVerifications(tx, userId);
        // Reset links went to the old address, which no longer speaks for the account.
        await voidPasswordResets(tx, userId);
        await issueEmailVerification(ctx, tx, updated);
        // The old address hears of the change, with a link that undoes it (ADR 0015): a hijacked
        // session cannot move the account silently.
        await recordSensitiveChange(ctx, tx, {
          userId,
          previousEmail: current.email,
          undo: { kind: 'email', previousEmail: current.email, newEmail: updated.email },
          ip,
        });
        await recordEvent(tx, { userId, kind: 'email_changed', ip });
      }
      return updated;
    })
    .catch(users.duplicateToConflict);
  if (emailChanged) ctx.mail.nudge();
  return { user, emailChanged };
}

/**
 * An account made through social sign-in has no password; its owner may set one without a previous
 * one. Race-free: only an account that still has none gets it, others must change it as usual.
 */
export async function setFirstPassword(
  ctx: AppContext,
  userId: string,
  keepSessionIdHash: string,
  passwordHash: string,
  ip: string,
): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await users.setPasswordIfNone(tx, userId, passwordHash))) return false;
    await voidPasswordResets(tx, userId);
    await ctx.sessions.destroyAllForUser(tx, userId, keepSessionIdHash);
    await recordSensitiveChange(ctx, tx, { userId, undo: { kind: 'password' }, ip });
    await recordEvent(tx, { userId, kind: 'password_changed', ip, data: { first: true } });
    return true;
  });
  if (!done) throw badRequest('oldPasswordRequired', { old_password: 'oldPasswordRequired' });
  ctx.mail.nudge();
}
