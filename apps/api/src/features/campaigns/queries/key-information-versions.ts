import type {
  KeyInformationVersionDto,
  KeyInformationVersionListDto,
  KeyInformationVersionRef,
} from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import type { SheetContent } from '../commands/key-information-version.ts';
import * as versions from '../key-information-repo.ts';
import { renderKeyInformationPdf } from '../presenters/key-information-pdf.ts';
import { findPublicCampaign } from './get-public-campaign.ts';

// The versions of a public campaign's key information sheet (ADR 0029): every investor can read
// the one they acknowledged, and anyone the earlier ones.

const refOf = (row: versions.KeyInformationVersionRow): KeyInformationVersionRef => ({
  number: row.number,
  sha256: row.sha256,
  created_at: row.createdAt.toISOString(),
});

/** The current version of a campaign's sheet, or null before it was published. */
export async function currentVersionRef(
  db: Db,
  campaign: { id: string; keyInformationVersion: number | null },
): Promise<KeyInformationVersionRef | null> {
  if (campaign.keyInformationVersion === null) return null;
  const row = await versions.versionOf(db, campaign.id, campaign.keyInformationVersion);
  return row ? refOf(row) : null;
}

export async function listKeyInformationVersions(
  ctx: AppContext,
  slug: string,
): Promise<KeyInformationVersionListDto> {
  const { campaign } = await findPublicCampaign(ctx.db, slug);
  const rows = await versions.versionsOf(ctx.db, campaign.id);
  return { versions: rows.map((r) => ({ ...refOf(r), material: r.material, changes: r.changes })) };
}

export async function getKeyInformationVersion(
  ctx: AppContext,
  slug: string,
  number: number,
  lang: Language,
): Promise<KeyInformationVersionDto> {
  const { campaign } = await findPublicCampaign(ctx.db, slug);
  const row =
    Number.isSafeInteger(number) && number > 0
      ? await versions.versionOf(ctx.db, campaign.id, number)
      : undefined;
  if (!row) throw notFound('keyInformationVersionNotFound');
  const content = row.content as SheetContent;
  return {
    ...refOf(row),
    material: row.material,
    changes: row.changes,
    key_information: content[lang] ?? content.en,
  };
}

// A version never changes, so its PDF is rendered once per language and kept: a visitor asking
// for it again costs a lookup, not a rendering on the main thread. Bounded, oldest out first.
const PDF_CACHE_ENTRIES = 64;
const pdfCache = new Map<string, Uint8Array>();

/** One version of a public campaign's sheet as a PDF in one language. */
export async function keyInformationVersionPdf(
  ctx: AppContext,
  slug: string,
  number: number,
  lang: Language,
): Promise<{ number: number; data: Uint8Array }> {
  const version = await getKeyInformationVersion(ctx, slug, number, lang);
  const key = `${version.sha256}:${lang}:${ctx.config.publicUrl}`;
  let data = pdfCache.get(key);
  if (!data) {
    data = await renderKeyInformationPdf(version.key_information, lang, { baseUrl: ctx.config.publicUrl });
    if (pdfCache.size >= PDF_CACHE_ENTRIES) pdfCache.delete(pdfCache.keys().next().value as string);
    pdfCache.set(key, data);
  }
  return { number: version.number, data };
}
