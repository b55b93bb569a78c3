import { z } from 'zod';

// Contracts of the settlement checks (ADR 0012): the back office asks the server to recompute the
// ledger's and the investments' invariants and shows what, if anything, is wrong.

export const InvariantReportDto = z.object({
  ok: z.boolean(),
  /** One sentence per violation, naming the account, campaign or investment at fault. */
  violations: z.array(z.string()),
});
export type InvariantReportDto = z.infer<typeof InvariantReportDto>;

export const InvariantsResponse = z.object({
  ledger: InvariantReportDto,
  investments: InvariantReportDto,
  /** Distributions, payouts and the revenue accounts (ADR 0014). */
  revenue: InvariantReportDto,
  /** ISO time of the check. */
  checked_at: z.string(),
  /** How long the check took, in milliseconds. */
  duration_ms: z.number().int(),
});
export type InvariantsResponse = z.infer<typeof InvariantsResponse>;
