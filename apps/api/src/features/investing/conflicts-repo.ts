import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';
import { pitchAssignments, pitchEvents, pitches, pitchReviews } from '../../db/schema-pitches.ts';

// The reads behind the conflicts-of-interest rule (ADR 0031), kept apart from repo.ts so the invest
// path gains two calls and nothing else. Pitch tables are read here, never written (ADR 0022).

/** Who the investor is to the campaign: staff role, part in its pitch's review, the studio's own. */
export async function investorRelation(db: Db, userId: string, campaignId: string) {
  const [row] = await db
    .select({
      staffRole: users.staffRole,
      // Assigned to score it, scored it, or moved it (decided, asked for changes): every status change
      // of the pitch that its own author did not make (a resubmission) is a staff decision.
      reviewedOrDecided: sql<boolean>`(
        exists (select 1 from ${pitchAssignments} where ${pitchAssignments.pitchId} = ${campaigns.pitchId}
                and ${pitchAssignments.reviewerId} = ${users.id})
        or exists (select 1 from ${pitchReviews} where ${pitchReviews.pitchId} = ${campaigns.pitchId}
                and ${pitchReviews.reviewerId} = ${users.id})
        or exists (select 1 from ${pitchEvents} where ${pitchEvents.pitchId} = ${campaigns.pitchId}
                and ${pitchEvents.actorId} = ${users.id}
                and ${pitchEvents.actorId} is distinct from ${pitches.userId}))`,
      // The studio's own people: the developer account, the pitch's author (by account or by the
      // address the pitch came from) and whoever holds the studio's contact address.
      studio: sql<boolean>`(
        ${campaigns.developerId} is not distinct from ${users.id}
        or ${pitches.userId} is not distinct from ${users.id}
        or lower(${users.email}) = lower(coalesce(${pitches.email}, ''))
        or (${campaigns.studioEmail} <> '' and lower(${users.email}) = lower(${campaigns.studioEmail})))`,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(pitches, eq(pitches.id, campaigns.pitchId))
    .where(eq(campaigns.id, campaignId));
  return row;
}

/** Marks a just-made investment as a conflict of interest (same transaction as the investment). */
export async function markConflict(tx: Db, investmentId: string, kind: 'staff' | 'studio') {
  await tx
    .update(investments)
    .set({ conflictOfInterest: kind })
    .where(and(eq(investments.id, investmentId), sql`${investments.conflictOfInterest} is null`));
}
