import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './schema.ts';

// Social sign-in (ADR 0007). An identity is a provider's account, keyed by the provider's subject,
// never by email. Flows and references are short-lived and hold only hashes of what the browser
// carries, like the other tokens of the platform.

export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Google's `sub`, Discord's user id: stable for the life of the provider account. */
    subject: text('subject').notNull(),
    /** What the provider last said, shown in settings; erased with the person's data. */
    email: text('email'),
    displayName: text('display_name'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('oauth_identities_provider_subject_key').on(t.provider, t.subject),
    // Also the index of the foreign key (user_id leads).
    uniqueIndex('oauth_identities_user_provider_key').on(t.userId, t.provider),
    check('oauth_identities_provider_valid', sql`${t.provider} in ('google', 'discord')`),
  ],
);

/**
 * A Discord authorization in progress: from /start to /callback. The state and the browser cookie
 * are stored hashed; the PKCE verifier is kept to finish the exchange and dies with the row.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    purpose: text('purpose').notNull(),
    /** For linking: the account that asked. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_flows_state_hash_key').on(t.stateHash),
    index('oauth_flows_user_id_idx').on(t.userId),
    index('oauth_flows_expires_at_idx').on(t.expiresAt),
    check('oauth_flows_provider_valid', sql`${t.provider} in ('discord')`),
    check('oauth_flows_purpose_valid', sql`${t.purpose} in ('login', 'link')`),
  ],
);

/**
 * The result of a finished Discord authorization, which the browser redeems with a one-time
 * reference (stored hashed, bound to the same browser cookie as the flow, short-lived). A login
 * that finds no account leaves it unused, so the same reference can complete the sign-up.
 */
export const oauthReferences = pgTable(
  'oauth_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    refHash: text('ref_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    username: text('username').notNull(),
    displayName: text('display_name'),
    avatar: text('avatar'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_references_ref_hash_key').on(t.refHash),
    index('oauth_references_user_id_idx').on(t.userId),
    index('oauth_references_expires_at_idx').on(t.expiresAt),
    check('oauth_references_provider_valid', sql`${t.provider} in ('discord')`),
    check('oauth_references_purpose_valid', sql`${t.purpose} in ('login', 'link')`),
  ],
);
