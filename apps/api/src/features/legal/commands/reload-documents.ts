import type { ReloadLegalResponse } from '@indiesplit/shared/legal';
import type { Db } from '../../../db/client.ts';
import { readLegalFolder } from '../folder.ts';
import { insertVersion, listRecordedHashes } from '../repo.ts';

/**
 * Records every version in the operator's folder that the database does not hold yet (ADR 0034).
 * A recorded version never changes: a file whose text differs from what was recorded under its
 * number is refused and reported, and members keep reading (and having accepted) the recorded
 * text. Run at start-up and when an admin asks; running it twice records nothing twice.
 */
export async function reloadLegalDocuments(db: Db, dir: string): Promise<ReloadLegalResponse> {
  const { versions, problems } = readLegalFolder(dir);
  const refused = [...problems];
  const added: string[] = [];
  // An empty (or missing) folder has nothing to compare: no transaction, no wait on the database.
  if (versions.length === 0) return { added, refused };
  await db.transaction(async (tx) => {
    const recorded = new Map(
      (await listRecordedHashes(tx)).map((r) => [`${r.document}/${r.version}`, r.contentHash]),
    );
    for (const v of versions) {
      const key = `${v.document}/${v.version}`;
      const hash = recorded.get(key);
      if (hash !== undefined) {
        if (hash !== v.contentHash)
          refused.push({
            file: key,
            reason: 'already recorded with a different text; published versions never change',
          });
        continue;
      }
      const inserted = await insertVersion(tx, {
        document: v.document,
        version: v.version,
        effectiveAt: v.effectiveAt,
        titleEn: v.texts.en.title,
        titleIt: v.texts.it.title,
        bodyEn: v.texts.en.body,
        bodyIt: v.texts.it.body,
        contentHash: v.contentHash,
      });
      if (inserted) added.push(key);
    }
  });
  return { added, refused };
}
