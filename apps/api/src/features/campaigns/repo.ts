import type { CampaignStatus, ServiceStatus } from '@indiesplit/shared/campaigns';
import type { BackofficeCampaignQuery } from '@indiesplit/shared/campaigns-backoffice';
import type { Currency } from '@indiesplit/shared/wallet';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaignEvents, campaignServices, campaigns, campaignWatchers } from '../../db/schema-campaigns.ts';

// Campaign queries, nothing else; only this feature's commands call the writing ones. Status
// changes go through state.ts (moveCampaign); other features change campaigns through commands/.

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignUpdate = Partial<typeof campaigns.$inferInsert>;

const developers = alias(users, 'developer');

/** A campaign with its developer's public name (null when there is none or the account is gone). */
const withDeveloper = {
  campaign: campaigns,
  developerUsername: sql<
    string | null
  >`case when ${developers.deletedAt} is null then ${developers.username} end`,
};

export type CampaignWithDeveloper = { campaign: CampaignRow; developerUsername: string | null };

export interface PublicListFilter {
  statuses: readonly CampaignStatus[];
  platform?: string | undefined;
  genre?: string | undefined;
  currency?: Currency | undefined;
  /** Words of the title, the studio's legal name or the developer's username. */
  search?: string | undefined;
  order: 'ending_soon' | 'opening_soon' | 'ended_last' | 'most_funded' | 'newest';
  limit: number;
  offset: number;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PUBLIC_ORDERS: Record<PublicListFilter['order'], SQL[]> = {
  ending_soon: [asc(campaigns.deadlineAt)],
  opening_soon: [asc(campaigns.startsAt)],
  ended_last: [desc(campaigns.deadlineAt)],
  most_funded: [desc(campaigns.committedCents)],
  newest: [desc(campaigns.startsAt)],
};

/** One page of the public list, and how many campaigns match over all pages. */
export async function listPublic(
  db: Db,
  filter: PublicListFilter,
): Promise<{ rows: CampaignWithDeveloper[]; total: number }> {
  const search = filter.search ? likePattern(filter.search) : undefined;
  const filters: Array<SQL | undefined> = [
    inArray(campaigns.status, [...filter.statuses]),
    filter.platform ? sql`${campaigns.platforms} @> array[${filter.platform}]::text[]` : undefined,
    filter.genre ? eq(campaigns.genre, filter.genre) : undefined,
    filter.currency ? eq(campaigns.currency, filter.currency) : undefined,
    search
      ? or(
          ilike(campaigns.title, search),
          ilike(campaigns.studioLegalName, search),
          and(isNull(developers.deletedAt), ilike(developers.username, search)),
        )
      : undefined,
    // Demo rounds start every few minutes: they are listed while open, never once finished (their
    // pages stay reachable from the portfolio), so they cannot crowd the real campaigns out.
    or(eq(campaigns.currency, 'EUR'), eq(campaigns.status, 'live')),
  ];
  const rows = await db
    .select({ ...withDeveloper, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(campaigns)
    .leftJoin(developers, eq(developers.id, campaigns.developerId))
    .where(and(...filters))
    .orderBy(...PUBLIC_ORDERS[filter.order], asc(campaigns.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    rows: rows.map(({ campaign, developerUsername }) => ({ campaign, developerUsername })),
    total: rows[0]?.total ?? (filter.offset > 0 ? await countPublic(db, and(...filters)) : 0),
  };
}

/** How many campaigns match, for a page past the last one (which has no row to carry the count). */
async function countPublic(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(campaigns)
    .leftJoin(developers, eq(developers.id, campaigns.developerId))
    .where(where);
  return row?.n ?? 0;
}

export async function findBySlug(db: Db, slug: string): Promise<CampaignWithDeveloper | undefined> {
  const [row] = await db
    .select(withDeveloper)
    .from(campaigns)
    .leftJoin(developers, eq(developers.id, campaigns.developerId))
    .where(eq(campaigns.slug, slug));
  return row;
}

export async function findById(db: Db, id: string): Promise<CampaignWithDeveloper | undefined> {
  const [row] = await db
    .select(withDeveloper)
    .from(campaigns)
    .leftJoin(developers, eq(developers.id, campaigns.developerId))
    .where(eq(campaigns.id, id));
  return row;
}

/** Where a campaign's developer is written to, and in which language (none for an erased account). */
export async function developerContact(db: Db, developerId: string) {
  const [row] = await db
    .select({ email: users.email, username: users.username, language: users.language })
    .from(users)
    .where(and(eq(users.id, developerId), isNull(users.deletedAt)));
  return row;
}

export const BACKOFFICE_LIST_LIMIT = 500;

export function listAll(db: Db, query: BackofficeCampaignQuery): Promise<CampaignWithDeveloper[]> {
  return (
    db
      .select(withDeveloper)
      .from(campaigns)
      .leftJoin(developers, eq(developers.id, campaigns.developerId))
      .where(
        and(
          query.status ? eq(campaigns.status, query.status) : undefined,
          query.include_demo === 'true' ? undefined : ne(campaigns.currency, 'DEMO'),
          query.q
            ? or(
                sql`${campaigns.title} ilike ${likePattern(query.q)}`,
                sql`${campaigns.slug} ilike ${likePattern(query.q)}`,
              )
            : undefined,
        ),
      )
      // Real money first: with demo rounds shown, they come after every real campaign.
      .orderBy(sql`${campaigns.currency} = 'DEMO'`, desc(campaigns.updatedAt), desc(campaigns.id))
      .limit(BACKOFFICE_LIST_LIMIT)
  );
}

export async function slugTakenByOther(db: Db, slug: string, campaignId: string): Promise<boolean> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), ne(campaigns.id, campaignId)));
  return rows.length > 0;
}

export async function updateCampaign(db: Db, id: string, values: CampaignUpdate): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id))
    .returning();
  if (!row) throw new Error(`campaign ${id} vanished under its lock`);
  return row;
}

// --- events -------------------------------------------------------------------------------------

const actors = alias(users, 'actor');

export function eventsOf(db: Db, campaignId: string) {
  return db
    .select({ event: campaignEvents, actorUsername: actors.username })
    .from(campaignEvents)
    .leftJoin(actors, eq(actors.id, campaignEvents.actorId))
    .where(eq(campaignEvents.campaignId, campaignId))
    .orderBy(asc(campaignEvents.id));
}

// --- services -----------------------------------------------------------------------------------

export function servicesOf(db: Db, campaignId: string) {
  return db
    .select({ service: campaignServices, updaterUsername: actors.username })
    .from(campaignServices)
    .leftJoin(actors, eq(actors.id, campaignServices.updatedBy))
    .where(eq(campaignServices.campaignId, campaignId))
    .orderBy(asc(campaignServices.service));
}

export async function insertServices(
  db: Db,
  campaignId: string,
  services: readonly string[],
  actorId: string | null,
): Promise<void> {
  if (services.length === 0) return;
  await db
    .insert(campaignServices)
    .values(services.map((service) => ({ campaignId, service, updatedBy: actorId })))
    .onConflictDoNothing();
}

export async function setServiceStatus(
  db: Db,
  campaignId: string,
  service: string,
  status: ServiceStatus,
  actorId: string,
): Promise<boolean> {
  const rows = await db
    .update(campaignServices)
    .set({ status, updatedBy: actorId, updatedAt: sql`now()` })
    .where(and(eq(campaignServices.campaignId, campaignId), eq(campaignServices.service, service)))
    .returning({ service: campaignServices.service });
  return rows.length > 0;
}

// --- watchers -----------------------------------------------------------------------------------

export async function addWatcher(
  db: Db,
  values: { campaignId: string; email: string; language: string },
): Promise<void> {
  await db.insert(campaignWatchers).values(values).onConflictDoNothing();
}

/** Watchers not yet told, marked as told at `now` in the same statement (the caller's transaction). */
export function claimWatchers(db: Db, campaignId: string, now: Date) {
  return db
    .update(campaignWatchers)
    .set({ notifiedAt: now })
    .where(and(eq(campaignWatchers.campaignId, campaignId), isNull(campaignWatchers.notifiedAt)))
    .returning({ email: campaignWatchers.email, language: campaignWatchers.language });
}
