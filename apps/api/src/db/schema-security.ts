import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Sensitive account changes, each told to the address the account had before it, with a link that
 * undoes it (ADR 0015). Only the SHA-256 of the link's token is stored; the link works once, for
 * 72 hours. Rows stay after use as the record of what was changed and undone.
 */
export const sensitiveChanges = pgTable(
  'sensitive_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The address told of the change (the account's address before it). */
    previousEmail: text('previous_email').notNull(),
    /** What the undo needs: the old address, the provider and subject, the IBAN … */
    undo: jsonb('undo').notNull().default({}),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sensitive_changes_token_hash_key').on(t.tokenHash),
    index('sensitive_changes_user_id_idx').on(t.userId, t.createdAt),
    check(
      'sensitive_changes_kind_valid',
      sql`${t.kind} in ('email', 'password', 'social_link', 'social_unlink', 'withdrawal_iban', 'second_factor')`,
    ),
  ],
);
