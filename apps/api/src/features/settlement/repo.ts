import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';

// Queries of the settlement worker, nothing else. The rules live in service.ts.

export type InvestmentRow = typeof investments.$inferSelect;

/** Ids of the campaigns in `status` whose `column` time has come, oldest first. */
async function dueIds(
  db: Db,
  status: 'scheduled' | 'live',
  column: typeof campaigns.startsAt | typeof campaigns.deadlineAt,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, status), lte(column, now)))
    .orderBy(asc(column))
    .limit(limit);
  return rows.map((r) => r.id);
}

export const scheduledDue = (db: Db, now: Date, limit: number) =>
  dueIds(db, 'scheduled', campaigns.startsAt, now, limit);

export const liveDue = (db: Db, now: Date, limit: number) =>
  dueIds(db, 'live', campaigns.deadlineAt, now, limit);

/**
 * Campaigns in `statuses` that have work left: closing ones (to decide) and funded ones (to finish)
 * always, failed and cancelled ones while money is still reserved.
 */
export async function campaignsIn(db: Db, statuses: CampaignStatus[], limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.status, statuses),
        sql`(${campaigns.status} in ('closing', 'funded') or exists (select 1 from investments i
              where i.campaign_id = ${campaigns.id} and i.status = 'reserved'))`,
      ),
    )
    .orderBy(asc(campaigns.deadlineAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether an investment of the campaign may still be revoked at `now`. */
export async function inReflection(db: Db, campaignId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.campaignId, campaignId),
        eq(investments.status, 'reserved'),
        gt(investments.reflectionEndsAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The next reserved investments of a campaign, in the order they were made. */
export async function reservedIds(db: Db, campaignId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.campaignId, campaignId), eq(investments.status, 'reserved')))
    .orderBy(asc(investments.createdAt), asc(investments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function countReserved(db: Db, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(investments)
    .where(and(eq(investments.campaignId, campaignId), eq(investments.status, 'reserved')));
  return row?.n ?? 0;
}

/** The investment, locked, if it is still reserved. */
export async function lockReserved(db: Db, id: string): Promise<InvestmentRow | undefined> {
  const [row] = await db
    .select()
    .from(investments)
    .where(and(eq(investments.id, id), eq(investments.status, 'reserved')))
    .for('update');
  return row;
}

export interface Contact {
  id: string;
  email: string;
  username: string;
  firstName: string;
  language: string;
  deletedAt: Date | null;
}

export async function contactOf(db: Db, userId: string): Promise<Contact | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
