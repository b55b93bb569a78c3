import type { ReleaseStatusName } from '@indiesplit/shared/escrow-release';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { campaigns } from './schema-campaigns.ts';

// The money raised, paid to the studio through the provider (ADR 0042), written only by
// features/payments: one row per funded campaign.

/**
 * Its steps (shared with the studio's page): asked (the transfer escrow wallet -> studio wallet),
 * transferred (it succeeded and the ledger moved the escrow; the money waits in the studio's wallet
 * until its payout account is confirmed), paying (the payout to the studio's bank asked for),
 * paid; transfer_failed (the money stayed in the escrow, an operator looks) and payout_failed
 * (the bank refused: the money is back in the studio's wallet at the provider).
 */
export type ReleaseStatus = ReleaseStatusName;

/**
 * A funded campaign's escrow paid to its studio, minus the platform's success fee: first a provider
 * transfer from the escrow wallet to the studio's wallet (the fee goes to the platform's fee
 * wallet with it), then a payout to the studio's bank account, the recipient its representative
 * confirmed. The campaign is the key, so the escrow is released once; each step is asked under a
 * key of its own, and a step asked without an id was interrupted before the provider answered and
 * is asked again under the same key.
 */
export const providerEscrowReleases = pgTable(
  'provider_escrow_releases',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    studioUserId: uuid('studio_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What left the escrow: everything in it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The platform's success fee, kept by the provider's fee wallet. */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<ReleaseStatus>().notNull(),
    transferId: text('transfer_id').unique(),
    payoutId: text('payout_id').unique(),
    /** The studio's recipient the payout was asked to (a refused one is retried to a new one). */
    recipientId: text('recipient_id'),
    /** When the payout to that recipient was first asked for (a retry looks for it from then on). */
    payoutAskedAt: timestamp('payout_asked_at', { withTimezone: true }),
    resultMessage: text('result_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_escrow_releases_amount_check', sql`${t.amountCents} > 0`),
    check('provider_escrow_releases_fee_check', sql`${t.feeCents} >= 0 and ${t.feeCents} < ${t.amountCents}`),
    check(
      'provider_escrow_releases_status_check',
      sql`${t.status} in ('asked', 'transferred', 'paying', 'paid', 'transfer_failed', 'payout_failed')`,
    ),
    index('provider_escrow_releases_studio_idx').on(t.studioUserId),
  ],
);
