import type { ConflictKind } from '@indiesplit/shared/investing';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { investorRelation, markConflict } from './conflicts-repo.ts';

// Conflicts of interest (ECSP Art 8, ADR 0031). Staff who reviewed or decided a game's pitch saw
// what investors cannot see and chose to put the game in front of them: they may not invest in its
// campaign, with real or demo money alike (one rule, one answer, and the demo rehearses the real
// thing). Any other staff member, and the studio's own people, may invest; their investments are
// flagged and the campaign page discloses their total.

/**
 * Refuses (403 conflictOfInterest) an investor who reviewed or decided the campaign's pitch; else
 * says whether their investment is to be flagged, and why.
 */
export async function conflictOfInterest(
  db: Db,
  userId: string,
  campaignId: string,
): Promise<ConflictKind | null> {
  const relation = await investorRelation(db, userId, campaignId);
  if (!relation) return null; // no such campaign: the invest path answers 404 itself
  if (relation.reviewedOrDecided) throw new AppError('conflictOfInterest', 403);
  if (relation.staffRole) return 'staff';
  if (relation.studio) return 'studio';
  return null;
}

/** Records the flag on the investment, in the investment's transaction. */
export async function flagConflict(tx: Db, investmentId: string, kind: ConflictKind | null): Promise<void> {
  if (kind) await markConflict(tx, investmentId, kind);
}
