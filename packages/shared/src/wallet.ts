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
  /** Held by reservations: investments still pending and withdrawals not yet paid. */
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

// ---- movements of the available balance (issue #16) ---------------------------------------------

/** held: still reserved; completed: the money left (invested, paid out); released: it came back. */
export const RESERVATION_STATES = ['held', 'completed', 'released'] as const;

export const MovementCampaignDto = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string().nullable(),
});

/**
 * One movement of a wallet's AVAILABLE balance, once: a deposit, a reservation (investment or
 * withdrawal, negative), its release when revoked, refunded, cancelled or rejected (positive), a
 * payout that arrived. Completing a reservation moves nothing available, so it is not a row of its
 * own: the reservation row says `completed`.
 */
export const WalletMovementDto = z.object({
  /** The ledger transfer's id (also the page cursor). */
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** deposit, investment, refund, withdrawal, payout, demo_grant, demo_reset … */
  kind: z.string(),
  /** single: moved at once; pending: reserved; post: arrived; void: a reservation released. */
  phase: z.enum(['single', 'pending', 'post', 'void']),
  /** Signed change of the available balance: positive in, negative out. */
  amount_cents: z.number().int(),
  /** The available balance right after this movement. */
  balance_after_cents: z.number().int(),
  /** For a reservation: what became of it. null for every other movement. */
  reservation: z.enum(RESERVATION_STATES).nullable(),
  /** The campaign it concerns (an investment, its refund, a payout), or null. */
  campaign: MovementCampaignDto.nullable(),
  created_at: z.string(),
});
export type WalletMovementDto = z.infer<typeof WalletMovementDto>;

/** One part of the reserved balance: held for an investment (with its campaign) or a withdrawal. */
export const WalletReservationDto = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount_cents: z.number().int(),
  campaign: MovementCampaignDto.nullable(),
  created_at: z.string(),
});
export type WalletReservationDto = z.infer<typeof WalletReservationDto>;

export const WalletMovementsResponse = z.object({
  balance: WalletBalanceDto,
  /** What the reserved balance holds, newest first; they add up to `balance.reserved_cents`. */
  reservations: z.array(WalletReservationDto),
  /** Newest first, one page. */
  movements: z.array(WalletMovementDto),
  /** Pass as `before` to read older movements; null at the end. */
  next_before: z.number().int().nullable(),
});
export type WalletMovementsResponse = z.infer<typeof WalletMovementsResponse>;

export const WalletMovementsQuery = z.object({
  currency: z.enum(CURRENCIES).default('EUR'),
  before: z.coerce.number().int().positive().optional(),
});
