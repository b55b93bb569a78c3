import type { Language } from '@indiesplit/shared/languages';
import type { LegalDocumentDto } from '@indiesplit/shared/legal';
import type { LegalVersionRow } from '../repo.ts';

/** One version of a document in one language, with the list of its readable versions. */
export function presentDocument(
  row: LegalVersionRow,
  language: Language,
  current: boolean,
  versions: Array<{ version: number; effectiveAt: Date }>,
): LegalDocumentDto {
  return {
    document: row.document,
    version: row.version,
    language,
    title: language === 'it' ? row.titleIt : row.titleEn,
    body: language === 'it' ? row.bodyIt : row.bodyEn,
    effective_at: row.effectiveAt.toISOString(),
    content_hash: row.contentHash,
    current,
    versions: versions.map((v) => ({ version: v.version, effective_at: v.effectiveAt.toISOString() })),
  };
}
