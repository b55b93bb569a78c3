import type { Db } from '../../../db/client.ts';
import * as repo from '../repo.ts';

/**
 * Where a campaign's developer is written to, and in which language; undefined for an erased
 * account. For the features that tell the studio what happened to its campaign.
 */
export const developerContact = (db: Db, developerId: string) => repo.developerContact(db, developerId);
