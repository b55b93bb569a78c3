import type { Language } from '@indiesplit/shared/messages';
import type { AppContext } from '../../../platform/context.ts';
import { configuredTerms, keyInformationOf } from '../presenters/key-information.ts';
import { renderKeyInformationPdf } from '../presenters/key-information-pdf.ts';
import { findPublicCampaign } from './get-public-campaign.ts';

/** A public campaign's key investment information sheet as a PDF in one language, with its file name. */
export async function keyInformationPdf(
  ctx: AppContext,
  slug: string,
  lang: Language,
): Promise<{ fileName: string; data: Uint8Array }> {
  const { campaign, developerUsername } = await findPublicCampaign(ctx.db, slug);
  const sheet = keyInformationOf(campaign, developerUsername, lang, configuredTerms(ctx.config));
  const data = await renderKeyInformationPdf(sheet, lang, { baseUrl: ctx.config.publicUrl });
  const prefix = lang === 'it' ? 'scheda-informazioni-chiave' : 'key-information';
  return { fileName: `${prefix}-${campaign.slug ?? campaign.id}-${lang}.pdf`, data };
}
