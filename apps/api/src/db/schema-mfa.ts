import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './schema.ts';

// Second factors: an authenticator app (TOTP), single-use recovery codes and passkeys (WebAuthn),
// plus the short-lived state of a login that still owes its second step.

/** One authenticator app per account. Without enabled_at it is a set-up that was never confirmed. */
export const mfaTotp = pgTable('mfa_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM under a key derived from SESSION_SECRET, the user id as associated data. */
  secretEnc: text('secret_enc').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  ...timestamps,
});

/** Recovery codes, stored as SHA-256 of 50 random bits each; used ones are kept as spent. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mfa_recovery_codes_user_id_idx').on(t.userId),
    uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash),
  ],
);

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('passkeys_user_id_idx').on(t.userId),
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    check('passkeys_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * WebAuthn challenges: single use (deleted when consumed), expiring, bound to what they were made
 * for (a purpose, and the user or the pending login when known).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webauthn_challenges_user_id_idx').on(t.userId),
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check(
      'webauthn_challenges_purpose_valid',
      sql`${t.purpose} in ('register', 'signin', 'second_step', 'confirm')`,
    ),
  ],
);

/** A login whose password (or provider) was right and whose second factor is still owed. */
export const mfaPendingLogins = pgTable(
  'mfa_pending_logins',
  {
    /** SHA-256 of the pending cookie. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mfa_pending_logins_user_id_idx').on(t.userId),
    index('mfa_pending_logins_expires_at_idx').on(t.expiresAt),
  ],
);
