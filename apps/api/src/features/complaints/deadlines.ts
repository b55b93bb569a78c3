import type { ComplaintStatus } from '@indiesplit/shared/complaints';

const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** Which step is late now, if any: acknowledging first, since it is due first. */
export function overdueStep(
  c: { status: ComplaintStatus; acknowledgeDueAt: Date; answerDueAt: Date },
  now: Date,
): 'acknowledge' | 'answer' | null {
  if (c.status === 'received' && c.acknowledgeDueAt < now) return 'acknowledge';
  if (c.status !== 'answered' && c.status !== 'closed' && c.answerDueAt < now) return 'answer';
  return null;
}
