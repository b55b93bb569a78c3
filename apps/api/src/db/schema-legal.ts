import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Every published version of a legal document (ADR 0034), written only by features/legal. A version
 * is recorded once, from the operator's folder of Markdown files, and never changes: what a member
 * accepted stays provable by its text and its content hash.
 */
export const legalDocumentVersions = pgTable(
  'legal_document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    document: text('document').notNull(),
    version: integer('version').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    titleEn: text('title_en').notNull(),
    titleIt: text('title_it').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyIt: text('body_it').notNull(),
    /** SHA-256 (hex) of the effective date and both languages' texts, as recorded. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('legal_document_versions_document_version_key').on(t.document, t.version),
    check('legal_document_versions_document_valid', sql`${t.document} ~ '^[a-z][a-z0-9-]{0,39}$'`),
    check('legal_document_versions_version_positive', sql`${t.version} > 0`),
    check('legal_document_versions_hash_valid', sql`${t.contentHash} ~ '^[0-9a-f]{64}$'`),
    check(
      'legal_document_versions_texts_present',
      sql`length(${t.titleEn}) > 0 and length(${t.titleIt}) > 0 and length(${t.bodyEn}) > 0 and length(${t.bodyIt}) > 0`,
    ),
  ],
);

/**
 * Which version of a legal document a member accepted, and when (ADR 0034): at registration
 * (password or social sign-up) and when a new version of the terms asks for it. Written only by
 * features/legal; kept as long as the account.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentVersionId: uuid('document_version_id')
      .notNull()
      .references(() => legalDocumentVersions.id, { onDelete: 'restrict' }),
    /** Where it was accepted: the sign-up form, a social sign-up, or the page asking after a change. */
    occasion: text('occasion').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('legal_acceptances_user_version_key').on(t.userId, t.documentVersionId),
    index('legal_acceptances_document_version_id_idx').on(t.documentVersionId),
    check(
      'legal_acceptances_occasion_valid',
      sql`${t.occasion} in ('registration', 'social_sign_up', 'update')`,
    ),
  ],
);
