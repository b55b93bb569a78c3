import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    userTypes: text('user_types').array().notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    indieProjectUpdates: boolean('indie_project_updates').notNull().default(false),
    language: text('language').notNull().default('en'),
    avatarKey: text('avatar_key'),
    /** Back-office role: null for everyone but the platform team (admin) and consultants (reviewer). */
    staffRole: text('staff_role'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check(
      'users_user_types_valid',
      sql`cardinality(${t.userTypes}) between 1 and 3 and ${t.userTypes} <@ array['investor','gamer','developer']::text[]`,
    ),
    check('users_language_valid', sql`${t.language} in ('en', 'it')`),
    check('users_staff_role_valid', sql`${t.staffRole} in ('admin', 'reviewer')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie value: a database leak does not hand out live sessions.
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    /** What the member sees and names in Settings -> Security; never the id hash itself. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** When the member proved who they are: the login, or a later step-up (ADR 0015). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    /** Written at most once a minute per session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a second factor was proven in this session (login step, enrolment); null otherwise. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For verification: the address this token proves; a later email change makes it void. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_id_idx').on(t.userId),
    check('email_tokens_purpose_valid', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/**
 * One message's subject and parts shared by many outbox rows: a notification to a large audience
 * (ADR 0037) is rendered once per language and each reader's row names it, instead of carrying
 * its own copy. It names no one. No foreign key from the outbox (that would be a check per row of a
 * fan-out): a body is written in the transaction of the rows that name it, and housekeeping only
 * removes bodies a day old that no row names, which no row can come to name again.
 */
export const mailBodies = pgTable('mail_bodies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Transactional outbox: a message is written with the change that causes it, then delivered. Its
 * subject and parts are the row's own, or (body_id) those of a shared body.
 */
export const outbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** A shared body (mail_bodies) in place of the row's own subject and parts. */
    bodyId: bigint('body_id', { mode: 'number' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Fixed when the message is queued and sent as its Message-ID on every attempt (ADR 0020). */
    messageId: uuid('message_id').notNull().defaultRandom(),
    /** Extra header fields of the message (a newsletter's List-Unsubscribe, ADR 0038). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_user_id_idx').on(t.userId),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check(
      'mail_outbox_one_body',
      sql`(${t.bodyId} is null) = (${t.subject} is not null and ${t.textBody} is not null and ${t.htmlBody} is not null)`,
    ),
  ],
);

/** Where mail goes when no SMTP server is configured (development only). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(sql`lower(${t.toAddress})`)],
);

/** Security-relevant account events. Kept after deletion, pointing at the pseudonymised user row. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    ip: inet('ip'),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_user_id_idx').on(t.userId)],
);
