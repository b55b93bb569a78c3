import { randomBytes } from 'node:crypto';
import { USER_TYPES, type UserType } from '@indiesplit/shared/constants';
import type { Subscriptions, UserDto } from '@indiesplit/shared/user';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import {
  deleteTokensOf,
  issueEmailVerification,
  voidEmailVerifications,
  voidPasswordResets,
} from '../auth/tokens.ts';
import { assertHoldsNoMoney } from '../funds/holdings.ts';
import { forgetSecondFactors } from '../mfa/service.ts';
import { deleteSocialIdentities, eraseSocialDetails } from '../oauth/erasure.ts';
import { deletePitchFiles, erasePitchDataOf } from '../pitches/service.ts';
import { forgetSensitiveChanges, recordSensitiveChange } from '../security/changes.ts';
import * as repo from './repo.ts';

export type { UserRow } from './repo.ts';
export {
  claimVerificationSend,
  findTaken,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  updateUser,
} from './repo.ts';

import { asLanguage } from '../../platform/i18n.ts';

/** The media path of an avatar, relative to the API root (spec §3 profile_picture_url). */
export function avatarUrl(avatarKey: string | null): string | null {
  return avatarKey ? `/media/${avatarKey}` : null;
}

/** The one presenter of a user: a row never leaves the server as it is. */
export function toUserDto(row: repo.UserRow): UserDto {
  const types = row.userTypes.filter((t): t is UserType => (USER_TYPES as readonly string[]).includes(t));
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    user_types: types,
    userType: types[0] ?? 'investor',
    isEmailVerified: row.emailVerifiedAt !== null,
    profile_picture_url: avatarUrl(row.avatarKey),
    newsletter: row.newsletter,
    indie_project_updates: row.indieProjectUpdates,
    has_password: row.passwordHash !== null,
    language: asLanguage(row.language),
    date_joined: row.createdAt.toISOString(),
    staff_role: row.staffRole === 'admin' || row.staffRole === 'reviewer' ? row.staffRole : null,
  };
}

export async function getUser(ctx: AppContext, userId: string): Promise<repo.UserRow> {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw notFound('accountNotFound');
  return row;
}

/** Postgres unique violations on our two case-insensitive keys, as the 409s the browser expects. */
export function duplicateToConflict(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  if (pgErr?.constraint === 'users_username_lower_key') throw conflict('usernameExists', 'username');
  if (pgErr?.constraint === 'users_email_lower_key') throw conflict('emailExists', 'email');
  throw err;
}

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: { first_name?: string | undefined; last_name?: string | undefined; username: string; email: string },
  ip: string,
): Promise<{ user: repo.UserRow; emailChanged: boolean }> {
  const current = await getUser(ctx, userId);
  const emailChanged = normalizeIdentifier(input.email) !== normalizeIdentifier(current.email);
  const taken = await repo.findTaken(ctx.db, input.username, input.email, userId);
  if (taken.username) throw conflict('usernameExists', 'username');
  if (taken.email) throw conflict('emailExists', 'email');
  const user = await ctx.db
    .transaction(async (tx) => {
      const updated = await repo.updateUser(tx, userId, {
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
    .catch(duplicateToConflict);
  if (emailChanged) ctx.mail.nudge();
  return { user, emailChanged };
}

export async function setSubscriptions(ctx: AppContext, userId: string, input: Subscriptions) {
  return repo.updateUser(ctx.db, userId, {
    newsletter: input.newsletter,
    indieProjectUpdates: input.indie_project_updates,
  });
}

export async function setLanguage(db: Db, userId: string, language: 'en' | 'it') {
  await repo.updateUser(db, userId, { language });
}

// --- avatar -------------------------------------------------------------------------------------

/** A 512 px square WebP re-encoded from the upload (see reencodeImage for what is accepted). */
export function processAvatar(data: Buffer): Promise<Buffer> {
  return reencodeImage(data, { width: 512, height: 512, quality: 85 });
}

export async function replaceAvatar(ctx: AppContext, userId: string, data: Buffer): Promise<repo.UserRow> {
  const encoded = await processAvatar(data);
  const current = await getUser(ctx, userId);
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await ctx.storage.put(key, encoded);
  let user: repo.UserRow;
  try {
    user = await repo.updateUser(ctx.db, userId, { avatarKey: key });
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
  if (current.avatarKey) await ctx.storage.delete(current.avatarKey).catch(() => {});
  return user;
}

// --- first password -----------------------------------------------------------------------------

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
    const [row] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.passwordHash), isNull(users.deletedAt)))
      .returning();
    if (!row) return false;
    await voidPasswordResets(tx, userId);
    await ctx.sessions.destroyAllForUser(tx, userId, keepSessionIdHash);
    await recordSensitiveChange(ctx, tx, { userId, undo: { kind: 'password' }, ip });
    await recordEvent(tx, { userId, kind: 'password_changed', ip, data: { first: true } });
    return true;
  });
  if (!done) throw badRequest('oldPasswordRequired', { old_password: 'oldPasswordRequired' });
  ctx.mail.nudge();
}

// --- erasure ------------------------------------------------------------------------------------

/**
 * "Delete all personal data": the profile's contents, the avatar, subscriptions, every email we
 * hold for the person and the IP addresses we logged. The account itself (login name, address,
 * password) stays until the person deletes it, which the web app does right after.
 */
export async function erasePersonalData(ctx: AppContext, userId: string): Promise<void> {
  const user = await getUser(ctx, userId);
  let pitchFiles: string[] = [];
  await ctx.db.transaction(async (tx) => {
    // Money held for the member needs who they are to be paid out (ADR 0013): refused until then.
    await assertHoldsNoMoney(tx, userId);
    await repo.updateUser(tx, userId, {
      firstName: '',
      lastName: '',
      avatarKey: null,
      newsletter: false,
      indieProjectUpdates: false,
    });
    await repo.erasePersonalTraces(tx, userId, user.email);
    pitchFiles = await erasePitchDataOf(ctx, tx, user, { closingAccount: false });
    // The provider's email and name go; the identity stays, or a social-only member could not log
    // in again to finish the deletion (ADR 0007).
    await eraseSocialDetails(tx, userId);
    await forgetSensitiveChanges(tx, userId);
    await recordEvent(tx, { userId, kind: 'personal_data_erased' });
  });
  if (user.avatarKey) await ctx.storage.delete(user.avatarKey).catch(() => {});
  await deletePitchFiles(ctx, pitchFiles);
}

/**
 * Deletes the account: personal data erased as above, then the row becomes a tombstone whose
 * username and email are random and unusable. Records the law makes us keep (the audit trail now,
 * investments and payouts later) keep their foreign key to that tombstone: pseudonymised, not
 * pointing at a person.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  const user = await getUser(ctx, userId);
  let pitchFiles: string[] = [];
  await ctx.db.transaction(async (tx) => {
    await assertHoldsNoMoney(tx, userId);
    await repo.erasePersonalTraces(tx, userId, user.email);
    pitchFiles = await erasePitchDataOf(ctx, tx, user, { closingAccount: true });
    await deleteTokensOf(tx, userId);
    await deleteSocialIdentities(tx, userId);
    await forgetSensitiveChanges(tx, userId);
    await forgetSecondFactors(tx, userId);
    await ctx.sessions.destroyAllForUser(tx, userId);
    const tombstone = `deleted-${randomBytes(12).toString('hex')}`;
    await repo.updateUser(tx, userId, {
      username: tombstone,
      email: `${tombstone}@deleted.invalid`,
      passwordHash: null,
      firstName: '',
      lastName: '',
      avatarKey: null,
      newsletter: false,
      indieProjectUpdates: false,
      emailVerifiedAt: null,
      verificationSentAt: null,
      deletedAt: new Date(),
    });
    await recordEvent(tx, { userId, kind: 'account_deleted' });
  });
  if (user.avatarKey) await ctx.storage.delete(user.avatarKey).catch(() => {});
  await deletePitchFiles(ctx, pitchFiles);
}
