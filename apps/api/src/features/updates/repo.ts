import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { investments } from '../../db/schema-investing.ts';
import { campaignFollows, campaignUpdates } from '../../db/schema-notifications.ts';

export type UpdateRow = typeof campaignUpdates.$inferSelect;
export type NewUpdate = typeof campaignUpdates.$inferInsert;

/** Whether the member holds a live investment (reserved or posted) in the campaign. */
export async function isInvestor(db: Db, campaignId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(investments)
    .where(
      and(
        eq(investments.campaignId, campaignId),
        eq(investments.investorId, userId),
        inArray(investments.status, ['reserved', 'posted']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const visible = (campaignId: string, includeInvestorsOnly: boolean) =>
  and(
    eq(campaignUpdates.campaignId, campaignId),
    includeInvestorsOnly ? undefined : eq(campaignUpdates.visibility, 'public'),
  );

export async function pageOf(
  db: Db,
  campaignId: string,
  includeInvestorsOnly: boolean,
  offset: number,
  limit: number,
) {
  const where = visible(campaignId, includeInvestorsOnly);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaignUpdates)
      .where(where)
      .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(campaignUpdates).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function insertUpdate(tx: Db, values: NewUpdate): Promise<UpdateRow> {
  const [row] = await tx.insert(campaignUpdates).values(values).returning();
  if (!row) throw new Error('update insert failed');
  return row;
}

export async function findUpdate(db: Db, campaignId: string, id: string): Promise<UpdateRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignUpdates)
    .where(and(eq(campaignUpdates.id, id), eq(campaignUpdates.campaignId, campaignId)));
  return row;
}

export async function editUpdate(tx: Db, id: string, values: Partial<NewUpdate>): Promise<UpdateRow> {
  const [row] = await tx
    .update(campaignUpdates)
    .set({ ...values, editedAt: sql`now()` })
    .where(eq(campaignUpdates.id, id))
    .returning();
  if (!row) throw new Error('update edit failed');
  return row;
}

export async function follow(db: Db, campaignId: string, userId: string): Promise<void> {
  await db.insert(campaignFollows).values({ campaignId, userId }).onConflictDoNothing();
}

export async function unfollow(db: Db, campaignId: string, userId: string): Promise<void> {
  await db
    .delete(campaignFollows)
    .where(and(eq(campaignFollows.campaignId, campaignId), eq(campaignFollows.userId, userId)));
}

export async function isFollowing(db: Db, campaignId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(campaignFollows)
    .where(and(eq(campaignFollows.campaignId, campaignId), eq(campaignFollows.userId, userId)));
  return Boolean(row);
}

/** Account erasure: the member's follows go; the updates they posted stay the studio's, authorless. */
export async function eraseOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(campaignFollows).where(eq(campaignFollows.userId, userId));
  await tx.update(campaignUpdates).set({ authorId: null }).where(eq(campaignUpdates.authorId, userId));
}
