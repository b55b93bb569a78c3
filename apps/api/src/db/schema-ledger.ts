import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { campaigns } from './schema-campaigns.ts';

// The double-entry ledger (ADR 0009). Every movement of money is a transfer that debits one account
// and credits another by the same positive number of cents in one currency. Transfers are never
// updated or deleted (a trigger refuses it); a correction is a new transfer. Account rows carry
// running totals so that "no wallet below zero" is a CHECK the database enforces under concurrency.

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Stable name, e.g. "wallet:<user id>:EUR", "escrow:<campaign id>:EUR", "world:EUR", or
     * "revenue:<campaign id>:EUR" (a campaign's revenue pools, paid in by the developer, ADR 0014).
     */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    /**
     * Only the outside world (money that entered or left the platform) and the demo mint may go
     * below zero; wallets, escrows, the platform's revenue and the suspense account may not.
     */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
    creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    // Target of the transfers' (account, currency) foreign keys: a transfer cannot mix currencies.
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    index('ledger_accounts_user_idx').on(t.userId),
    index('ledger_accounts_campaign_idx').on(t.campaignId),
    check(
      'ledger_accounts_kind_valid',
      sql`${t.kind} in ('wallet', 'escrow', 'platform', 'world', 'demo_mint', 'suspense', 'revenue')`,
    ),
    check('ledger_accounts_currency_valid', sql`${t.currency} in ('EUR', 'DEMO')`),
    check(
      'ledger_accounts_totals_non_negative',
      sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`,
    ),
    // Available balance = credits posted - debits posted - debits pending (reserved money is gone).
    check(
      'ledger_accounts_no_overdraft',
      sql`${t.mayGoNegative} or ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`,
    ),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: uuid('debit_account_id').notNull(),
    creditAccountId: uuid('credit_account_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** What the movement is for: deposit, withdrawal, investment, refund, payout, demo_grant … */
    kind: text('kind').notNull(),
    /**
     * single: moves money at once. pending: reserves it (two-phase). post / void: settles a pending
     * transfer named by pending_id, moving or releasing the reserved amount.
     */
    phase: text('phase').notNull(),
    pendingId: bigint('pending_id', { mode: 'number' }),
    /** What the transfer belongs to, e.g. "investment:<id>" or "deposit:<bank reference>". */
    reference: text('reference'),
    /** The caller's key: the same key with the same transfer returns the first one. */
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_transfers_debit_fk',
      columns: [t.debitAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({
      name: 'ledger_transfers_credit_fk',
      columns: [t.creditAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({ name: 'ledger_transfers_pending_fk', columns: [t.pendingId], foreignColumns: [t.id] }),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    index('ledger_transfers_reference_idx').on(t.reference),
    index('ledger_transfers_created_by_idx').on(t.createdBy),
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    // A pending transfer is settled at most once: posted or voided, never both, never twice.
    uniqueIndex('ledger_transfers_settles_once').on(t.pendingId),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_phase_valid', sql`${t.phase} in ('single', 'pending', 'post', 'void')`),
    check(
      'ledger_transfers_settlement_names_pending',
      sql`(${t.phase} in ('post', 'void')) = (${t.pendingId} is not null)`,
    ),
  ],
);
