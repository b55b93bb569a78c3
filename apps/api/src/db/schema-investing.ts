import { CONFLICT_KINDS, INVESTMENT_STATUSES } from '@indiesplit/shared/investing';
import { CURRENCIES } from '@indiesplit/shared/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

// Investing (ADR 0011): each investor's profile (knowledge test, loss simulation, sophisticated
// status and its evidence) and each investment, which points at the ledger transfers that reserved
// and settled its money. Amounts are integer cents.

/**
 * What ECSP asks of an investor before the first investment: the entry knowledge test (valid two
 * years) and the loss-bearing simulation; and whether an admin approved their request to be
 * treated as sophisticated.
 */
export const investorProfiles = pgTable(
  'investor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The test's answers, as given (question code -> answer code). */
    knowledgeAnswers: jsonb('knowledge_answers'),
    knowledgePassed: boolean('knowledge_passed').notNull().default(false),
    knowledgeTakenAt: timestamp('knowledge_taken_at', { withTimezone: true }),
    knowledgeValidUntil: timestamp('knowledge_valid_until', { withTimezone: true }),
    annualIncomeCents: bigint('annual_income_cents', { mode: 'number' }),
    liquidAssetsCents: bigint('liquid_assets_cents', { mode: 'number' }),
    annualCommitmentsCents: bigint('annual_commitments_cents', { mode: 'number' }),
    /** income + liquid assets - commitments; may be negative. */
    netWorthCents: bigint('net_worth_cents', { mode: 'number' }),
    investorClass: text('investor_class').notNull().default('non_sophisticated'),
    /** none | requested | approved | rejected */
    sophisticatedRequest: text('sophisticated_request').notNull().default('none'),
    sophisticatedReason: text('sophisticated_reason'),
    sophisticatedRequestedAt: timestamp('sophisticated_requested_at', { withTimezone: true }),
    sophisticatedDecidedBy: uuid('sophisticated_decided_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    sophisticatedDecidedAt: timestamp('sophisticated_decided_at', { withTimezone: true }),
    /** Annex II (ADR 0033): natural | legal, and the criteria the investor ticked. */
    sophisticatedPersonType: text('sophisticated_person_type'),
    sophisticatedCriteria: text('sophisticated_criteria').array(),
    /** The admin's reason for a refusal, as the investor was told. */
    sophisticatedDecisionReason: text('sophisticated_decision_reason'),
    /** An approval ends here (two years); the expiry job makes the investor non-sophisticated. */
    sophisticatedValidUntil: timestamp('sophisticated_valid_until', { withTimezone: true }),
    /** The expiry reminder of the current approval went out (sent once). */
    sophisticatedRemindedAt: timestamp('sophisticated_reminded_at', { withTimezone: true }),
    /** ISO 3166-1 alpha-2; asked once before the first real-euro investment. */
    taxResidenceCountry: text('tax_residence_country'),
    taxId: text('tax_id'),
    taxResidenceAt: timestamp('tax_residence_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('investor_profiles_class_valid', sql`${t.investorClass} in ('non_sophisticated', 'sophisticated')`),
    check(
      'investor_profiles_request_valid',
      sql`${t.sophisticatedRequest} in ('none', 'requested', 'approved', 'rejected', 'expired')`,
    ),
    check(
      'investor_profiles_person_type_valid',
      sql`${t.sophisticatedPersonType} is null or ${t.sophisticatedPersonType} in ('natural', 'legal')`,
    ),
    // Sophisticated only with an approval that has an end (or while its renewal is decided).
    check(
      'investor_profiles_sophisticated_approved',
      sql`${t.investorClass} = 'non_sophisticated' or (${t.sophisticatedRequest} in ('approved', 'requested') and ${t.sophisticatedValidUntil} is not null)`,
    ),
    check(
      'investor_profiles_tax_country_valid',
      sql`${t.taxResidenceCountry} is null or ${t.taxResidenceCountry} ~ '^[A-Z]{2}$'`,
    ),
    check(
      'investor_profiles_tax_id_valid',
      sql`${t.taxId} is null or (${t.taxResidenceCountry} is not null and char_length(${t.taxId}) between 1 and 30)`,
    ),
    check(
      'investor_profiles_tax_residence_complete',
      sql`(${t.taxResidenceCountry} is null) = (${t.taxResidenceAt} is null)`,
    ),
  ],
);

/**
 * The documents an investor uploads with a request to be treated as sophisticated (ADR 0033): PDF
 * or images, stored privately (the storage key is never shown); only the investor and admins can
 * download them. `requested_at` ties a file to the request it came with (the profile's
 * `sophisticated_requested_at`); earlier requests' files stay as the record of what was decided.
 */
export const sophisticatedEvidence = pgTable(
  'sophisticated_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    ...timestamps,
  },
  (t) => [
    index('sophisticated_evidence_user_idx').on(t.userId, t.requestedAt),
    check(
      'sophisticated_evidence_type_valid',
      sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
    check('sophisticated_evidence_size_valid', sql`${t.sizeBytes} between 1 and 10485760`),
    check('sophisticated_evidence_name_valid', sql`char_length(${t.fileName}) between 1 and 120`),
  ],
);

/**
 * One investment. It starts `reserved` (the money is held by a pending ledger transfer from the
 * wallet to the campaign's escrow) and ends in exactly one final state: `revoked` (reflection
 * period), `posted` (campaign funded) or `refunded` (campaign failed or cancelled).
 */
export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: INVESTMENT_STATUSES }).notNull().default('reserved'),
    /** The pending ledger transfer that holds the money. */
    reserveTransferId: bigint('reserve_transfer_id', { mode: 'number' }).notNull(),
    /** The transfer that posted or voided it. */
    settleTransferId: bigint('settle_transfer_id', { mode: 'number' }),
    reflectionEndsAt: timestamp('reflection_ends_at', { withTimezone: true }).notNull(),
    /** The key investment information sheet and the risk warning, acknowledged. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
    /** The extra warning above the threshold, consented to (null when not needed). */
    highAmountConsentAt: timestamp('high_amount_consent_at', { withTimezone: true }),
    /** The version of the key information sheet the investor acknowledged (ADR 0029). */
    keyInformationVersion: integer('key_information_version'),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A conflict of interest found when the investment was made (ECSP Art 8, ADR 0031): 'staff' (the
     * platform's admins and reviewers) or 'studio' (the project owner's own people); null for none.
     * Kept as it was then, so a later change of role does not rewrite what investors were told.
     */
    conflictOfInterest: text('conflict_of_interest', { enum: CONFLICT_KINDS }),
    ...timestamps,
  },
  (t) => [
    index('investments_campaign_idx').on(t.campaignId, t.status),
    check(
      'investments_conflict_valid',
      sql`${t.conflictOfInterest} is null or ${t.conflictOfInterest} in ('staff', 'studio')`,
    ),
    index('investments_investor_idx').on(t.investorId, t.createdAt),
    uniqueIndex('investments_reserve_transfer_key').on(t.reserveTransferId),
    uniqueIndex('investments_idempotency_key').on(t.investorId, t.idempotencyKey),
    check('investments_amount_positive', sql`${t.amountCents} > 0`),
    check('investments_currency_valid', sql`${t.currency} in ('EUR', 'DEMO')`),
    check('investments_status_valid', sql`${t.status} in ('reserved', 'revoked', 'posted', 'refunded')`),
    check(
      'investments_final_state_settled',
      sql`(${t.status} = 'reserved') = (${t.settleTransferId} is null)`,
    ),
  ],
);
