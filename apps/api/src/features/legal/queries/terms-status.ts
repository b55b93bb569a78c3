import type { Db } from '../../../db/client.ts';
import { findCurrentVersion, hasAccepted } from '../repo.ts';

/**
 * Whether the member must accept the terms in force before going on (ADR 0034): true when a
 * version is in force that they have not accepted (nor a later one). False with no terms at all.
 */
export async function termsAcceptanceRequired(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const current = await findCurrentVersion(db, 'terms', now);
  if (!current) return false;
  return !(await hasAccepted(db, userId, 'terms', current));
}
