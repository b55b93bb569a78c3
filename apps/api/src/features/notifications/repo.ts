import type { Delivery, NotificationType } from '@indiesplit/shared/notifications';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { campaignMilestones, notificationPreferences, notifications } from '../../db/schema-notifications.ts';
import type { RenderedEmail } from '../../platform/email/render.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { insertSharedBodies, outboxInsertFrom } from '../../platform/mailer.ts';
import type { Audience } from './service.ts';

type Data = Record<string, string | number | boolean | null>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The audience's member ids, each once (a UNION, so the planner knows how many to expect). */
function audienceSql(audience: Audience) {
  if ('userIds' in audience)
    return sql`select distinct (jsonb_array_elements_text(${JSON.stringify(audience.userIds)}::jsonb))::uuid as user_id`;
  const parts = [];
  if (audience.investors)
    parts.push(
      sql`select investor_id as user_id from investments where campaign_id = ${audience.campaignId} and status in ('reserved', 'posted')`,
    );
  if (audience.followers)
    parts.push(
      audience.investors === false && audience.exceptInvestors
        ? sql`select f.user_id from campaign_follows f where f.campaign_id = ${audience.campaignId}
                 and not exists (select 1 from investments i where i.campaign_id = f.campaign_id
                                   and i.investor_id = f.user_id and i.status in ('reserved', 'posted'))`
        : sql`select user_id from campaign_follows where campaign_id = ${audience.campaignId}`,
    );
  if (parts.length === 0) return sql`select null::uuid as user_id where false`;
  return sql.join(parts, sql` union `);
}

/** Members per statement of a fan-out: each statement stays far inside the statement timeout. */
const FANOUT_BATCH = 10_000;

/**
 * The audience's live accounts with their delivery for the type, a notification each, and an
 * outbox row for each who takes the type at once, naming the email of their language (written
 * once per language, not per member): all in the caller's transaction. The audience is resolved
 * once, into a numbered temporary table (no WAL, dropped with the transaction); each
 * statement then notifies and mails FANOUT_BATCH of its rows.
 */
export async function insertForAudience(
  db: Db,
  input: {
    type: NotificationType;
    mandatory: boolean;
    campaignId: string | null;
    subjectId: string | null;
    data: Data;
    audience: Audience;
    /** Null: the caller sends its own email to the members returned in `immediately`. */
    mail: { en: RenderedEmail; it: RenderedEmail } | null;
  },
): Promise<{ notified: number; emailed: number; immediately: string[] }> {
  const except = 'userIds' in input.audience ? null : (input.audience.except ?? null);
  // A savepoint of the caller's transaction: the temporary table is gone when the work is done,
  // so a second fan-out in the same transaction starts from a clean slate.
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table fanout_recipients
      (n bigint not null, user_id uuid not null, address text not null, language text not null, delivery text not null)
      on commit drop`);
    await tx.execute(sql`
      insert into fanout_recipients
      select row_number() over () as n, u.id as user_id, u.email as address, u.language,
             case when ${input.mandatory} then 'immediately' else coalesce(p.delivery, 'immediately') end as delivery
        from users u
        join (${audienceSql(input.audience)}) a on a.user_id = u.id
        left join notification_preferences p on p.user_id = u.id and p.type = ${input.type}
       where u.deleted_at is null
         and (${except}::uuid is null or u.id <> ${except}::uuid)`);
    const [counted] = rowsOf<{ total: number; at_once: number }>(
      await tx.execute(sql`select count(*)::int as total,
        (count(*) filter (where delivery = 'immediately'))::int as at_once from fanout_recipients`),
    );
    const total = Number(counted?.total ?? 0);
    // The email's bodies only when someone takes it at once (no body that no row names).
    const bodies =
      input.mail && Number(counted?.at_once ?? 0) > 0 ? await insertSharedBodies(tx, input.mail) : null;
    const mailed = bodies
      ? sql`${outboxInsertFrom(sql`(select * from recipients where delivery = 'immediately')`, bodies)}
      returning null::uuid as user_id`
      : sql`select user_id from recipients where delivery = 'immediately'`;
    let notified = 0;
    let emailed = 0;
    const immediately: string[] = [];
    for (let after = 0; after < total; after += FANOUT_BATCH) {
      const [row] = rowsOf<{ notified: number; emailed: number; immediately: string[] }>(
        await tx.execute(sql`
        with recipients as materialized (
          select user_id, address, language, delivery from fanout_recipients
           where n > ${after} and n <= ${after + FANOUT_BATCH}
        ),
        inserted as (
          insert into notifications (user_id, type, campaign_id, subject_id, data, email)
          select user_id, ${input.type}, ${input.campaignId}::uuid, ${input.subjectId}, ${JSON.stringify(input.data)}::jsonb,
                 case delivery when 'immediately' then 'queued' when 'daily' then 'digest' else 'none' end
            from recipients order by user_id
          returning 1
        ),
        mailed as (
          ${mailed}
        )
        select (select count(*) from inserted)::int as notified, (select count(*) from mailed)::int as emailed,
               (select coalesce(jsonb_agg(user_id), '[]'::jsonb) from mailed where user_id is not null) as immediately`),
      );
      notified += Number(row?.notified ?? 0);
      if (bodies) emailed += Number(row?.emailed ?? 0);
      else if (!input.mail) immediately.push(...(row?.immediately ?? []));
    }
    await tx.execute(sql`drop table fanout_recipients`);
    return { notified, emailed, immediately };
  });
}

/** A live member's address, language and delivery for the type; undefined for a deleted account. */
export async function memberForDelivery(tx: Db, userId: string, type: NotificationType) {
  const [row] = await tx
    .select({ email: users.email, language: users.language, delivery: notificationPreferences.delivery })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, type)),
    )
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return undefined;
  return {
    email: row.email,
    language: asLanguage(row.language),
    delivery: (row.delivery ?? 'immediately') as Delivery,
  };
}

export async function insertOne(
  tx: Db,
  values: {
    userId: string;
    type: NotificationType;
    campaignId: string | null;
    subjectId: string | null;
    data: Data;
    email: 'queued' | 'digest' | 'none';
  },
): Promise<void> {
  await tx.insert(notifications).values(values);
}

export async function preferenceOf(db: Db, userId: string, type: NotificationType): Promise<Delivery> {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  return (row?.delivery ?? 'immediately') as Delivery;
}

export async function preferences(db: Db, userId: string): Promise<Map<string, Delivery>> {
  const rows = await db
    .select({ type: notificationPreferences.type, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((r) => [r.type, r.delivery as Delivery]));
}

export async function upsertPreference(tx: Db, userId: string, type: NotificationType, delivery: Delivery) {
  await tx
    .insert(notificationPreferences)
    .values({ userId, type, delivery })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { delivery, updatedAt: sql`now()` },
    });
}

export function page(db: Db, userId: string, before: number | undefined, limit: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      slug: campaigns.slug,
      title: campaigns.title,
    })
    .from(notifications)
    .leftJoin(campaigns, eq(campaigns.id, notifications.campaignId))
    .where(
      and(eq(notifications.userId, userId), before === undefined ? undefined : lt(notifications.id, before)),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function markRead(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function eraseOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** Members with a digest due: their oldest waiting notification is at least a day old. */
export async function dueDigests(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.email, 'digest'))
    .groupBy(notifications.userId)
    .having(sql`min(${notifications.createdAt}) <= ${now.toISOString()}::timestamptz - interval '1 day'`)
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Claims a member's waiting notifications for their digest (locked, marked digested), newest first. */
export async function claimDigest(tx: Db, userId: string) {
  const claimed = rowsOf<{
    id: number;
    type: string;
    data: Data;
    slug: string | null;
    title: string | null;
  }>(
    await tx.execute(sql`
      with claimed as (
        update notifications set email = 'digested'
         where id in (select id from notifications where user_id = ${userId} and email = 'digest'
                      order by id desc for update skip locked)
        returning id, type, data, campaign_id
      )
      select claimed.id, claimed.type, claimed.data, c.slug, c.title
        from claimed left join campaigns c on c.id = claimed.campaign_id
       order by claimed.id desc`),
  );
  return claimed;
}

export async function recipient(tx: Db, userId: string) {
  const [row] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ? { email: row.email, language: asLanguage(row.language) } : undefined;
}

/** Claims the campaign's milestones not claimed yet; returns those this call claimed. */
export async function claimMilestones(tx: Db, campaignId: string, percents: number[]): Promise<number[]> {
  const rows = await tx
    .insert(campaignMilestones)
    .values(percents.map((percent) => ({ campaignId, percent })))
    .onConflictDoNothing()
    .returning({ percent: campaignMilestones.percent });
  return rows.map((r) => r.percent);
}
