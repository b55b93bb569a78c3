import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';
import { type CampaignRow, moveCampaign } from '../state.ts';

/**
 * Starts the developer services of a locked, funded campaign (-> services_active): the one way it
 * happens, whether an admin starts them or the settlement worker does once every investment is
 * posted. `services` replaces the campaign's list when given (the admin's choice); the checklist
 * gets one pending line per service (lines that exist are kept), updated by `actorId` (null: the
 * platform's jobs).
 */
export async function startServices(
  tx: Db,
  campaign: CampaignRow,
  how: { services?: readonly string[]; actorId: string | null; reason: string | null },
): Promise<CampaignRow> {
  let row = campaign;
  if (how.services) row = await repo.updateCampaign(tx, row.id, { services: [...new Set(how.services)] });
  await repo.insertServices(tx, row.id, row.services, how.actorId);
  return moveCampaign(tx, row, 'services_active', how.actorId, how.reason);
}
