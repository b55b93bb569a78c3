import { CAMPAIGN_SLUG_PATTERN, type CampaignDetailDto } from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { conflictedInvestments } from '../conflicts-repo.ts';
import { isPublic, toDetailDto } from '../presenters/campaign.ts';
import { configuredTerms } from '../presenters/key-information.ts';
import * as repo from '../repo.ts';
import { currentVersionRef } from './key-information-versions.ts';

/** A campaign the public may see, by its address; 404 for anything else. */
export async function findPublicCampaign(db: Db, slug: string): Promise<repo.CampaignWithDeveloper> {
  const found = CAMPAIGN_SLUG_PATTERN.test(slug) ? await repo.findBySlug(db, slug) : undefined;
  // Drafts and cancelled campaigns do not exist for the public.
  if (!found || !isPublic(found.campaign)) throw notFound();
  return found;
}

export async function getPublicCampaign(
  ctx: AppContext,
  slug: string,
  lang: Language,
): Promise<CampaignDetailDto> {
  const found = await findPublicCampaign(ctx.db, slug);
  const [services, version, conflicted] = await Promise.all([
    repo.servicesOf(ctx.db, found.campaign.id),
    currentVersionRef(ctx.db, found.campaign),
    conflictedInvestments(ctx.db, found.campaign.id),
  ]);
  return toDetailDto(
    found,
    services.map((r) => r.service),
    lang,
    configuredTerms(ctx.config),
    version,
    { count: conflicted.count, total_cents: conflicted.totalCents },
  );
}
