import type { Caller } from '../../../platform/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { type EvidenceType, evidenceFileName } from '../evidence-file.ts';
import { mayReadEvidence } from '../policies.ts';
import { findEvidence } from '../profile-repo.ts';
import { isUuid } from '../service.ts';

/** One evidence file, for its investor or an admin (ADR 0033). */
export async function downloadEvidence(
  ctx: AppContext,
  caller: Caller,
  evidenceId: string,
): Promise<{ data: Buffer; fileName: string; type: EvidenceType }> {
  if (!isUuid(evidenceId)) throw notFound();
  const row = await findEvidence(ctx.db, evidenceId);
  if (!row || !mayReadEvidence(caller, row.userId)) throw notFound();
  const data = await ctx.storage.get(row.storageKey);
  if (!data) throw notFound();
  const type = row.contentType as EvidenceType;
  return { data, fileName: evidenceFileName(row.fileName, type), type };
}
