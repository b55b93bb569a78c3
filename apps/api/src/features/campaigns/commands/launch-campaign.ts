import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';
import { type CampaignRow, moveCampaign } from '../state.ts';

/**
 * Records a locked campaign's game as released on `launchedOn` (YYYY-MM-DD) and moves it to
 * launched: the revenue share's term runs from that day. For the admin's move and the demo's.
 */
export async function launchCampaign(
  tx: Db,
  campaign: CampaignRow,
  how: { launchedOn: string; actorId: string | null; reason: string | null },
): Promise<CampaignRow> {
  const row = await repo.updateCampaign(tx, campaign.id, { launchedOn: how.launchedOn });
  return moveCampaign(tx, row, 'launched', how.actorId, how.reason);
}
