import {
  CAMPAIGN_GROUP_STATUSES,
  CAMPAIGN_PAGE_SIZE,
  type CampaignGroup,
  type CampaignListQuery,
  type CampaignListResponse,
  PUBLIC_CAMPAIGN_STATUSES,
} from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type { AppContext } from '../../../platform/context.ts';
import { toSummaryDto } from '../presenters/campaign.ts';
import * as repo from '../repo.ts';

/** Without a chosen order: live ones ending soonest first, upcoming ones opening soonest first,
 * funded ones newest first. */
const GROUP_ORDER: Record<CampaignGroup, repo.PublicListFilter['order']> = {
  live: 'ending_soon',
  upcoming: 'opening_soon',
  funded: 'ended_last',
};

/** A page of the public campaigns, searched, filtered and sorted as the visitor asked. */
export async function listPublicCampaigns(
  ctx: AppContext,
  query: CampaignListQuery,
  lang: Language,
): Promise<CampaignListResponse> {
  const statuses = query.group ? CAMPAIGN_GROUP_STATUSES[query.group] : PUBLIC_CAMPAIGN_STATUSES;
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? CAMPAIGN_PAGE_SIZE;
  const { rows, total } = await repo.listPublic(ctx.db, {
    statuses,
    platform: query.platform,
    genre: query.genre,
    currency: query.currency,
    search: query.q || undefined,
    order: query.sort ?? (query.group ? GROUP_ORDER[query.group] : 'ending_soon'),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    campaigns: rows.map((r) => toSummaryDto(r.campaign, lang, r.developerUsername)),
    total,
    page,
    page_size: pageSize,
  };
}
