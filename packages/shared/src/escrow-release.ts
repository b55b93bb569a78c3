import { z } from 'zod';

// The money a funded campaign raised, paid to its studio through the payment provider (ADR 0042):
// what the studio's campaigns page shows of each.

export const RELEASE_STATUS_NAMES = [
  'asked',
  'transferred',
  'paying',
  'paid',
  'transfer_failed',
  'payout_failed',
] as const;
export type ReleaseStatusName = (typeof RELEASE_STATUS_NAMES)[number];

export const EscrowReleaseDto = z.object({
  campaign_id: z.string(),
  campaign_title: z.string(),
  /** Everything the escrow held, integer cents. */
  amount_cents: z.number().int(),
  /** The platform's success fee kept from it. */
  fee_cents: z.number().int(),
  /** What is paid to the studio's bank account. */
  net_cents: z.number().int(),
  status: z.enum(RELEASE_STATUS_NAMES),
  /** Why the provider or the bank refused, in their words. */
  reason: z.string().nullable(),
  /**
   * What the money in the studio's wallet (transferred, or refused by the bank) waits for before it
   * is paid out: the studio's verification running again, or a payout account its representative
   * has confirmed with the provider (ADR 0036); null when nothing of the studio's.
   */
  waiting_for: z.enum(['verification', 'payout_account']).nullable(),
  updated_at: z.string(),
});
export type EscrowReleaseDto = z.infer<typeof EscrowReleaseDto>;

export const EscrowReleaseList = z.object({ items: z.array(EscrowReleaseDto) });
export type EscrowReleaseList = z.infer<typeof EscrowReleaseList>;

/** The back office's view of one: whose, and the provider's ids to look it up there. */
export const BackofficeReleaseDto = EscrowReleaseDto.extend({
  studio_id: z.string(),
  studio_username: z.string(),
  transfer_id: z.string().nullable(),
  payout_id: z.string().nullable(),
});
export type BackofficeReleaseDto = z.infer<typeof BackofficeReleaseDto>;

export const BackofficeReleaseList = z.object({ items: z.array(BackofficeReleaseDto) });
export type BackofficeReleaseList = z.infer<typeof BackofficeReleaseList>;
