import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { campaigns } from './schema-campaigns.ts';
import { payinReturnColumns } from './schema-payments.ts';
import { revenueDistributions } from './schema-revenue.ts';

// Revenue pools at the payment provider (ADR 0039, "Revenue pools and distributions"): each
// campaign's pool has a provider wallet of its own with a personal IBAN the studio pays into; a
// distribution's payouts become provider transfers from that wallet to the investors' wallets.

/** A campaign's revenue wallet at the provider, owned by the platform's user, and its IBAN. */
export const providerRevenueWallets = pgTable('provider_revenue_wallets', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'restrict' }),
  walletId: text('wallet_id').notNull().unique(),
  virtualAccountId: text('virtual_account_id').notNull().unique(),
  iban: text('iban').notNull().unique(),
  bic: text('bic').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const REVENUE_PAYIN_OUTCOMES = ['funded', 'suspense', 'returning', 'returned'] as const;
export type RevenuePayinOutcome = (typeof REVENUE_PAYIN_OUTCOMES)[number];

/**
 * Every pay-in received on a revenue IBAN, applied once: the provider's id is the primary key,
 * claimed in the transaction that moves the ledger. `funded`: it paid the distribution named;
 * `suspense`: parked for an admin (nothing awaited it, or not this amount); `returning`: a payout
 * sending it back is on its way; `returned`: sent back (payin-return.ts).
 */
export const providerRevenuePayins = pgTable(
  'provider_revenue_payins',
  {
    payinId: text('payin_id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payerName: text('payer_name'),
    /** The account the money came from, as the provider read it (a return is paid to it). */
    payerIban: text('payer_iban'),
    outcome: text('outcome').$type<RevenuePayinOutcome>().notNull(),
    distributionId: uuid('distribution_id').references(() => revenueDistributions.id, {
      onDelete: 'restrict',
    }),
    /** A return made by a pay-in refund, before returns became payouts (kept for the record). */
    refundId: text('refund_id').unique(),
    ...payinReturnColumns(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the distribution's provider transfers were planned (rows in provider_revenue_transfers). */
    transfersPlannedAt: timestamp('transfers_planned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_revenue_payins_amount_check', sql`${t.amountCents} > 0`),
    check(
      'provider_revenue_payins_outcome_check',
      sql`${t.outcome} in ('funded', 'suspense', 'returning', 'returned')`,
    ),
    check(
      'provider_revenue_payins_returning_payout',
      sql`${t.outcome} <> 'returning' or ${t.returnPayoutId} is not null`,
    ),
    check(
      'provider_revenue_payins_funded_names_distribution',
      sql`(${t.outcome} = 'funded') = (${t.distributionId} is not null)`,
    ),
    // A distribution is paid in once.
    uniqueIndex('provider_revenue_payins_distribution_key').on(t.distributionId),
    index('provider_revenue_payins_campaign_idx').on(t.campaignId),
    index('provider_revenue_payins_decided_by_idx').on(t.decidedBy),
    index('provider_revenue_payins_suspense_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} in ('suspense', 'returning')`),
  ],
);

export const REVENUE_TRANSFER_STATUSES = ['planned', 'asked', 'succeeded', 'failed'] as const;
export type RevenueTransferStatus = (typeof REVENUE_TRANSFER_STATUSES)[number];

/**
 * One provider transfer per investor payout of a distribution paid in at the provider: the revenue
 * wallet to the investor's provider wallet. `amount_cents` reaches the investor; `fees_cents` (the
 * platform's part, on one transfer of the distribution) goes to the platform's fees wallet.
 * `asked` without a transfer id was interrupted before the provider answered and is asked again.
 */
export const providerRevenueTransfers = pgTable(
  'provider_revenue_transfers',
  {
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => revenueDistributions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<RevenueTransferStatus>().notNull(),
    transferId: text('transfer_id').unique(),
    /** The first time the provider was asked (the search for an earlier attempt starts there). */
    askedAt: timestamp('asked_at', { withTimezone: true }),
    resultMessage: text('result_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'provider_revenue_transfers_pkey', columns: [t.distributionId, t.userId] }),
    check('provider_revenue_transfers_amount_check', sql`${t.amountCents} > 0 and ${t.feesCents} >= 0`),
    check(
      'provider_revenue_transfers_status_check',
      sql`${t.status} in ('planned', 'asked', 'succeeded', 'failed')`,
    ),
    index('provider_revenue_transfers_user_idx').on(t.userId),
    index('provider_revenue_transfers_campaign_idx').on(t.campaignId),
    index('provider_revenue_transfers_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('planned', 'asked')`),
  ],
);
