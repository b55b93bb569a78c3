import { type SQLWrapper, sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deposits } from './schema-campaigns.ts';
import { revenueDistributions } from './schema-revenue.ts';

// Incoming bank transfers the platform has used (ADR 0013, 0014). One transfer pays for one thing
// only: credited to a wallet as a deposit, or recorded as a developer's payment of a revenue pool.
// The bank's transaction id is the primary key, so the second use of an id — in either path, or
// two at the same moment — finds it taken and moves nothing. Ids are stored normalised (trimmed,
// inner whitespace collapsed, upper case: normalizeBankTransactionId), and a unique index on the same
// normalisation done by the database keeps `RT-1` and `rt-1` one transfer even for a row written
// before ids were normalised, or by a path that forgot to.

export const BANK_TRANSACTION_USES = ['deposit', 'revenue_funding'] as const;
export type BankTransactionUse = (typeof BANK_TRANSACTION_USES)[number];

/** The database's own normalisation of a bank transaction id: the key of its uniqueness. */
export const normalizedBankTransactionId = (id: SQLWrapper) =>
  sql`upper(btrim(regexp_replace(${id}, '\\s+', ' ', 'g')))`;

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    /** The bank's own id of the transfer, normalised (normalizeBankTransactionId). */
    bankTransactionId: text('bank_transaction_id').primaryKey(),
    /** deposit | revenue_funding */
    usedFor: text('used_for').notNull(),
    depositId: uuid('deposit_id').references(() => deposits.id, { onDelete: 'restrict' }),
    distributionId: uuid('distribution_id').references(() => revenueDistributions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_transactions_normalized_key').on(normalizedBankTransactionId(t.bankTransactionId)),
    uniqueIndex('bank_transactions_deposit_key').on(t.depositId),
    uniqueIndex('bank_transactions_distribution_key').on(t.distributionId),
    check('bank_transactions_used_for_valid', sql`${t.usedFor} in ('deposit', 'revenue_funding')`),
    // Exactly the row its use names, and no other.
    check(
      'bank_transactions_names_its_row',
      sql`(${t.usedFor} = 'deposit') = (${t.depositId} is not null) and (${t.usedFor} = 'revenue_funding') = (${t.distributionId} is not null)`,
    ),
  ],
);
