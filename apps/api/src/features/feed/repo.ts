import { PUBLIC_CAMPAIGN_STATUSES } from '@indiesplit/shared/campaigns';
import type { FeedCursor } from '@indiesplit/shared/feed';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The feed's one query (ADR 0040). It only reads: campaign_events (campaigns), campaign_follows and
// campaign_updates (updates), investments (investing), revenue_distributions (revenue) and
// news_posts (community), each written by its own feature alone (ADR 0022). One UNION ALL of one
// branch per kind; each branch takes the keyset condition and its own limit, so every branch reads
// at most a page from its index and the database merges a few dozen rows, whatever the history.

export interface FeedRow {
  /** `<prefix>:<row id>`, unique across kinds: the keyset's tie-break. */
  key: string;
  kind: string;
  /** The item's time to the microsecond (the cursor needs all of it). */
  at: string;
  slug: string | null;
  campaign_title: string | null;
  subject_id: string | null;
  title_en: string | null;
  title_it: string | null;
  visibility: string | null;
}

const PUBLIC = sql.raw(PUBLIC_CAMPAIGN_STATUSES.map((s) => `'${s}'`).join(', '));
/** Demo campaigns run on a fast clock (a payout every few minutes) and stay out of the feed. */
const REAL = sql`c.currency = 'EUR' and c.status in (${PUBLIC})`;
const AT_TEXT = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Strictly after the cursor in the feed's order (newest first, then the id backwards). */
function before(at: SQL, key: SQL, cursor: FeedCursor | null): SQL {
  if (!cursor) return sql`true`;
  return sql`(${at} < ${cursor.at}::timestamptz or (${at} = ${cursor.at}::timestamptz and ${key} collate "C" < ${cursor.id}))`;
}

export async function feedPage(
  db: Db,
  userId: string,
  cursor: FeedCursor | null,
  limit: number,
): Promise<FeedRow[]> {
  const eventKey = (prefix: string) => sql`${prefix}::text || ':' || e.id::text`;
  const branch = (select: SQL, at: SQL, key: SQL, from: SQL, where: SQL) => sql`(
    select ${key} as key, ${AT_TEXT(at)} as at_text, ${at} as at, ${select}
      ${from}
     where ${where} and ${before(at, key, cursor)}
     order by ${at} desc, ${key} collate "C" desc
     limit ${limit})`;
  const campaignCols = sql`c.slug, c.title as campaign_title`;
  const noSubject = sql`null::text as subject_id, null::text as title_en, null::text as title_it, null::text as visibility`;

  const opened = branch(
    sql`'campaign_opened' as kind, ${campaignCols}, ${noSubject}`,
    sql`e.created_at`,
    eventKey('opened'),
    sql`from campaign_events e join campaigns c on c.id = e.campaign_id`,
    sql`e.to_status = 'live' and ${REAL}`,
  );
  const milestones = branch(
    sql`case e.to_status when 'funded' then 'campaign_funded' else 'game_launched' end as kind, ${campaignCols}, ${noSubject}`,
    sql`e.created_at`,
    sql`case e.to_status when 'funded' then 'funded' else 'launched' end || ':' || e.id::text`,
    sql`from campaign_events e join campaigns c on c.id = e.campaign_id`,
    sql`e.to_status in ('funded', 'launched') and e.campaign_id in (select campaign_id from mine) and ${REAL}`,
  );
  // Investors-only updates: for the campaign's investors (a live investment) and its studio.
  const updates = branch(
    sql`'campaign_update' as kind, ${campaignCols}, u.id::text as subject_id, u.title_en, u.title_it, u.visibility`,
    sql`u.created_at`,
    sql`'update:' || u.id::text`,
    sql`from campaign_updates u join campaigns c on c.id = u.campaign_id`,
    sql`u.campaign_id in (select campaign_id from mine) and ${REAL}
        and (u.visibility = 'public' or u.campaign_id in (select campaign_id from backed)
             or c.developer_id = ${userId}::uuid)`,
  );
  // That a payout was made, and when: no amount (the pool and the investors' count are the
  // campaign's, but the feed has no need of them).
  const payouts = branch(
    sql`'payout_made' as kind, ${campaignCols}, ${noSubject}`,
    sql`d.paid_at`,
    sql`'payout:' || d.id::text`,
    sql`from revenue_distributions d join campaigns c on c.id = d.campaign_id`,
    sql`d.status = 'paid' and d.paid_at is not null and d.campaign_id in (select campaign_id from mine) and ${REAL}`,
  );
  const news = branch(
    sql`'news' as kind, null::text as slug, null::text as campaign_title, n.id::text as subject_id, n.title_en, n.title_it, null::text as visibility`,
    sql`n.published_at`,
    sql`'news:' || n.id::text`,
    sql`from news_posts n`,
    sql`n.status = 'published' and n.published_at is not null`,
  );

  const result = await db.execute(sql`
    with backed as materialized (
      select distinct campaign_id from investments
       where investor_id = ${userId}::uuid and status in ('reserved', 'posted')
    ),
    mine as materialized (
      select campaign_id from campaign_follows where user_id = ${userId}::uuid
      union
      select campaign_id from backed
    )
    select key, kind, at_text as at, slug, campaign_title, subject_id, title_en, title_it, visibility
      from (${opened} union all ${milestones} union all ${updates} union all ${payouts} union all ${news}) items
     order by items.at desc, key collate "C" desc
     limit ${limit}`);
  return (result as unknown as { rows: FeedRow[] }).rows;
}
