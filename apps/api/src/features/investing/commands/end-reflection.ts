import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';

/**
 * Ends now the reflection period of every reserved investment of a campaign, so that it can be
 * decided at once: for development tools that fast-forward a demo campaign, never for real money.
 */
export function endReflectionNow(tx: Db, campaignId: string): Promise<void> {
  return repo.endReflectionOf(tx, campaignId);
}
