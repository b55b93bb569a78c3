import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { campaigns } from '../../../db/schema-campaigns.ts';

/**
 * Development fixtures only (the dev routes, never mounted in production): a live campaign's
 * deadline moves to just before `now`, so the settlement can close and decide it at once instead of
 * at its real deadline. The settlement itself then runs as it always does.
 */
export async function endFundingNow(tx: Db, campaignId: string, now: Date): Promise<void> {
  await tx
    .update(campaigns)
    .set({ deadlineAt: new Date(now.getTime() - 1000) })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'live')));
}
