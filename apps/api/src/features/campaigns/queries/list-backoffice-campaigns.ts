import type {
  BackofficeCampaignQuery,
  BackofficeCampaignSummary,
} from '@indiesplit/shared/campaigns-backoffice';
import type { AppContext } from '../../../platform/context.ts';
import { toBackofficeSummary } from '../presenters/campaign.ts';
import * as repo from '../repo.ts';

/** Every campaign, drafts included, most recently changed first (the back office's list). */
export async function listBackofficeCampaigns(
  ctx: AppContext,
  query: BackofficeCampaignQuery,
): Promise<BackofficeCampaignSummary[]> {
  return (await repo.listAll(ctx.db, query)).map((r) => toBackofficeSummary(r.campaign, r.developerUsername));
}
