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
  /** Provider mode: the home address in parts and the birthplace (ADR 0036). */
  residence?: KybAddressRow;
  birthplace_city?: string;
  birthplace_country?: string;
}

export interface KybAddressRow {
  line1: string;
  city: string;
  postal_code: string;
  country: string;
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
    /** Provider mode: the registered office in parts (registered_address is then made from it). */
    registeredOffice: jsonb('registered_office').$type<KybAddressRow>(),
    representativeResidence: text('representative_residence'),
    /** Provider mode: the IBAN in the studio's legal name where the money raised is paid. */
    payoutIban: text('payout_iban'),
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

// ---- the studio at the payment provider (PAYMENTS=sandbox|mangopay; ADR 0036, ADR 0039) --------

/**
 * The studio's legal user at the provider, made once and kept across renewals, with its EUR wallet
 * (where a campaign's escrow is paid) and the Recipient of its payout IBAN (the latest sent; its
 * status, confirmed or not by the studio's representative, is in provider_recipients). Each id is
 * written as soon as the provider gives it, so a send stopped half-way resumes where it stopped.
 */
export const providerStudios = pgTable('provider_studios', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerUserId: text('provider_user_id').notNull().unique(),
  walletId: text('wallet_id').unique(),
  /** The recipient of `iban` the payouts go to once it is ACTIVE (a new one after a CANCELED one). */
  recipientId: text('recipient_id').unique(),
  iban: text('iban'),
  ...timestamps,
});

/**
 * One submission's way through the provider: its registration proof (a KYC document) and its
 * UBO declaration, their ids and last statuses read from the provider, and whether everything has
 * been sent (sent_at). A row without sent_at is sent again by the job or on the studio's visit;
 * claimed_until keeps two senders from working on it at once.
 */
export const providerStudioKyb = pgTable(
  'provider_studio_kyb',
  {
    kybId: uuid('kyb_id')
      .primaryKey()
      .references(() => studioKyb.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: text('document_id').unique(),
    documentStatus: text('document_status'),
    declarationId: text('declaration_id').unique(),
    /** Owners added to the declaration so far (in the submission's order). */
    ubosSent: integer('ubos_sent').notNull().default(0),
    declarationStatus: text('declaration_status'),
    /** What the provider refused: 'document' or 'declaration', with its reason. */
    refused: text('refused'),
    reasonType: text('reason_type'),
    reasonMessage: text('reason_message'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('provider_studio_kyb_user_idx').on(t.userId),
    index('provider_studio_kyb_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
    check('provider_studio_kyb_refused_valid', sql`${t.refused} in ('document', 'declaration')`),
  ],
);
