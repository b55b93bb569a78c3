import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { campaigns } from '../../../db/schema-campaigns.ts';

/**
 * The demo's clock wound forward (development only): a demo campaign's start, if still ahead, and
 * its deadline move to just now, so the next settlement round closes it. Virtual money only.
 */
export async function endDemoCampaignNow(tx: Db, campaignId: string): Promise<void> {
  await tx
    .update(campaigns)
    .set({
      startsAt: sql`least(${campaigns.startsAt}, now() - interval '2 seconds')`,
      deadlineAt: sql`now() - interval '1 second'`,
    })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.currency, 'DEMO')));
}
