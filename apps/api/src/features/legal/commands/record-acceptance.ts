import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { findCurrentVersion, insertAcceptance } from '../repo.ts';

export type AcceptanceOccasion = 'registration' | 'social_sign_up' | 'update';

/** The documents a member accepts together: the terms, and the privacy notice they refer to. */
const ACCEPTED_TOGETHER = ['terms', 'privacy'] as const;

/**
 * Records that `userId` accepted the terms and the privacy notice in force now (ADR 0034), in the
 * caller's transaction: at sign-up in the same transaction that creates the account. When the
 * member read a version (`readTermsVersion`) and a newer one came into force meanwhile, nothing is
 * recorded and the answer is 409 legalVersionOutdated: what was accepted is what was read.
 * Returns the terms' version, or null when the operator has published no terms at all.
 */
export async function recordLegalAcceptance(
  tx: Db,
  input: { userId: string; occasion: AcceptanceOccasion; at: Date; readTermsVersion?: number },
): Promise<{ termsVersion: number; acceptedAt: Date } | null> {
  let result: { termsVersion: number; acceptedAt: Date } | null = null;
  for (const document of ACCEPTED_TOGETHER) {
    const current = await findCurrentVersion(tx, document, input.at);
    if (!current) {
      if (document === 'terms' && input.readTermsVersion !== undefined) throw notFound();
      continue;
    }
    if (
      document === 'terms' &&
      input.readTermsVersion !== undefined &&
      input.readTermsVersion !== current.version
    )
      throw conflict('legalVersionOutdated', 'terms_version');
    const acceptedAt = await insertAcceptance(tx, {
      userId: input.userId,
      documentVersionId: current.id,
      occasion: input.occasion,
      acceptedAt: input.at,
    });
    if (document === 'terms') result = { termsVersion: current.version, acceptedAt };
  }
  return result;
}
