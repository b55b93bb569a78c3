import type { Language } from '@indiesplit/shared/languages';
import type { LegalDocumentDto } from '@indiesplit/shared/legal';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { presentDocument } from '../presenters/document.ts';
import { findCurrentVersion, findVersion, listPublishedVersions } from '../repo.ts';

/**
 * A document in one language: the version in force, or the numbered one asked for. A version
 * recorded ahead of its effective date stays unpublished (404) until that date comes.
 */
export async function getLegalDocument(
  db: Db,
  input: { document: string; language: Language; version?: number; now?: Date },
): Promise<LegalDocumentDto> {
  const now = input.now ?? new Date();
  const current = await findCurrentVersion(db, input.document, now);
  if (!current) throw notFound();
  const row = input.version === undefined ? current : await findVersion(db, input.document, input.version);
  if (!row || row.effectiveAt > now) throw notFound();
  const versions = await listPublishedVersions(db, input.document, now);
  return presentDocument(row, input.language, row.id === current.id, versions);
}
