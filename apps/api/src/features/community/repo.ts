import { PUBLIC_CAMPAIGN_STATUSES } from '@indiesplit/shared/campaigns';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { communityPosts, communityReports } from '../../db/schema-community.ts';
import { investments } from '../../db/schema-investing.ts';

// Queries of the questions and comments (ADR 0038). Reads of campaigns, investments and users are
// joins for the page and the badges; this feature writes only its own tables.

export type PostRow = typeof communityPosts.$inferSelect;

/** A campaign people can see, by its address: the discussion lives on its page. */
export async function findPublicCampaign(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      title: campaigns.title,
      status: campaigns.status,
      developerId: campaigns.developerId,
    })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), inArray(campaigns.status, [...PUBLIC_CAMPAIGN_STATUSES])));
  return row;
}

export async function campaignOf(db: Db, campaignId: string) {
  const [row] = await db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      title: campaigns.title,
      status: campaigns.status,
      developerId: campaigns.developerId,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row;
}

/** Who posts: verified or not, and the staff role, read now. */
export async function posterOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      emailVerifiedAt: users.emailVerifiedAt,
      staffRole: users.staffRole,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Posts the account wrote since `since`, on every campaign: the per-account daily cap. */
export async function postsSince(db: Db, authorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(communityPosts)
    .where(and(eq(communityPosts.authorId, authorId), sql`${communityPosts.createdAt} >= ${since}`));
  return row?.n ?? 0;
}

export async function insertPost(db: Db, values: typeof communityPosts.$inferInsert): Promise<PostRow> {
  const [row] = await db.insert(communityPosts).values(values).returning();
  if (!row) throw new Error('post insert failed');
  return row;
}

export async function lockPost(db: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, id)).for('update');
  return row;
}

export async function getPost(db: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, id));
  return row;
}

export async function updatePost(db: Db, id: string, values: Partial<typeof communityPosts.$inferInsert>) {
  await db
    .update(communityPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(communityPosts.id, id));
}

/** Marks a question answered, only the first time; true when this call did. */
export async function markAnswered(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(communityPosts)
    .set({ answeredAt: at, updatedAt: at })
    .where(
      and(eq(communityPosts.id, id), eq(communityPosts.kind, 'question'), isNull(communityPosts.answeredAt)),
    )
    .returning({ id: communityPosts.id });
  return rows.length === 1;
}

const authorName = sql<string | null>`case when ${users.deletedAt} is null then ${users.username} end`;

/** The top-level posts of one page: pinned first, then newest. Hidden ones only for `showHiddenOf`. */
export async function listThreads(
  db: Db,
  campaignId: string,
  visibility: { staff: boolean; viewerId: string | null },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(communityPosts.campaignId, campaignId),
    isNull(communityPosts.parentId),
    visibleTo(visibility),
  );
  const rows = await db
    .select({ post: communityPosts, author: authorName, staffRole: users.staffRole })
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.authorId))
    .where(where)
    .orderBy(
      sql`${communityPosts.pinnedAt} is null`,
      desc(communityPosts.pinnedAt),
      desc(communityPosts.createdAt),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(communityPosts).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listReplies(
  db: Db,
  parentIds: string[],
  visibility: { staff: boolean; viewerId: string | null },
) {
  if (parentIds.length === 0) return [];
  return db
    .select({ post: communityPosts, author: authorName, staffRole: users.staffRole })
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.authorId))
    .where(and(inArray(communityPosts.parentId, parentIds), visibleTo(visibility)))
    .orderBy(asc(communityPosts.createdAt));
}

function visibleTo(v: { staff: boolean; viewerId: string | null }) {
  if (v.staff) return undefined;
  return v.viewerId
    ? sql`(${communityPosts.hiddenAt} is null or ${communityPosts.authorId} = ${v.viewerId})`
    : isNull(communityPosts.hiddenAt);
}

/** Visible questions of the campaign the studio has not answered. */
export async function countUnanswered(db: Db, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.campaignId, campaignId),
        eq(communityPosts.kind, 'question'),
        isNull(communityPosts.answeredAt),
        isNull(communityPosts.hiddenAt),
      ),
    );
  return row?.n ?? 0;
}

/** Of these authors, who holds a live investment (reserved or posted) in the campaign. */
export async function investorsAmong(db: Db, campaignId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: investments.investorId })
    .from(investments)
    .where(
      and(
        eq(investments.campaignId, campaignId),
        inArray(investments.investorId, userIds),
        inArray(investments.status, ['reserved', 'posted']),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function addReport(db: Db, postId: string, reporterId: string, reason: string) {
  await db
    .insert(communityReports)
    .values({ postId, reporterId, reason })
    .onConflictDoUpdate({
      target: [communityReports.postId, communityReports.reporterId],
      set: { reason, resolvedAt: null, createdAt: new Date() },
    });
}

export async function resolveReports(db: Db, postId: string, at: Date) {
  await db
    .update(communityReports)
    .set({ resolvedAt: at })
    .where(and(eq(communityReports.postId, postId), isNull(communityReports.resolvedAt)));
}

/** Posts with open reports, most reported first. */
export async function listReported(db: Db, limit: number) {
  return db
    .select({
      id: communityPosts.id,
      body: communityPosts.body,
      hiddenAt: communityPosts.hiddenAt,
      author: authorName,
      campaignSlug: campaigns.slug,
      campaignTitle: campaigns.title,
      reports: count(communityReports.id),
      reasons: sql<
        string[]
      >`array_agg(${communityReports.reason} order by ${communityReports.createdAt} desc)`,
      lastReportedAt: sql<Date>`max(${communityReports.createdAt})`,
    })
    .from(communityReports)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReports.postId))
    .innerJoin(campaigns, eq(campaigns.id, communityPosts.campaignId))
    .leftJoin(users, eq(users.id, communityPosts.authorId))
    .where(isNull(communityReports.resolvedAt))
    .groupBy(communityPosts.id, users.id, campaigns.id)
    .orderBy(desc(count(communityReports.id)), desc(sql`max(${communityReports.createdAt})`))
    .limit(limit);
}

/** Questions of live offers past the reminder age, unanswered, visible and never reminded. */
export async function dueForReminder(db: Db, olderThan: Date, limit: number) {
  return db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .innerJoin(campaigns, eq(campaigns.id, communityPosts.campaignId))
    .where(
      and(
        eq(communityPosts.kind, 'question'),
        isNull(communityPosts.answeredAt),
        isNull(communityPosts.remindedAt),
        isNull(communityPosts.hiddenAt),
        lt(communityPosts.createdAt, olderThan),
        eq(campaigns.status, 'live'),
        isNotNull(campaigns.developerId),
      ),
    )
    .orderBy(asc(communityPosts.createdAt))
    .limit(limit);
}

/** Marks the reminder sent, once: false when another round already did. */
export async function markReminded(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(communityPosts)
    .set({ remindedAt: at })
    .where(
      and(eq(communityPosts.id, id), isNull(communityPosts.remindedAt), isNull(communityPosts.answeredAt)),
    )
    .returning({ id: communityPosts.id });
  return rows.length === 1;
}

/** Where a member's email goes: address, language, name; null for an erased account. */
export async function recipientOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      language: users.language,
      username: users.username,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.deletedAt ? row : null;
}

/** Account erasure (ADR 0004): the member's posts go (replies under their questions with them). */
export async function deletePostsOf(db: Db, userId: string): Promise<void> {
  await db.delete(communityReports).where(eq(communityReports.reporterId, userId));
  await db.delete(communityPosts).where(eq(communityPosts.authorId, userId));
}
