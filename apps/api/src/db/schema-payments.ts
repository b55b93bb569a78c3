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
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { campaigns, deposits } from './schema-campaigns.ts';
import { investments } from './schema-investing.ts';

// Client money through the payment provider (ADR 0039).

export const IDENTITY_STATUSES = ['not_started', 'pending', 'verified', 'refused', 'expired'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** A member's identity check at the provider: the user made there, the last hosted session. */
export const memberIdentities = pgTable(
  'member_identities',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerUserId: text('provider_user_id').unique(),
    status: text('status').notNull().default('not_started'),
    /** The last session started; events of older sessions change nothing. */
    sessionId: text('session_id'),
    /** Sessions started so far: the next one's idempotency key counts on it. */
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    reason: text('reason'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'member_identities_status_check',
      sql`${t.status} in ('not_started', 'pending', 'verified', 'refused', 'expired')`,
    ),
  ],
);

/** A verified member's EUR wallet and personal IBAN at the provider (one each). */
export const providerAccounts = pgTable('provider_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  walletId: text('wallet_id').notNull().unique(),
  virtualAccountId: text('virtual_account_id').notNull().unique(),
  iban: text('iban').notNull().unique(),
  bic: text('bic').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How a parked pay-in is being sent back, on the member's and the revenue pool's pay-ins alike: the
 * attempt last asked (each has its own idempotency key and tag), when it was first asked (a retry
 * whose answer was lost looks for it by its tag from then), the payout it made, and why the last
 * one failed (shown to the admin until the next attempt).
 */
export function payinReturnColumns() {
  return {
    returnAttempt: integer('return_attempt').notNull().default(0),
    returnAskedAt: timestamp('return_asked_at', { withTimezone: true }),
    returnPayoutId: text('return_payout_id').unique(),
    returnFailure: text('return_failure'),
  };
}

export const PAYIN_OUTCOMES = ['credited', 'suspense', 'assigned', 'returning', 'returned'] as const;

/**
 * Every provider pay-in applied to the ledger, once: the provider's id is the primary key, so a
 * duplicate, late or racing event finds it taken and moves nothing. A parked one (`suspense`) an
 * admin sends back is `returning` while the payout naming it is on its way (the money has left the
 * provider wallet, the ledger still holds it in suspense), then `returned`; a payout that failed
 * leaves it parked again with the provider's reason (payin-return.ts).
 */
export const providerPayins = pgTable(
  'provider_payins',
  {
    payinId: text('payin_id').primaryKey(),
    /** The member whose wallet received it at the provider. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payerName: text('payer_name'),
    /** The account the money came from, as the provider read it (a return is paid to it). */
    payerIban: text('payer_iban'),
    outcome: text('outcome').notNull(),
    depositId: uuid('deposit_id').references(() => deposits.id, { onDelete: 'restrict' }),
    /** A return made by a pay-in refund, before returns became payouts (kept for the record). */
    refundId: text('refund_id'),
    ...payinReturnColumns(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_payins_amount_check', sql`${t.amountCents} > 0`),
    check(
      'provider_payins_outcome_check',
      sql`${t.outcome} in ('credited', 'suspense', 'assigned', 'returning', 'returned')`,
    ),
    check(
      'provider_payins_returning_payout',
      sql`${t.outcome} <> 'returning' or ${t.returnPayoutId} is not null`,
    ),
    index('provider_payins_user_idx').on(t.userId),
    index('provider_payins_deposit_idx').on(t.depositId),
    index('provider_payins_decided_by_idx').on(t.decidedBy),
    index('provider_payins_suspense_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} in ('suspense', 'returning')`),
  ],
);

export const RECIPIENT_PURPOSES = ['payout', 'studio_payout', 'payin_return'] as const;
export type RecipientPurpose = (typeof RECIPIENT_PURPOSES)[number];

/**
 * The bank accounts registered at the provider to pay out to (its Recipients): a member's own
 * account (`payout`) or a studio's (`studio_payout`), each confirmed by its holder with strong
 * customer authentication, or the account a pay-in came from, registered to send it back
 * (`payin_return`). One of our accounts may own several provider users (a member who is also a
 * studio has a natural and a legal user; a revenue pool's payer is kept under the studio's account
 * but owned by the platform's user), so a recipient is found by the provider user that owns it.
 * The status is the provider's, read back by id; a CANCELED one is never reused.
 */
export const providerRecipients = pgTable(
  'provider_recipients',
  {
    recipientId: text('recipient_id').primaryKey(),
    /** The member or studio account whose provider user owns it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's user that owns it (and authors the payouts to it). */
    providerUserId: text('provider_user_id').notNull(),
    purpose: text('purpose').notNull(),
    iban: text('iban').notNull(),
    holderName: text('holder_name').notNull(),
    status: text('status').notNull(),
    /** The provider's page where the user confirms it, while PENDING. */
    scaUrl: text('sca_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'provider_recipients_purpose_check',
      sql`${t.purpose} in ('payout', 'studio_payout', 'payin_return')`,
    ),
    check(
      'provider_recipients_status_check',
      sql`${t.status} in ('PENDING', 'ACTIVE', 'CANCELED', 'DEACTIVATED')`,
    ),
    index('provider_recipients_user_idx').on(t.userId, t.purpose, t.iban),
  ],
);

/** A campaign's escrow wallet at the provider, owned by the platform's user: one per campaign. */
export const providerEscrowWallets = pgTable('provider_escrow_wallets', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'restrict' }),
  walletId: text('wallet_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ESCROW_TRANSFER_STATUSES = ['asked', 'succeeded', 'failed'] as const;
export type EscrowTransferStatus = (typeof ESCROW_TRANSFER_STATUSES)[number];

/**
 * The provider transfer that follows a posted investment: the investor's wallet to the campaign's
 * escrow wallet. The investment id is the key, so one investment moves money once; `asked` without
 * a transfer id was interrupted before the provider answered, and is asked again under the same key.
 */
export const providerEscrowTransfers = pgTable(
  'provider_escrow_transfers',
  {
    investmentId: uuid('investment_id')
      .primaryKey()
      .references(() => investments.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    transferId: text('transfer_id').unique(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<EscrowTransferStatus>().notNull(),
    resultMessage: text('result_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_escrow_transfers_amount_check', sql`${t.amountCents} > 0`),
    check('provider_escrow_transfers_status_check', sql`${t.status} in ('asked', 'succeeded', 'failed')`),
    index('provider_escrow_transfers_campaign_idx').on(t.campaignId),
  ],
);

/**
 * Each comparison of the provider's balances and transactions with the ledger (nightly, or asked
 * for by an admin), with every difference found and the entries behind it.
 */
export const providerReconciliations = pgTable(
  'provider_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').$type<'nightly' | 'manual'>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    accountsChecked: integer('accounts_checked').notNull(),
    transactionsChecked: integer('transactions_checked').notNull(),
    ok: boolean('ok').notNull(),
    differences: jsonb('differences').notNull(),
  },
  (t) => [
    check('provider_reconciliations_trigger_check', sql`${t.trigger} in ('nightly', 'manual')`),
    index('provider_reconciliations_started_idx').on(t.startedAt),
    index('provider_reconciliations_actor_idx').on(t.actorId),
  ],
);
