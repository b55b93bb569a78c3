import type { ComplaintFigures } from '@indiesplit/shared/complaints';
import type { AppContext } from '../../../platform/context.ts';
import * as repo from '../repo.ts';

/** Received, answered and closed in the year, the median days to an answer, and those late. */
export async function complaintFigures(
  ctx: AppContext,
  year: number,
  now = new Date(),
): Promise<ComplaintFigures> {
  const f = await repo.yearlyFigures(ctx.db, year, now);
  const median = f.median_days === null ? null : Math.round(Number(f.median_days) * 10) / 10;
  return {
    year,
    received: Number(f.received),
    answered: Number(f.answered),
    closed: Number(f.closed),
    median_days_to_answer: median,
    overdue: Number(f.overdue),
  };
}
