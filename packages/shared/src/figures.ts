import { z } from 'zod';

/** GET /api/figures: the platform's figures in real euros, read from the ledger (home page). */
export const PlatformFiguresDto = z.object({
  currency: z.literal('EUR'),
  /** What funded campaigns raised. */
  raised_cents: z.number().int(),
  /** Investors with a settled investment in a funded campaign. */
  investors: z.number().int(),
  /** Revenue share paid out to investors. */
  paid_out_cents: z.number().int(),
  /** When the figures were read; they are at most a minute old. */
  as_of: z.string(),
});
export type PlatformFiguresDto = z.infer<typeof PlatformFiguresDto>;
