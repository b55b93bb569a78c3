import { CAMPAIGN_STATUSES, SERVICE_STATUSES } from '@indiesplit/shared/campaigns';
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import { type HolderAddress, WITHDRAWAL_STATUSES } from '@indiesplit/shared/funds';
import { CURRENCIES } from '@indiesplit/shared/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './schema.ts';
import { pitches } from './schema-pitches.ts';

// Campaigns and the jobs that close them, deposits and withdrawals (ADR 0010); the investments
// and investor profiles are in schema-investing.ts. Amounts are integer cents, shares are basis
// points. Money itself lives in the ledger (schema-ledger.ts); these tables say what the money is
// for, and point at the ledger transfers that moved it.

const statusList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const CAMPAIGN_STATUS_SQL = statusList([
  'draft',
  'scheduled',
  'live',
  'closing',
  'funded',
  'failed',
  'services_active',
  'launched',
  'completed',
  'cancelled',
]);

/**
 * A campaign. Approving a pitch creates a draft carrying the pitch's data; an admin completes the
 * texts, dates and money terms and moves it along CAMPAIGN_TRANSITIONS (shared/campaigns.ts).
 * `committed_cents` is the sum of its live investments (reserved or posted), kept under the row's
 * lock, so the cap is checked by the database too.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pitchId: uuid('pitch_id').references(() => pitches.id, { onDelete: 'restrict' }),
    developerId: uuid('developer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    slug: text('slug'),
    title: text('title').notNull(),
    genre: text('genre'),
    platforms: text('platforms').array().notNull(),
    /** Texts in both languages: summary, story, risks, use of funds. */
    summaryEn: text('summary_en').notNull().default(''),
    summaryIt: text('summary_it').notNull().default(''),
    storyEn: text('story_en').notNull().default(''),
    storyIt: text('story_it').notNull().default(''),
    risksEn: text('risks_en').notNull().default(''),
    risksIt: text('risks_it').notNull().default(''),
    useOfFundsEn: text('use_of_funds_en').notNull().default(''),
    useOfFundsIt: text('use_of_funds_it').notNull().default(''),
    /** The developer services that start when funded (DEVELOPER_SERVICES codes). */
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    /** Storage key of the cover image. */
    coverImage: text('cover_image'),
    goalCents: bigint('goal_cents', { mode: 'number' }).notNull(),
    /** The cap: no more than this can be committed. Null on a draft until it is set. */
    maxCents: bigint('max_cents', { mode: 'number' }),
    minTicketCents: bigint('min_ticket_cents', { mode: 'number' }).notNull().default(5_000),
    /** Sum of the live investments (reserved or posted). */
    committedCents: bigint('committed_cents', { mode: 'number' }).notNull().default(0),
    investorCount: integer('investor_count').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('EUR'),
    /** Share of the game's net revenue paid to investors, in basis points (1% = 100). */
    revenueShareBps: integer('revenue_share_bps'),
    /**
     * The platform's part of each revenue pool, in basis points of the pool (ADR 0014). Taken from
     * the configuration when the campaign goes live and frozen with the other money terms.
     */
    platformShareBps: integer('platform_share_bps'),
    /**
     * The platform's fee on the money raised, in basis points, kept when the escrow is paid to the
     * studio (ADR 0042). Taken from the configuration when the campaign goes live and frozen.
     */
    successFeeBps: integer('success_fee_bps'),
    termMonths: integer('term_months').notNull().default(REVENUE_SHARE_TERM_MONTHS),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /**
     * How long an investment may be revoked, in seconds: 4 calendar days for real money; demo
     * campaigns run on a fast clock (minutes).
     */
    reflectionSeconds: integer('reflection_seconds')
      .notNull()
      .default(4 * 24 * 3600),
    trailerUrl: text('trailer_url'),
    expectedReleaseDate: date('expected_release_date', { mode: 'string' }),
    /** The game's release: the revenue-share term starts that day. */
    launchedOn: date('launched_on', { mode: 'string' }),
    /**
     * The studio (project owner) as the key investment information sheet names it (ECSP Annex I
     * Part A, ADR 0028): legal name and form, registration number, country (ISO 3166 alpha-2),
     * registered address, contact email, the people responsible for the sheet ([{name, role}]),
     * and whether the studio has signed the sheet's responsibility statement. Empty on a draft;
     * required before the campaign is published.
     */
    studioLegalName: text('studio_legal_name').notNull().default(''),
    studioLegalForm: text('studio_legal_form').notNull().default(''),
    studioRegistrationNumber: text('studio_registration_number').notNull().default(''),
    studioCountry: text('studio_country').notNull().default(''),
    studioAddress: text('studio_address').notNull().default(''),
    studioEmail: text('studio_email').notNull().default(''),
    studioPeople: jsonb('studio_people')
      .$type<Array<{ name: string; role: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    studioStatementSigned: boolean('studio_statement_signed').notNull().default(false),
    /**
     * The number of the key information sheet's current version (key_information_versions, ADR
     * 0029); null until the campaign is published. An investment is taken only with this version.
     */
    keyInformationVersion: integer('key_information_version'),
    /**
     * What the studio declares it raised through crowdfunding outside IndieSplit in the last 12
     * months, in cents: counted against the 5,000,000 EUR per-studio limit (ECSP Art 1(2)(c), ADR 0031).
     */
    studioRaisedElsewhereCents: bigint('studio_raised_elsewhere_cents', { mode: 'number' })
      .notNull()
      .default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaigns_pitch_key').on(t.pitchId),
    uniqueIndex('campaigns_slug_key').on(t.slug),
    index('campaigns_developer_idx').on(t.developerId),
    index('campaigns_created_by_idx').on(t.createdBy),
    index('campaigns_status_idx').on(t.status, t.deadlineAt),
    check('campaigns_status_valid', sql`${t.status} in (${CAMPAIGN_STATUS_SQL})`),
    check('campaigns_goal_non_negative', sql`${t.goalCents} >= 0`),
    check('campaigns_raised_elsewhere_non_negative', sql`${t.studioRaisedElsewhereCents} >= 0`),
    check('campaigns_currency_valid', sql`${t.currency} in ('EUR', 'DEMO')`),
    check('campaigns_cap_at_least_goal', sql`${t.maxCents} is null or ${t.maxCents} >= ${t.goalCents}`),
    check('campaigns_min_ticket_positive', sql`${t.minTicketCents} > 0`),
    check(
      'campaigns_committed_within_cap',
      sql`${t.committedCents} >= 0 and (${t.maxCents} is null or ${t.committedCents} <= ${t.maxCents})`,
    ),
    check('campaigns_investor_count_non_negative', sql`${t.investorCount} >= 0`),
    check(
      'campaigns_share_valid',
      sql`${t.revenueShareBps} is null or (${t.revenueShareBps} > 0 and ${t.revenueShareBps} <= 10000)`,
    ),
    check(
      'campaigns_platform_share_valid',
      sql`${t.platformShareBps} is null or (${t.platformShareBps} >= 0 and ${t.platformShareBps} <= 10000)`,
    ),
    check(
      'campaigns_success_fee_valid',
      sql`${t.successFeeBps} is null or (${t.successFeeBps} >= 0 and ${t.successFeeBps} <= 10000)`,
    ),
    check('campaigns_term_positive', sql`${t.termMonths} > 0`),
    check('campaigns_reflection_non_negative', sql`${t.reflectionSeconds} >= 0`),
    check(
      'campaigns_deadline_after_start',
      sql`${t.startsAt} is null or ${t.deadlineAt} is null or ${t.deadlineAt} > ${t.startsAt}`,
    ),
    // A campaign past its draft has everything investors are shown.
    check(
      'campaigns_complete_when_published',
      sql`${t.status} in ('draft', 'cancelled') or (${t.slug} is not null and ${t.maxCents} is not null and ${t.revenueShareBps} is not null and ${t.startsAt} is not null and ${t.deadlineAt} is not null)`,
    ),
  ],
);

/** Every status change of a campaign: who (null: the platform's jobs), when and why. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: CAMPAIGN_STATUSES }),
    toStatus: text('to_status', { enum: CAMPAIGN_STATUSES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_events_campaign_idx').on(t.campaignId, t.id)],
);

/** The developer services of a funded campaign, as a checklist. */
export const campaignServices = pgTable(
  'campaign_services',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    status: text('status', { enum: SERVICE_STATUSES }).notNull().default('pending'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.service] }),
    check('campaign_services_status_valid', sql`${t.status} in ('pending', 'in_progress', 'done')`),
  ],
);

/** Visitors and members who asked to be told when a scheduled campaign opens. */
export const campaignWatchers = pgTable(
  'campaign_watchers',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email] })],
);

/**
 * Durable scheduled work (campaign start, deadline, settlement). A job is claimed with a lease: a
 * worker that dies leaves it to be claimed again when the lease ends, and every job's work is
 * idempotent, so running it twice changes nothing. `key` makes scheduling the same job twice a
 * no-op.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    index('jobs_due_idx').on(t.state, t.runAt),
    check('jobs_state_valid', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** Each investor's personal reference for bank transfers into their EUR wallet. */
export const depositReferences = pgTable('deposit_references', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bank transfer received and credited to a wallet by an admin (by hand or from a CSV). */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The bank's own id of the transfer: a transfer is credited once. */
    bankTransactionId: text('bank_transaction_id').notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    payerName: text('payer_name'),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_bank_transaction_key').on(t.bankTransactionId),
    index('deposits_user_idx').on(t.userId, t.createdAt),
    check('deposits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A request to pay money out to the investor's own IBAN. The amount is reserved at once (pending
 * transfer wallet -> world) and posted when an admin records the payment, or voided when the
 * request is rejected or cancelled. An admin moves it to `processing` before sending the bank
 * transfer: from then on the member cannot cancel it; the reservation stays pending until paid or
 * rejected.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** requested | processing | paid | rejected | cancelled */
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    reserveTransferId: bigint('reserve_transfer_id', { mode: 'number' }).notNull(),
    settleTransferId: bigint('settle_transfer_id', { mode: 'number' }),
    bankReference: text('bank_reference'),
    note: text('note'),
    /** The admin who started paying it (moved it to processing), and when. */
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * Where a payment provider pays withdrawals (ADR 0039): the holder's address its bank account
     * needs, and the provider's payout once one was asked for (its status events close the request).
     */
    holderAddress: jsonb('holder_address').$type<HolderAddress>(),
    providerPayoutId: text('provider_payout_id').unique(),
    ...timestamps,
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    uniqueIndex('withdrawals_reserve_transfer_key').on(t.reserveTransferId),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'withdrawals_status_valid',
      sql`${t.status} in ('requested', 'processing', 'paid', 'rejected', 'cancelled')`,
    ),
    // A request being paid says since when.
    check('withdrawals_processing_started', sql`${t.status} <> 'processing' or ${t.startedAt} is not null`),
    // Only open requests (requested, processing) are unsettled.
    check(
      'withdrawals_final_state_settled',
      sql`(${t.status} in ('requested', 'processing')) = (${t.settleTransferId} is null)`,
    ),
  ],
);
