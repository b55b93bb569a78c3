import { mayComplete } from '@indiesplit/shared/revenue';
import { and, eq, isNotNull } from 'drizzle-orm';
import { campaigns } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { lockCampaign, moveCampaign } from '../campaigns/state.ts';
import { todayUtc } from './report-rules.ts';

// A real-money campaign is moved to Completed by the worker once its 36-month term is over and the
// report of the term's last month is past due, so that month's reminder went out first (the
// worker reminds before it completes). Completing ends nothing an investor is owed: late and
// adjusting reports for months of the term are still accepted, verified and paid out. Demo
// campaigns complete on their own clock (demo-revenue.ts). ADR 0014.

/** Completes every launched EUR campaign that may be completed on `now`'s day; returns how many. */
export async function completeEndedTerms(ctx: AppContext, now: Date): Promise<number> {
  const today = todayUtc(now);
  // Few campaigns are launched at a time; the date arithmetic (month ends) is the shared one.
  const launched = await ctx.db
    .select({ id: campaigns.id, launchedOn: campaigns.launchedOn, termMonths: campaigns.termMonths })
    .from(campaigns)
    .where(
      and(eq(campaigns.status, 'launched'), eq(campaigns.currency, 'EUR'), isNotNull(campaigns.launchedOn)),
    );
  let completed = 0;
  for (const c of launched) {
    if (!c.launchedOn || !mayComplete(c.launchedOn, c.termMonths, today)) continue;
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, c.id);
      // An admin may have completed it meanwhile.
      if (row?.status !== 'launched' || !row.launchedOn) return false;
      await moveCampaign(tx, row, 'completed', null, 'revenue-share term over');
      return true;
    });
    if (moved) completed++;
  }
  return completed;
}
