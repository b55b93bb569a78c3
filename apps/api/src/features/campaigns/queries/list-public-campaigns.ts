import {
  CAMPAIGN_GROUP_STATUSES,
  type CampaignListQuery,
  type CampaignSummaryDto,
  PUBLIC_CAMPAIGN_STATUSES,
} from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type { AppContext } from '../../../platform/context.ts';
import { toSummaryDto } from '../presenters/campaign.ts';
import * as repo from '../repo.ts';

const byTime =
  (key: 'startsAt' | 'deadlineAt', direction: 1 | -1) => (a: repo.CampaignRow, b: repo.CampaignRow) =>
    direction * ((a[key]?.getTime() ?? 0) - (b[key]?.getTime() ?? 0));

/** Live ones ending soonest first; upcoming ones opening soonest first; funded ones newest first. */
export async function listPublicCampaigns(
  ctx: AppContext,
  query: CampaignListQuery,
  lang: Language,
): Promise<CampaignSummaryDto[]> {
  const statuses = query.group ? CAMPAIGN_GROUP_STATUSES[query.group] : PUBLIC_CAMPAIGN_STATUSES;
  const rows = (
    await repo.listPublic(ctx.db, {
      statuses,
      platform: query.platform,
      genre: query.genre,
      currency: query.currency,
    })
  ).map((r) => r.campaign);
  if (query.group === 'upcoming') rows.sort(byTime('startsAt', 1));
  else if (query.group === 'funded') rows.sort(byTime('deadlineAt', -1));
  return rows.map((row) => toSummaryDto(row, lang));
}
