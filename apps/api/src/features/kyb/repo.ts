import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { studioKyb } from '../../db/schema-kyb.ts';

// Queries of the studios' verifications (ADR 0036); the rules are in service.ts.

export type KybRow = typeof studioKyb.$inferSelect;
export type NewKybRow = typeof studioKyb.$inferInsert;

export const insertKyb = async (tx: Db, row: NewKybRow): Promise<KybRow> => {
  const [inserted] = await tx.insert(studioKyb).values(row).returning();
  if (!inserted) throw new Error('kyb insert failed');
  return inserted;
};

/** A studio's submissions, newest first. */
export const kybOf = (db: Db, userId: string) =>
  db.select().from(studioKyb).where(eq(studioKyb.userId, userId)).orderBy(desc(studioKyb.submittedAt));

export const findKyb = async (db: Db, id: string): Promise<KybRow | undefined> =>
  (await db.select().from(studioKyb).where(eq(studioKyb.id, id)))[0];

export const lockKyb = async (tx: Db, id: string): Promise<KybRow | undefined> =>
  (await tx.select().from(studioKyb).where(eq(studioKyb.id, id)).for('update'))[0];

/** The latest approval of the studio still running at `now`, if any. */
export async function runningApproval(db: Db, userId: string, now: Date): Promise<KybRow | undefined> {
  const [row] = await db
    .select()
    .from(studioKyb)
    .where(
      and(eq(studioKyb.userId, userId), eq(studioKyb.decision, 'approved'), gt(studioKyb.validUntil, now)),
    )
    .orderBy(desc(studioKyb.validUntil))
    .limit(1);
  return row;
}

export const decide = async (
  tx: Db,
  id: string,
  values: Pick<NewKybRow, 'decision' | 'decidedAt' | 'decidedBy' | 'refusalReason' | 'validUntil'>,
): Promise<KybRow> => {
  const [row] = await tx
    .update(studioKyb)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(studioKyb.id, id))
    .returning();
  if (!row) throw new Error('kyb update failed');
  return row;
};

/** The member a studio is: its account, when it is a developer's and not deleted. */
export async function studioAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      language: users.language,
      userTypes: users.userTypes,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Submissions for the back office, newest first, with their studio's account. */
export async function listKyb(db: Db, decision: KybRow['decision'] | undefined, limit: number) {
  return db
    .select({ kyb: studioKyb, username: users.username, email: users.email })
    .from(studioKyb)
    .innerJoin(users, eq(users.id, studioKyb.userId))
    .where(decision ? eq(studioKyb.decision, decision) : undefined)
    .orderBy(desc(studioKyb.submittedAt))
    .limit(limit);
}
