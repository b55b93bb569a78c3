import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './schema-campaigns.ts';

// The versions of a campaign's key investment information sheet (ADR 0029). Written by the
// campaigns feature only: a version is made when a campaign is published and whenever an edit
// changes the sheet; it is never changed afterwards.

/**
 * One version of a campaign's sheet: what the investors were shown, in English and Italian, with a
 * SHA-256 of its canonical serialisation. `material` says whether the change from the previous
 * version reopened the investors' right to revoke; `changes` names the fields that changed.
 */
export const keyInformationVersions = pgTable(
  'key_information_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** 1, 2, 3 … per campaign. */
    number: integer('number').notNull(),
    /** `{ en: KeyInformationDto, it: KeyInformationDto }`. */
    content: jsonb('content').notNull(),
    /** Lower-case hex SHA-256 of the canonical JSON of `content`. */
    sha256: text('sha256').notNull(),
    material: boolean('material').notNull().default(false),
    /** The sheet's fields that differ from the previous version (empty for the first). */
    changes: text('changes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('key_information_versions_number_key').on(t.campaignId, t.number),
    check('key_information_versions_number_positive', sql`${t.number} > 0`),
  ],
);
