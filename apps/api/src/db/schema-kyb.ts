import { sql } from 'drizzle-orm';
import {
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

// Studios' verifications (KYB, ECSP Art 5; ADR 0036), written only by features/kyb. Every
// submission is a row of its own and is never overwritten: a refusal, a re-submission and a renewal
// each leave the earlier rows as they were decided, which is the record of the due diligence done.
// A studio is the developer account that owns its campaigns (campaigns.developer_id).

export interface KybUboRow {
  first_name: string;
  last_name: string;
  birth_date: string;
  nationality: string;
  address: string;
  /** Hundredths of a percent (2500 = 25%), so that shares add up exactly. */
  ownership_bp: number;
}

export const studioKyb = pgTable(
  'studio_kyb',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** submitted (waiting for staff), approved or refused. An approval past valid_until has run out. */
    decision: text('decision').notNull().default('submitted'),
    legalName: text('legal_name').notNull(),
    registrationNumber: text('registration_number').notNull(),
    country: text('country').notNull(),
    registeredAddress: text('registered_address').notNull(),
    representativeFirstName: text('representative_first_name').notNull(),
    representativeLastName: text('representative_last_name').notNull(),
    representativeBirthDate: text('representative_birth_date').notNull(),
    representativeNationality: text('representative_nationality').notNull(),
    representativeEmail: text('representative_email').notNull(),
    ubos: jsonb('ubos').$type<KybUboRow[]>().notNull(),
    /** The Art 5(2) declarations as ticked, with the time they were made (submitted_at). */
    declarations: jsonb('declarations').$type<Record<string, boolean>>().notNull(),
    documentKey: text('document_key').notNull(),
    documentName: text('document_name').notNull(),
    documentType: text('document_type').notNull(),
    documentSize: integer('document_size').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    refusalReason: text('refusal_reason'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('studio_kyb_user_idx').on(t.userId, t.submittedAt),
    index('studio_kyb_decided_by_idx').on(t.decidedBy),
    index('studio_kyb_decision_idx').on(t.decision, t.submittedAt),
    uniqueIndex('studio_kyb_document_key').on(t.documentKey),
    // One submission at a time waits for staff.
    uniqueIndex('studio_kyb_one_waiting').on(t.userId).where(sql`${t.decision} = 'submitted'`),
    check('studio_kyb_decision_valid', sql`${t.decision} in ('submitted', 'approved', 'refused')`),
    check(
      'studio_kyb_decided',
      sql`(${t.decision} = 'submitted') = (${t.decidedAt} is null)
        and (${t.decision} = 'approved') = (${t.validUntil} is not null)
        and (${t.decision} = 'refused') = (${t.refusalReason} is not null)`,
    ),
    check(
      'studio_kyb_document_type_valid',
      sql`${t.documentType} in ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
    check('studio_kyb_document_size_valid', sql`${t.documentSize} between 1 and 10485760`),
    check(
      'studio_kyb_ubos_valid',
      sql`jsonb_typeof(${t.ubos}) = 'array' and jsonb_array_length(${t.ubos}) between 1 and 20`,
    ),
  ],
);
