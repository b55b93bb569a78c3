import { COMPLAINT_SERVICES, COMPLAINT_STATUSES } from '@indiesplit/shared/complaints';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './schema.ts';
import { campaigns } from './schema-campaigns.ts';

// The complaints register (ADR 0030), written only by features/complaints. A complaint moves
// forward along COMPLAINT_STATUSES; each step's time is kept, and the answer once given.

export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to the complainant and staff: C-<year>-<8 random characters>. */
    reference: text('reference').notNull(),
    /** sha256 of the status link's token; the token itself is only in the acknowledgement email. */
    statusTokenHash: text('status_token_hash').notNull(),
    /** The member who filed it, when logged in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    viaRepresentative: boolean('via_representative').notNull().default(false),
    representativeName: text('representative_name').notNull().default(''),
    representativeContact: text('representative_contact').notNull().default(''),
    service: text('service', { enum: COMPLAINT_SERVICES }).notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    factsFrom: date('facts_from', { mode: 'string' }).notNull(),
    factsTo: date('facts_to', { mode: 'string' }),
    description: text('description').notNull(),
    remedy: text('remedy').notNull(),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default('received'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgeDueAt: timestamp('acknowledge_due_at', { withTimezone: true }).notNull(),
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    investigatingAt: timestamp('investigating_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    answer: text('answer'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('complaints_reference_key').on(t.reference),
    uniqueIndex('complaints_status_token_hash_key').on(t.statusTokenHash),
    index('complaints_user_id_idx').on(t.userId),
    index('complaints_campaign_id_idx').on(t.campaignId),
    index('complaints_assignee_id_idx').on(t.assigneeId),
    index('complaints_status_received_idx').on(t.status, t.receivedAt),
    check(
      'complaints_status_check',
      sql`${t.status} in ('received', 'acknowledged', 'investigating', 'answered', 'closed')`,
    ),
    check(
      'complaints_service_check',
      sql`${t.service} in ('investing', 'campaign', 'payments', 'account', 'other')`,
    ),
    check('complaints_language_check', sql`${t.language} in ('en', 'it')`),
    check('complaints_reference_check', sql`${t.reference} ~ '^C-[0-9]{4}-[0-9A-Z]{8}$'`),
    // An answered or closed complaint has its answer and the time it was given; a closed one its close.
    check(
      'complaints_answer_check',
      sql`(${t.status} in ('answered', 'closed')) = (${t.answer} is not null and ${t.answeredAt} is not null)`,
    ),
    check('complaints_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    check('complaints_facts_check', sql`${t.factsTo} is null or ${t.factsTo} >= ${t.factsFrom}`),
    check('complaints_due_check', sql`${t.acknowledgeDueAt} <= ${t.answerDueAt}`),
    check(
      'complaints_lengths_check',
      sql`length(${t.name}) <= 200 and length(${t.email}) <= 320 and length(${t.address}) <= 500 and length(${t.phone}) <= 40 and length(${t.representativeName}) <= 200 and length(${t.representativeContact}) <= 500 and length(${t.description}) <= 5000 and length(${t.remedy}) <= 5000 and coalesce(length(${t.answer}), 0) <= 10000`,
    ),
  ],
);

/** Staff's internal notes on a complaint: never shown to the complainant. */
export const complaintNotes = pgTable(
  'complaint_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    index('complaint_notes_complaint_id_idx').on(t.complaintId, t.createdAt),
    index('complaint_notes_author_id_idx').on(t.authorId),
    check('complaint_notes_body_check', sql`length(${t.body}) between 1 and 5000`),
  ],
);
