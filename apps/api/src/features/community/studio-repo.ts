import { PUBLIC_CAMPAIGN_STATUSES } from '@indiesplit/shared/campaigns';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { studioProfiles } from '../../db/schema-community.ts';

// Queries of studio profiles (ADR 0038). A studio is a developer account with public campaigns.

export type StudioProfileRow = typeof studioProfiles.$inferSelect;

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function usernameOf(db: Db, userId: string) {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.username ?? null;
}

export async function getProfile(db: Db, userId: string): Promise<StudioProfileRow | undefined> {
  const [row] = await db.select().from(studioProfiles).where(eq(studioProfiles.userId, userId));
  return row;
}

export async function upsertProfile(
  db: Db,
  userId: string,
  values: Partial<Pick<StudioProfileRow, 'bio' | 'links' | 'logoKey'>>,
): Promise<StudioProfileRow> {
  const [row] = await db
    .insert(studioProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: studioProfiles.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('studio profile upsert failed');
  return row;
}

/** The studio's public campaigns, newest first. */
export async function publicCampaignsOf(db: Db, userId: string) {
  return db
    .select({
      slug: campaigns.slug,
      title: campaigns.title,
      status: campaigns.status,
      currency: campaigns.currency,
      goalCents: campaigns.goalCents,
      committedCents: campaigns.committedCents,
      investorCount: campaigns.investorCount,
      launchedOn: campaigns.launchedOn,
      studioLegalName: campaigns.studioLegalName,
    })
    .from(campaigns)
    .where(and(eq(campaigns.developerId, userId), inArray(campaigns.status, [...PUBLIC_CAMPAIGN_STATUSES])))
    .orderBy(desc(campaigns.startsAt))
    .limit(50);
}

/** The developer of a public campaign. */
export async function developerOfCampaign(db: Db, slug: string) {
  const [row] = await db
    .select({ username: users.username })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.developerId))
    .where(
      and(
        eq(campaigns.slug, slug),
        inArray(campaigns.status, [...PUBLIC_CAMPAIGN_STATUSES]),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

export async function logoInUse(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studioProfiles.userId })
    .from(studioProfiles)
    .where(eq(studioProfiles.logoKey, key));
  return Boolean(row);
}
