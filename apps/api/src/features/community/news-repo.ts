import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { newsletters, newsPosts } from '../../db/schema-community.ts';

// Queries of news and newsletters (ADR 0038).

export type NewsRow = typeof newsPosts.$inferSelect;
export type NewsletterRow = typeof newsletters.$inferSelect;

export async function listPublished(db: Db, limit: number, offset: number) {
  const where = eq(newsPosts.status, 'published');
  const rows = await db
    .select()
    .from(newsPosts)
    .where(where)
    .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(newsPosts).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listAllNews(db: Db, limit: number) {
  return db.select().from(newsPosts).orderBy(desc(newsPosts.updatedAt)).limit(limit);
}

export async function getNews(db: Db, id: string): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(newsPosts).where(eq(newsPosts.id, id));
  return row;
}

export async function lockNews(db: Db, id: string): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(newsPosts).where(eq(newsPosts.id, id)).for('update');
  return row;
}

export async function insertNews(db: Db, values: typeof newsPosts.$inferInsert): Promise<NewsRow> {
  const [row] = await db.insert(newsPosts).values(values).returning();
  if (!row) throw new Error('news insert failed');
  return row;
}

export async function updateNews(db: Db, id: string, values: Partial<typeof newsPosts.$inferInsert>) {
  const [row] = await db
    .update(newsPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(newsPosts.id, id))
    .returning();
  return row;
}

/** Whether a stored image belongs to published news (members may read it). */
export async function publishedImage(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsPosts.id })
    .from(newsPosts)
    .where(and(eq(newsPosts.imageKey, key), eq(newsPosts.status, 'published')));
  return Boolean(row);
}

export async function imageOfAnyNews(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: newsPosts.id }).from(newsPosts).where(eq(newsPosts.imageKey, key));
  return Boolean(row);
}

// --- newsletters ---------------------------------------------------------------------------------

export async function listNewsletters(db: Db, limit: number) {
  return db.select().from(newsletters).orderBy(desc(newsletters.createdAt)).limit(limit);
}

export async function getNewsletter(db: Db, id: string): Promise<NewsletterRow | undefined> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  return row;
}

export async function lockNewsletter(db: Db, id: string): Promise<NewsletterRow | undefined> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id)).for('update');
  return row;
}

export async function insertNewsletter(db: Db, values: typeof newsletters.$inferInsert) {
  const [row] = await db.insert(newsletters).values(values).returning();
  if (!row) throw new Error('newsletter insert failed');
  return row;
}

export async function updateNewsletter(db: Db, id: string, values: Partial<typeof newsletters.$inferInsert>) {
  const [row] = await db
    .update(newsletters)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(newsletters.id, id))
    .returning();
  return row;
}

export async function sendingNewsletters(db: Db) {
  return db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(eq(newsletters.status, 'sending'))
    .orderBy(asc(newsletters.sendStartedAt));
}

/**
 * The next members who opted in, after `afterId` in id order: verified address, account not
 * deleted. Read when the batch is queued, so a member who unsubscribed meanwhile is left out.
 */
export async function nextRecipients(db: Db, afterId: string | null, limit: number) {
  return db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.newsletter, true),
        isNull(users.deletedAt),
        sql`${users.emailVerifiedAt} is not null`,
        afterId ? gt(users.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function recipientOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      language: users.language,
      newsletter: users.newsletter,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.deletedAt ? row : undefined;
}
