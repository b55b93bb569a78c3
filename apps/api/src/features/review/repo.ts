import type { PitchQuery } from '@indiesplit/shared/pitches';
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import {
  pitchAssignments,
  pitchContacts,
  pitchEvents,
  pitches,
  pitchReviews,
} from '../../db/schema-pitches.ts';

const staffColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.staffRole,
};
export type StaffRow = {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string | null;
};

export function listStaff(db: Db): Promise<StaffRow[]> {
  return db
    .select(staffColumns)
    .from(users)
    .where(and(isNotNull(users.staffRole), isNull(users.deletedAt)))
    .orderBy(asc(users.staffRole), asc(users.username));
}

export function assignmentsOf(db: Db, pitchId: string): Promise<StaffRow[]> {
  return db
    .select(staffColumns)
    .from(pitchAssignments)
    .innerJoin(users, eq(users.id, pitchAssignments.reviewerId))
    .where(eq(pitchAssignments.pitchId, pitchId))
    .orderBy(asc(pitchAssignments.createdAt));
}

export async function isAssigned(db: Db, pitchId: string, reviewerId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(pitchAssignments)
    .where(and(eq(pitchAssignments.pitchId, pitchId), eq(pitchAssignments.reviewerId, reviewerId)));
  return rows.length > 0;
}

export async function insertAssignment(
  db: Db,
  values: { pitchId: string; reviewerId: string; assignedBy: string },
): Promise<boolean> {
  const rows = await db
    .insert(pitchAssignments)
    .values(values)
    .onConflictDoNothing()
    .returning({ pitchId: pitchAssignments.pitchId });
  return rows.length > 0;
}

export async function deleteAssignment(db: Db, pitchId: string, reviewerId: string): Promise<boolean> {
  const rows = await db
    .delete(pitchAssignments)
    .where(and(eq(pitchAssignments.pitchId, pitchId), eq(pitchAssignments.reviewerId, reviewerId)))
    .returning({ pitchId: pitchAssignments.pitchId });
  return rows.length > 0;
}

// --- the queue ----------------------------------------------------------------------------------

const MEAN = sql`(r.team + r.game + r.market + r.budget_realism)::numeric / 4`;

/** Scores of the pitch's current revision; a reviewer's view counts only their own. */
function reviewAggregates(reviewerId: string | null) {
  const own = reviewerId ? sql` and r.reviewer_id = ${reviewerId}` : sql``;
  // Qualified by hand: inside a select list Drizzle writes a bare "id", which the subquery would
  // read as the review's own id.
  const current = sql.raw('r.pitch_id = "pitches"."id" and r.revision = "pitches"."revision"');
  return {
    reviewCount: sql<number>`(select count(*)::int from pitch_reviews r where ${current}${own})`,
    averageScore: sql<string | null>`(select round(avg(${MEAN}), 2)::text from pitch_reviews r
      where ${current}${own})`,
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const QUEUE_LIMIT = 500;

export function listQueue(db: Db, query: PitchQuery, reviewerId: string | null) {
  const filters: Array<SQL | undefined> = [
    query.status ? eq(pitches.status, query.status) : undefined,
    query.platform ? sql`${pitches.platforms} @> array[${query.platform}]::text[]` : undefined,
    query.budget_min !== undefined ? gte(pitches.productionBudgetCents, query.budget_min * 100) : undefined,
    query.budget_max !== undefined ? lte(pitches.productionBudgetCents, query.budget_max * 100) : undefined,
    // Whole days in UTC, the "to" day included.
    query.from
      ? sql`${pitches.submittedAt} >= (${query.from}::date)::timestamp at time zone 'UTC'`
      : undefined,
    query.to
      ? sql`${pitches.submittedAt} < (${query.to}::date + 1)::timestamp at time zone 'UTC'`
      : undefined,
    query.q
      ? or(
          sql`${pitches.projectName} ilike ${likePattern(query.q)}`,
          sql`${pitches.name} ilike ${likePattern(query.q)}`,
          sql`${pitches.email} ilike ${likePattern(query.q)}`,
        )
      : undefined,
    reviewerId
      ? sql`exists (select 1 from pitch_assignments a where a.pitch_id = ${pitches.id} and a.reviewer_id = ${reviewerId})`
      : undefined,
  ];
  return db
    .select({ pitch: pitches, ...reviewAggregates(reviewerId) })
    .from(pitches)
    .where(and(...filters))
    .orderBy(desc(pitches.submittedAt), desc(pitches.id))
    .limit(QUEUE_LIMIT);
}

export async function pitchAverage(
  db: Db,
  pitchId: string,
  reviewerId: string | null,
): Promise<{ reviewCount: number; averageScore: string | null }> {
  const [row] = await db.select(reviewAggregates(reviewerId)).from(pitches).where(eq(pitches.id, pitchId));
  return row ?? { reviewCount: 0, averageScore: null };
}

// --- reviews ------------------------------------------------------------------------------------

export function reviewsOf(db: Db, pitchId: string, reviewerId: string | null) {
  return db
    .select({ review: pitchReviews, username: users.username })
    .from(pitchReviews)
    .innerJoin(users, eq(users.id, pitchReviews.reviewerId))
    .where(
      and(
        eq(pitchReviews.pitchId, pitchId),
        reviewerId ? eq(pitchReviews.reviewerId, reviewerId) : undefined,
      ),
    )
    .orderBy(desc(pitchReviews.revision), asc(pitchReviews.createdAt));
}

export async function upsertReview(
  db: Db,
  values: {
    pitchId: string;
    reviewerId: string;
    revision: number;
    team: number;
    game: number;
    market: number;
    budgetRealism: number;
    comment: string;
  },
): Promise<void> {
  await db
    .insert(pitchReviews)
    .values(values)
    .onConflictDoUpdate({
      target: [pitchReviews.pitchId, pitchReviews.reviewerId, pitchReviews.revision],
      set: {
        team: values.team,
        game: values.game,
        market: values.market,
        budgetRealism: values.budgetRealism,
        comment: values.comment,
        updatedAt: new Date(),
      },
    });
}

export async function countReviews(db: Db, pitchId: string, revision: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pitchReviews)
    .where(and(eq(pitchReviews.pitchId, pitchId), eq(pitchReviews.revision, revision)));
  return row?.n ?? 0;
}

// --- events -------------------------------------------------------------------------------------

const actors = alias(users, 'actor');

const eventColumns = {
  event: pitchEvents,
  projectName: pitches.projectName,
  actorUsername: actors.username,
};

export function eventsOf(db: Db, pitchId: string) {
  return db
    .select(eventColumns)
    .from(pitchEvents)
    .innerJoin(pitches, eq(pitches.id, pitchEvents.pitchId))
    .leftJoin(actors, eq(actors.id, pitchEvents.actorId))
    .where(eq(pitchEvents.pitchId, pitchId))
    .orderBy(asc(pitchEvents.id));
}

export function auditPage(db: Db, before: number | undefined, limit: number) {
  return db
    .select(eventColumns)
    .from(pitchEvents)
    .innerJoin(pitches, eq(pitches.id, pitchEvents.pitchId))
    .leftJoin(actors, eq(actors.id, pitchEvents.actorId))
    .where(before !== undefined ? lt(pitchEvents.id, before) : undefined)
    .orderBy(desc(pitchEvents.id))
    .limit(limit);
}

// --- campaigns ----------------------------------------------------------------------------------

export async function campaignIdOf(db: Db, pitchId: string): Promise<string | null> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.pitchId, pitchId));
  return row?.id ?? null;
}

// --- call list ----------------------------------------------------------------------------------

const callers = alias(users, 'caller');

export const CONTACTS_LIMIT = 500;

export function listContacts(db: Db, called: boolean | undefined) {
  return db
    .select({ contact: pitchContacts, callerUsername: callers.username })
    .from(pitchContacts)
    .leftJoin(callers, eq(callers.id, pitchContacts.calledBy))
    .where(
      and(
        eq(pitchContacts.askedForContact, true),
        called === undefined
          ? undefined
          : called
            ? isNotNull(pitchContacts.calledAt)
            : isNull(pitchContacts.calledAt),
      ),
    )
    .orderBy(desc(pitchContacts.createdAt))
    .limit(CONTACTS_LIMIT);
}

export async function deleteAssignmentsOf(db: Db, reviewerId: string): Promise<void> {
  await db.delete(pitchAssignments).where(eq(pitchAssignments.reviewerId, reviewerId));
}

export async function findContact(db: Db, id: string) {
  const [row] = await db
    .select({ contact: pitchContacts, callerUsername: callers.username })
    .from(pitchContacts)
    .leftJoin(callers, eq(callers.id, pitchContacts.calledBy))
    .where(eq(pitchContacts.id, id));
  return row;
}
