import { CAMPAIGN_SLUG_PATTERN } from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type { Db } from '../../../db/client.ts';
import { coverUrl, isPublic } from '../presenters/campaign.ts';
import { localized } from '../presenters/values.ts';
import * as repo from '../repo.ts';

/** What a shared link to a campaign previews as: its title, summary and cover. */
export interface CampaignPreview {
  title: string;
  summary: string;
  /** The cover's media path, relative to the site (null: no cover uploaded). */
  coverPath: string | null;
}

/** The preview of a campaign the public may see; undefined for anything else (as a 404 would). */
export async function getCampaignPreview(
  db: Db,
  slug: string,
  lang: Language,
): Promise<CampaignPreview | undefined> {
  if (!CAMPAIGN_SLUG_PATTERN.test(slug)) return undefined;
  const found = await repo.findBySlug(db, slug);
  if (!found || !isPublic(found.campaign)) return undefined;
  const row = found.campaign;
  return {
    title: row.title,
    summary: localized(lang, row.summaryEn, row.summaryIt),
    coverPath: coverUrl(row.coverImage),
  };
}
