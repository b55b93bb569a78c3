import { PITCH_STATUSES } from '@indiesplit/shared/pitches';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './schema.ts';

// Pitches (spec §3 "Contact", "Project submission") and their review in the back office.
// Amounts are integer euro cents; a pitch's status moves only along PITCH_TRANSITIONS (shared).

/** Step 1 of the pitch form: who to call back. */
export const pitchContacts = pgTable(
  'pitch_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    askedForContact: boolean('asked_for_contact').notNull().default(false),
    language: text('language').notNull().default('en'),
    calledAt: timestamp('called_at', { withTimezone: true }),
    calledBy: uuid('called_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('pitch_contacts_call_list_idx').on(t.askedForContact, t.createdAt),
    index('pitch_contacts_email_idx').on(sql`lower(${t.email})`),
    index('pitch_contacts_called_by_idx').on(t.calledBy),
  ],
);

export const pitches = pgTable(
  'pitches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that sent it, when logged in; anonymous pitches match by verified email. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    projectName: text('project_name').notNull(),
    productionBudgetCents: bigint('production_budget_cents', { mode: 'number' }).notNull(),
    requiredFundingCents: bigint('required_funding_cents', { mode: 'number' }).notNull().default(0),
    platforms: text('platforms').array().notNull(),
    isDebutTitle: boolean('is_debut_title').notNull().default(false),
    expectedReleaseDate: date('expected_release_date', { mode: 'string' }).notNull(),
    lookingFor: text('looking_for').array().notNull(),
    planToChoosePublisher: boolean('plan_to_choose_publisher').notNull().default(false),
    notes: text('notes').notNull().default(''),
    trailerLink: text('trailer_link'),
    demoLink: text('demo_link'),
    /** The password of the developer's demo or trailer page, encrypted at rest (reviewers read it). */
    pitchPasswordEnc: text('pitch_password_enc'),
    /** Storage key of the PDF pitch deck: a server-generated name, never the uploaded one. */
    pdfKey: text('pdf_key').notNull(),
    pdfBytes: integer('pdf_bytes').notNull(),
    status: text('status', { enum: PITCH_STATUSES }).notNull().default('submitted'),
    /** The reviewers' last message to the developer (changes requested, rejected or approved). */
    decisionMessage: text('decision_message'),
    /** Bumped at each resubmission; reviews belong to one revision. */
    revision: integer('revision').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('pitches_user_id_idx').on(t.userId),
    index('pitches_email_idx').on(sql`lower(${t.email})`),
    index('pitches_status_idx').on(t.status, t.submittedAt),
    check(
      'pitches_status_valid',
      sql`${t.status} in ('submitted', 'in_review', 'changes_requested', 'approved', 'rejected')`,
    ),
    check('pitches_budget_non_negative', sql`${t.productionBudgetCents} >= 0`),
    check('pitches_funding_non_negative', sql`${t.requiredFundingCents} >= 0`),
    check('pitches_platforms_valid', sql`cardinality(${t.platforms}) >= 1`),
    check(
      'pitches_looking_for_valid',
      sql`cardinality(${t.lookingFor}) >= 1 and ${t.lookingFor} <@ array['funding','services','hr']::text[]`,
    ),
  ],
);

/** Which reviewers an admin has asked to score a pitch. */
export const pitchAssignments = pgTable(
  'pitch_assignments',
  {
    pitchId: uuid('pitch_id')
      .notNull()
      .references(() => pitches.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pitchId, t.reviewerId] }),
    index('pitch_assignments_reviewer_idx').on(t.reviewerId),
    index('pitch_assignments_assigned_by_idx').on(t.assignedBy),
  ],
);

/** One reviewer's score of one revision of a pitch (fixed rubric, 1–5 each). */
export const pitchReviews = pgTable(
  'pitch_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pitchId: uuid('pitch_id')
      .notNull()
      .references(() => pitches.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    team: smallint('team').notNull(),
    game: smallint('game').notNull(),
    market: smallint('market').notNull(),
    budgetRealism: smallint('budget_realism').notNull(),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pitch_reviews_one_per_revision_key').on(t.pitchId, t.reviewerId, t.revision),
    index('pitch_reviews_reviewer_idx').on(t.reviewerId),
    check(
      'pitch_reviews_scores_valid',
      sql`${t.team} between 1 and 5 and ${t.game} between 1 and 5 and ${t.market} between 1 and 5 and ${t.budgetRealism} between 1 and 5`,
    ),
  ],
);

/** Every status change of a pitch: who, when, from what to what, with the message sent. */
export const pitchEvents = pgTable(
  'pitch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pitchId: uuid('pitch_id')
      .notNull()
      .references(() => pitches.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: PITCH_STATUSES }),
    toStatus: text('to_status', { enum: PITCH_STATUSES }).notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pitch_events_pitch_idx').on(t.pitchId, t.createdAt),
    index('pitch_events_actor_idx').on(t.actorId),
    index('pitch_events_created_idx').on(t.createdAt),
  ],
);
