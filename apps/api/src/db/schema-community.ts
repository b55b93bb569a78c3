import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './schema.ts';
import { campaigns } from './schema-campaigns.ts';

// The community (ADR 0038): questions and comments on campaign pages with their moderation, news
// written by staff, and newsletters. Owned by the community feature.

/**
 * A question or comment on a campaign page (parent null), or a reply to one (parent set; replies
 * are never parents: threads are one level deep, checked by the service under the parent's lock).
 * `answered_at` is set on a question when the studio first replies; `reminded_at` when the studio
 * was reminded of it, once. A hidden post keeps its text and the reason its author is shown.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => communityPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'question' or 'comment' for a thread's first post, 'reply' under it. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('community_posts_thread_idx').on(t.campaignId, t.parentId, t.createdAt),
    index('community_posts_parent_idx').on(t.parentId),
    index('community_posts_author_idx').on(t.authorId, t.createdAt),
    index('community_posts_hidden_by_idx').on(t.hiddenBy),
    // The reminder job's scan: unanswered, unreminded questions by age.
    index('community_posts_unanswered_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'question' and ${t.answeredAt} is null and ${t.remindedAt} is null`),
    check('community_posts_kind_valid', sql`${t.kind} in ('question', 'comment', 'reply')`),
    check('community_posts_reply_has_parent', sql`(${t.kind} = 'reply') = (${t.parentId} is not null)`),
    check('community_posts_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    check(
      'community_posts_hidden_has_reason',
      sql`${t.hiddenAt} is null or (${t.hiddenReason} is not null and char_length(${t.hiddenReason}) between 1 and 500)`,
    ),
    check('community_posts_answered_only_questions', sql`${t.answeredAt} is null or ${t.kind} = 'question'`),
  ],
);

/** A member's report of abuse on a post; one per member and post. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    /** Set when staff dealt with the post (hid it, or left it up). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_reports_post_reporter_key').on(t.postId, t.reporterId),
    index('community_reports_reporter_idx').on(t.reporterId),
    check('community_reports_reason_length', sql`char_length(${t.reason}) <= 500`),
  ],
);

/**
 * News written by staff, in both languages; bodies are Markdown kept as typed and rendered to
 * sanitised HTML when read. Members see it once published.
 */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleEn: text('title_en').notNull(),
    titleIt: text('title_it').notNull(),
    bodyEn: text('body_en').notNull().default(''),
    bodyIt: text('body_it').notNull().default(''),
    /** Storage key of the image, re-encoded by the upload pipeline. */
    imageKey: text('image_key'),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('news_posts_published_idx').on(t.status, t.publishedAt),
    index('news_posts_author_idx').on(t.authorId),
    check('news_posts_status_valid', sql`${t.status} in ('draft', 'published')`),
    check('news_posts_published_has_date', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
    check(
      'news_posts_lengths',
      sql`char_length(${t.titleEn}) <= 200 and char_length(${t.titleIt}) <= 200 and char_length(${t.bodyEn}) <= 20000 and char_length(${t.bodyIt}) <= 20000`,
    ),
  ],
);

/**
 * A newsletter: composed as a draft, then sent to the members who opted in, in batches through the
 * outbox. `cursor_user_id` is the last recipient queued (recipients are taken in id order), so a
 * round that stops half-way goes on from there and nobody gets it twice.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectEn: text('subject_en').notNull(),
    subjectIt: text('subject_it').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyIt: text('body_it').notNull(),
    status: text('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cursorUserId: uuid('cursor_user_id'),
    recipients: integer('recipients').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('newsletters_status_idx').on(t.status),
    index('newsletters_created_by_idx').on(t.createdBy),
    check('newsletters_status_valid', sql`${t.status} in ('draft', 'sending', 'sent')`),
    check('newsletters_recipients_non_negative', sql`${t.recipients} >= 0`),
    check(
      'newsletters_lengths',
      sql`char_length(${t.subjectEn}) between 1 and 200 and char_length(${t.subjectIt}) between 1 and 200 and char_length(${t.bodyEn}) <= 20000 and char_length(${t.bodyIt}) <= 20000`,
    ),
  ],
);

/**
 * A studio's public profile (ADR 0038), one per developer account: the bio and links it writes and
 * its logo (a re-encoded WebP). The public page adds its campaigns and their outcomes.
 */
export const studioProfiles = pgTable(
  'studio_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    links: jsonb('links').$type<Array<{ label: string; url: string }>>().notNull().default(sql`'[]'::jsonb`),
    logoKey: text('logo_key'),
    ...timestamps,
  },
  (t) => [
    check('studio_profiles_bio_length', sql`char_length(${t.bio}) <= 2000`),
    check('studio_profiles_links_count', sql`jsonb_array_length(${t.links}) <= 5`),
  ],
);
