import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import type { Db } from '../../../db/client.ts';
import { campaignEvents } from '../../../db/schema-campaigns.ts';

/**
 * Appends a line to a campaign's history: a move from one status to another, who made it (null:
 * the platform's jobs) and why. Only `moveCampaign` (state.ts) calls it, in the move's transaction.
 */
export async function recordEvent(
  tx: Db,
  event: {
    campaignId: string;
    from: CampaignStatus | null;
    to: CampaignStatus;
    actorId: string | null;
    reason: string | null;
  },
): Promise<void> {
  await tx.insert(campaignEvents).values({
    campaignId: event.campaignId,
    fromStatus: event.from,
    toStatus: event.to,
    actorId: event.actorId,
    reason: event.reason,
  });
}
