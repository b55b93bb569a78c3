import { z } from 'zod';

// Contracts of the wallet calls: balances in integer cents per currency, the account's movements,
// and the demo wallet of virtual euros (spec §1 "a demo that uses virtual money").

export const CURRENCIES = ['EUR', 'DEMO'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * `?include_demo=true` on a back-office list also shows demo rounds (virtual money). Without it the
 * list holds real money only: the demo's fast clock makes new rounds every few minutes, and they
 * would bury the one real item that needs an admin.
 */
export const IncludeDemoParam = z.enum(['true', 'false']).optional();

/** What a new or reset demo wallet holds: 10,000 virtual euros. */
export const DEMO_WALLET_CENTS = 1_000_000;

export const WalletBalanceDto = z.object({
  currency: z.enum(CURRENCIES),
  /** Settled money. */
  posted_cents: z.number().int(),
  /** Held for investments still pending (reflection period, campaign not closed). */
  reserved_cents: z.number().int(),
  /** What can be invested or withdrawn now. */
  available_cents: z.number().int(),
});
export type WalletBalanceDto = z.infer<typeof WalletBalanceDto>;

export const WalletTransactionDto = z.object({
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Positive: money in; negative: money out. */
  amount_cents: z.number().int(),
  kind: z.string(),
  /** single: done; pending: reserved; post: a reservation moved; void: a reservation released. */
  phase: z.enum(['single', 'pending', 'post', 'void']),
  created_at: z.string(),
});
export type WalletTransactionDto = z.infer<typeof WalletTransactionDto>;

export const WalletResponse = z.object({
  balances: z.array(WalletBalanceDto),
  transactions: z.array(WalletTransactionDto),
  /** Pass as `before` to read older movements; null at the end. */
  next_before: z.number().int().nullable(),
});
export type WalletResponse = z.infer<typeof WalletResponse>;

export const WalletQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  currency: z.enum(CURRENCIES).optional(),
});

export const DemoWalletResponse = z.object({ success: z.literal(true), balance: WalletBalanceDto });
