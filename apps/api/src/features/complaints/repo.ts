import { PUBLIC_CAMPAIGN_STATUSES } from '@indiesplit/shared/campaigns';
import type { ComplaintStatus } from '@indiesplit/shared/complaints';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { complaintNotes, complaints } from '../../db/schema-complaints.ts';

// Queries of the complaints register; this feature is the only writer of its two tables (ADR 0022).

export type ComplaintRow = typeof complaints.$inferSelect;
export type NewComplaint = typeof complaints.$inferInsert;

export async function insertComplaint(db: Db, values: NewComplaint): Promise<ComplaintRow> {
  const [row] = await db.insert(complaints).values(values).returning();
  return row!;
}

/** A public campaign named by its address; a draft's address is treated as unknown (not revealed). */
export async function findCampaignIdBySlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), inArray(campaigns.status, [...PUBLIC_CAMPAIGN_STATUSES])));
  return row?.id ?? null;
}

export async function findByReference(db: Db, reference: string): Promise<ComplaintRow | undefined> {
  const [row] = await db.select().from(complaints).where(eq(complaints.reference, reference));
  return row;
}

export async function listByUser(db: Db, userId: string): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(complaints)
    .where(eq(complaints.userId, userId))
    .orderBy(desc(complaints.receivedAt));
}

/** The row locked for a change, so two staff members' steps are applied one after the other. */
export async function lockComplaint(db: Db, id: string): Promise<ComplaintRow | undefined> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id)).for('update');
  return row;
}

export async function updateComplaint(db: Db, id: string, values: Partial<NewComplaint>): Promise<void> {
  await db
    .update(complaints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(complaints.id, id));
}

export async function insertNote(db: Db, values: { complaintId: string; authorId: string; body: string }) {
  await db.insert(complaintNotes).values(values);
}

const assignee = { id: users.id, username: users.username };

/** Late now: still received after the acknowledgement deadline, or unanswered after the answer's. */
export const overdueSql = (now: Date) =>
  or(
    and(eq(complaints.status, 'received'), lt(complaints.acknowledgeDueAt, now)),
    and(
      inArray(complaints.status, ['received', 'acknowledged', 'investigating']),
      lt(complaints.answerDueAt, now),
    ),
  );

/**
 * The register, newest first. The screen shows at most `limit` rows (filters narrow it); the CSV
 * export passes none, since the record must be whole.
 */
export async function listRegister(
  db: Db,
  filter: { status?: ComplaintStatus; overdueAt?: Date },
  limit: number | null = 1000,
) {
  const conditions = [
    filter.status ? eq(complaints.status, filter.status) : undefined,
    filter.overdueAt ? overdueSql(filter.overdueAt) : undefined,
  ].filter(Boolean);
  const query = db
    .select({ complaint: complaints, assignee })
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.assigneeId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(complaints.receivedAt));
  return limit === null ? query : query.limit(limit);
}

export async function getWithAssignee(db: Db, id: string) {
  const [row] = await db
    .select({
      complaint: complaints,
      assignee,
      campaign: { id: campaigns.id, slug: campaigns.slug, title: campaigns.title },
    })
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.assigneeId))
    .leftJoin(campaigns, eq(campaigns.id, complaints.campaignId))
    .where(eq(complaints.id, id));
  return row;
}

export async function listNotes(db: Db, complaintId: string) {
  return db
    .select({
      id: complaintNotes.id,
      body: complaintNotes.body,
      author: users.username,
      createdAt: complaintNotes.createdAt,
    })
    .from(complaintNotes)
    .leftJoin(users, eq(users.id, complaintNotes.authorId))
    .where(eq(complaintNotes.complaintId, complaintId))
    .orderBy(asc(complaintNotes.createdAt));
}

/** Whether the user is an admin now: only admins open the register, so only they can handle one. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), eq(users.staffRole, 'admin')));
  return Boolean(row);
}

/** Who a complaint can be assigned to: the admins, by name. */
export async function listAdmins(db: Db) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.staffRole, 'admin')))
    .orderBy(asc(users.username));
}

/** The year's figures, computed by the database from the register (ADR 0030). */
export async function yearlyFigures(db: Db, year: number, now: Date) {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const [f, t, n] = [at(from), at(to), at(now)];
  const result = (await db.execute(sql`
    select
      (select count(*)::int from complaints where received_at >= ${f} and received_at < ${t}) as received,
      (select count(*)::int from complaints where answered_at >= ${f} and answered_at < ${t}) as answered,
      (select count(*)::int from complaints where closed_at >= ${f} and closed_at < ${t}) as closed,
      (select percentile_cont(0.5) within group (order by extract(epoch from answered_at - received_at) / 86400)
         from complaints where answered_at >= ${f} and answered_at < ${t}) as median_days,
      (select count(*)::int from complaints
         where received_at >= ${f} and received_at < ${t}
           and (answered_at > answer_due_at
                or (answered_at is null and answer_due_at < ${n})
                or (acknowledged_at is null and status = 'received' and acknowledge_due_at < ${n}))) as overdue
  `)) as unknown as {
    rows: Array<{
      received: number;
      answered: number;
      closed: number;
      median_days: string | number | null;
      overdue: number;
    }>;
  };
  return result.rows[0]!;
}
