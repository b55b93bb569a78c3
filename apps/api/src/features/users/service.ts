import { randomBytes } from 'node:crypto';
import { USER_TYPES, type UserType } from '@indiesplit/shared/constants';
import type { Subscriptions, UserDto } from '@indiesplit/shared/user';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
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

export async function setSubscriptions(ctx: AppContext, userId: string, input: Subscriptions) {
  return repo.updateUser(ctx.db, userId, {
    newsletter: input.newsletter,
    indieProjectUpdates: input.indie_project_updates,
  });
}

/**
 * The newsletter's one-click unsubscribe (ADR 0038): turns the switch off; true when it was on.
 * A deleted account stays as it is.
 */
export async function unsubscribeFromNewsletter(db: Db, userId: string): Promise<boolean> {
  return repo.turnNewsletterOff(db, userId);
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
 * one (auth/account.ts). Race-free: only an account that still has none gets it; false otherwise.
 */
export async function setPasswordIfNone(tx: Db, userId: string, passwordHash: string): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.passwordHash), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return row !== undefined;
}

// --- erasure ------------------------------------------------------------------------------------
// Each part below is this feature's own share of an erasure; app/erase-account.ts runs them, with
// the other features' shares, in one transaction (ADR 0004, ADR 0023).

/** The profile's contents and what we hold about the person besides the account itself. */
export async function eraseProfile(tx: Db, user: repo.UserRow): Promise<void> {
  await repo.updateUser(tx, user.id, {
    firstName: '',
    lastName: '',
    avatarKey: null,
    newsletter: false,
    indieProjectUpdates: false,
  });
  await erasePersonalTraces(tx, user);
}

/** Mail, IP addresses and devices recorded for the person. */
export async function erasePersonalTraces(tx: Db, user: repo.UserRow): Promise<void> {
  await repo.erasePersonalTraces(tx, user.id, user.email);
}

/** The row becomes a tombstone whose username and email are random and unusable. */
export async function tombstoneAccount(tx: Db, userId: string): Promise<void> {
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
}

/** After the commit: the avatar's file, which no row points at any more. */
export async function deleteAvatarFile(ctx: AppContext, user: repo.UserRow): Promise<void> {
  if (user.avatarKey) await ctx.storage.delete(user.avatarKey).catch(() => {});
}

/** Gives or takes a staff role (the roles command, through the review feature's rules). */
export async function setStaffRole(tx: Db, userId: string, role: string | null): Promise<void> {
  await repo.setStaffRole(tx, userId, role);
}

/**
 * An account the platform itself acts through (the demo's bot): no password, so it can never sign
 * in. Made once; answers its id.
 */
export async function ensureSystemAccount(
  tx: Db,
  account: { username: string; email: string; firstName: string; lastName: string },
): Promise<string> {
  return repo.ensureSystemAccount(tx, account);
}

/** The seed's demo accounts (development only): answers the new account's id, or undefined. */
export function insertDemoAccount(db: Db, values: Parameters<typeof repo.insertDemoAccount>[1]) {
  return repo.insertDemoAccount(db, values);
}
