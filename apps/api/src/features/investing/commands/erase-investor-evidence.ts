import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import * as profileRepo from '../profile-repo.ts';

// Account erasure (ADR 0004, ADR 0033): the documents a member sent to be treated as sophisticated
// and their tax identification number are personal data. The rows go in the erasure's transaction;
// the files after it commits (deleteEvidenceFiles), so a rollback never loses a file still listed.

/** Deletes the member's evidence rows and tax number; returns the storage keys to delete after commit. */
export async function eraseInvestorDataOf(tx: Db, userId: string): Promise<string[]> {
  return profileRepo.eraseEvidenceAndTaxId(tx, userId);
}

export async function deleteEvidenceFiles(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys)
    await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err }, 'evidence file not deleted'));
}
