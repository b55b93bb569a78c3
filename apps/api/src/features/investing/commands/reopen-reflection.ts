import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';

/**
 * Reopens the right to revoke of a campaign's reserved investments until `until` (ADR 0029), in
 * the caller's transaction, which holds the campaign's lock; returns the investors to tell.
 */
export function reopenReflection(tx: Db, campaignId: string, until: Date) {
  return repo.reopenReflectionOf(tx, campaignId, until);
}
