import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { campaigns } from './schema-campaigns.ts';

// Follows, campaign updates and notifications (ADR 0037).

/** Members who follow a campaign, in any state: they hear of its updates and milestones. */
export const campaignFollows = pgTable(
  'campaign_follows',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index('campaign_follows_user_idx').on(t.userId)],
);

/**
 * A studio's update on its campaign, in English and/or Italian (an empty title means "not in this
 * language"). The Markdown source is kept; the sanitised HTML is rendered on write.
 */
export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Who posted it; null once that account is deleted (the studio's update stays). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    visibility: text('visibility').notNull(),
    titleEn: text('title_en').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    htmlEn: text('html_en').notNull().default(''),
    titleIt: text('title_it').notNull().default(''),
    bodyIt: text('body_it').notNull().default(''),
    htmlIt: text('html_it').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('campaign_updates_campaign_idx').on(t.campaignId, t.createdAt),
    index('campaign_updates_author_idx').on(t.authorId),
    check('campaign_updates_visibility_valid', sql`${t.visibility} in ('public', 'investors')`),
    check('campaign_updates_has_language', sql`${t.titleEn} <> '' or ${t.titleIt} <> ''`),
  ],
);

/**
 * One thing one member is told. `data` holds what the text needs (a title, a milestone, an amount
 * of their own) and never another member's data. `email` is where its email stands: 'none' (none
 * due: off, or sent by the feature itself), 'queued' (in the outbox), 'digest' (waiting for the
 * daily digest), 'digested' (sent in one).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys here: a fan-out writes 100,000 rows in one transaction and a check per row
    // was half its database time (ADR 0037). The member is the one just read (a live account), the
    // campaign the one being changed; neither is ever deleted, and erasure (ADR 0004) removes a
    // member's notifications itself.
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    campaignId: uuid('campaign_id'),
    /** The thing it is about besides the campaign (an update, a pitch, a payout …). */
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    email: text('email').notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_digest_idx').on(t.userId).where(sql`${t.email} = 'digest'`),
    index('notifications_campaign_idx').on(t.campaignId),
    check('notifications_email_valid', sql`${t.email} in ('none', 'queued', 'digest', 'digested')`),
  ],
);

/** A member's choice per type; no row means the default (immediately). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    delivery: text('delivery').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_delivery_valid', sql`${t.delivery} in ('immediately', 'daily', 'off')`),
  ],
);
