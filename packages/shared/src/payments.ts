import { z } from 'zod';
import { KybAddress } from './kyb.ts';

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

// ---- the bank account a member's withdrawal is paid to (ADR 0039) --------------------------------

export const RECIPIENT_STATUSES = ['PENDING', 'ACTIVE', 'CANCELED', 'DEACTIVATED'] as const;

/** The member's bank account at the provider for a waiting withdrawal, and where to confirm it. */
export const ConfirmAccountResponse = z.object({
  /** ACTIVE: confirmed, the payout follows; PENDING: the member confirms it at `confirm_url`. */
  status: z.enum(RECIPIENT_STATUSES),
  /** The provider's page where the member confirms the account, while PENDING; else null. */
  confirm_url: z.string().nullable(),
});
export type ConfirmAccountResponse = z.infer<typeof ConfirmAccountResponse>;

/**
 * Where a parked pay-in's return stands (ADR 0039, "Suspense"): `parked` until an admin sends it
 * back, `returning` while the payout naming it is on its way (nothing to decide then). A failed
 * payout leaves it parked with the provider's reason, and it may be sent back again.
 */
export const PAYIN_RETURN_STATES = ['parked', 'returning'] as const;
const payinReturnFields = {
  /** The account it came from, as the provider gave it (null when it did not). */
  payer_iban: z.string().nullable(),
  state: z.enum(PAYIN_RETURN_STATES),
  /** The payout sending it back: the one on its way, or the last one that failed. */
  return_payout_id: z.string().nullable(),
  /** Why the last payout sending it back failed, in the provider's words. */
  return_failure: z.string().nullable(),
};

export const SuspenseItemDto = z.object({
  payin_id: z.string(),
  amount_cents: z.number().int(),
  payer_name: z.string().nullable(),
  /** The member whose personal IBAN received it. */
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  member_name: z.string().nullable(),
  received_at: z.string(),
  ...payinReturnFields,
});
export type SuspenseItemDto = z.infer<typeof SuspenseItemDto>;
export const SuspenseList = z.object({ items: z.array(SuspenseItemDto) });

export const SuspenseDecision = z.object({
  /** What the admin typed to confirm: the pay-in's id. */
  confirm: z.string().max(64),
});

/**
 * Sending a parked pay-in back: a payout to the payer's account, which the provider registers with
 * the holder's postal address (the pay-in does not carry it, so the admin gives it).
 */
export const PayinReturnDecision = SuspenseDecision.extend({ address: KybAddress });
export type PayinReturnDecision = z.infer<typeof PayinReturnDecision>;

/** What asking for a return did: on its way, or already settled by the provider's answer. */
export const PayinReturnDto = z.object({
  state: z.enum(['returning', 'returned', 'parked']),
  payout_id: z.string(),
  /** Why the provider refused the payout at once (the pay-in is parked again). */
  failure: z.string().nullable(),
});
export type PayinReturnDto = z.infer<typeof PayinReturnDto>;

// ---- reconciliation with the provider (ADR 0039) ------------------------------------------------

/** One line behind a difference: a ledger transfer of the account, or a provider transaction of the wallet. */
export const ReconciliationEntryDto = z.object({
  source: z.enum(['ledger', 'provider']),
  id: z.string(),
  /** The ledger transfer's kind, or the provider's type and nature ("PAYIN", "PAYOUT REFUND"). */
  kind: z.string(),
  amount_cents: z.number().int(),
  status: z.string().nullable(),
  at: z.string(),
});
export type ReconciliationEntryDto = z.infer<typeof ReconciliationEntryDto>;

export const RECONCILIATION_DIFFERENCES = ['balance', 'unknown_in_ledger', 'missing_at_provider'] as const;

export const ReconciliationDifferenceDto = z.object({
  /**
   * balance: the wallet's balance at the provider is not what the ledger says it should be;
   * unknown_in_ledger: the provider moved money the platform has no record of;
   * missing_at_provider: the platform recorded a movement the provider does not have.
   */
  kind: z.enum(RECONCILIATION_DIFFERENCES),
  /** The ledger account the wallet stands for ("wallet:<member>:EUR", "escrow:<campaign>:EUR", "revenue:<campaign>:EUR"). */
  account: z.string(),
  wallet_id: z.string(),
  /** balance: what the ledger expects at the provider, and what the provider holds. */
  expected_cents: z.number().int().nullable(),
  provider_cents: z.number().int().nullable(),
  /** unknown_in_ledger and missing_at_provider: the transaction. */
  transaction_id: z.string().nullable(),
  entries: z.array(ReconciliationEntryDto),
});
export type ReconciliationDifferenceDto = z.infer<typeof ReconciliationDifferenceDto>;

export const ReconciliationDto = z.object({
  id: z.string(),
  trigger: z.enum(['nightly', 'manual']),
  started_at: z.string(),
  finished_at: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  accounts_checked: z.number().int(),
  transactions_checked: z.number().int(),
  ok: z.boolean(),
  differences: z.array(ReconciliationDifferenceDto),
});
export type ReconciliationDto = z.infer<typeof ReconciliationDto>;

export const ReconciliationStatusDto = z.object({
  mode: z.enum(PAYMENT_MODES),
  /** The newest result, nightly or asked for; null before the first. */
  last: ReconciliationDto.nullable(),
});
export type ReconciliationStatusDto = z.infer<typeof ReconciliationStatusDto>;

// ---- revenue pools at the provider (ADR 0039) ---------------------------------------------------

/** What the studio pays its campaign's revenue pools to, and what is due. */
export const RevenuePoolAccountDto = z.object({
  mode: z.enum(PAYMENT_MODES),
  /** The campaign's revenue IBAN; null in manual mode, or while nothing was ever due. */
  account: z.object({ iban: z.string(), bic: z.string(), holder_name: z.string() }).nullable(),
  /** Distributions awaiting the studio's payment, oldest first: each is paid by one transfer of its pool. */
  due: z.array(
    z.object({
      distribution_id: z.string(),
      sequence: z.number().int(),
      period_start: z.string(),
      period_end: z.string(),
      amount_cents: z.number().int(),
    }),
  ),
  /** Sandbox mode only: the fake bank's page, filled in with the IBAN and the first amount due. */
  sandbox_bank_url: z.string().nullable(),
});
export type RevenuePoolAccountDto = z.infer<typeof RevenuePoolAccountDto>;

/** A transfer to a revenue IBAN that paid no distribution: nothing awaited it, or not this amount. */
export const RevenueSuspenseItemDto = z.object({
  payin_id: z.string(),
  campaign_id: z.string(),
  campaign_title: z.string(),
  amount_cents: z.number().int(),
  payer_name: z.string().nullable(),
  received_at: z.string(),
  ...payinReturnFields,
});
export type RevenueSuspenseItemDto = z.infer<typeof RevenueSuspenseItemDto>;
export const RevenueSuspenseList = z.object({ items: z.array(RevenueSuspenseItemDto) });
