import { z } from 'zod';

// Contracts of client money held by the payment provider (ADR 0039): the member's identity check,
// their personal IBAN, and the back office's suspense account.

export const PAYMENT_MODES = ['manual', 'sandbox', 'mangopay'] as const;
export const IDENTITY_STATUSES = ['not_started', 'pending', 'verified', 'refused', 'expired'] as const;
export type IdentityStatusName = (typeof IDENTITY_STATUSES)[number];

export const PaymentAccountDto = z.object({
  mode: z.enum(PAYMENT_MODES),
  identity: z.object({
    status: z.enum(IDENTITY_STATUSES),
    /** Why the provider refused the last check, in its words. */
    reason: z.string().nullable(),
  }),
  /** The member's personal IBAN for deposits, once verified. */
  account: z.object({ iban: z.string(), bic: z.string(), holder_name: z.string() }).nullable(),
  /** Sandbox mode only: the fake bank's page that sends a transfer. */
  sandbox_bank_url: z.string().nullable(),
});
export type PaymentAccountDto = z.infer<typeof PaymentAccountDto>;

export const StartIdentityResponse = z.object({ hosted_url: z.string() });
export type StartIdentityResponse = z.infer<typeof StartIdentityResponse>;

export const SuspenseItemDto = z.object({
  payin_id: z.string(),
  amount_cents: z.number().int(),
  payer_name: z.string().nullable(),
  /** The member whose personal IBAN received it. */
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  member_name: z.string().nullable(),
  received_at: z.string(),
});
export type SuspenseItemDto = z.infer<typeof SuspenseItemDto>;
export const SuspenseList = z.object({ items: z.array(SuspenseItemDto) });

export const SuspenseDecision = z.object({
  /** What the admin typed to confirm: the pay-in's id. */
  confirm: z.string().max(64),
});
