import { centsFromSql } from '@indiesplit/shared/money';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedRaw } from '../../db/prepared-raw.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments, investorProfiles } from '../../db/schema-investing.ts';
import { takeInvestmentSql } from '../campaigns/commands/add-commitment.ts';
import { lowerCommittedSql } from '../campaigns/commands/lower-committed.ts';
import { announcePendingCreditSql } from '../ledger/commands/reserve-out.ts';

// Queries of investing, nothing else. The invest transaction is a hot path (one popular campaign,
// hundreds of investors a second, all queued on the campaign's row lock), so its statements are
// prepared and the work done under that lock is one statement and the commit.

export type InvestmentRow = typeof investments.$inferSelect;

/** Live investments: the money they hold counts towards the campaign's committed total. */
export const LIVE_STATUSES = ['reserved', 'posted'] as const;

/**
 * Everything the invest rules need before any lock, in one round trip: whether the email is
 * verified, the investor profile, the campaign (its state as last committed: the final word is the
 * guarded update in `commitToCampaign`), and an earlier investment with the same idempotency key.
 */
export async function readInvestContext(db: Db, userId: string, campaignId: string, key: string) {
  const [row] = await db
    .select({
      email: users.email,
      username: users.username,
      language: users.language,
      emailVerifiedAt: users.emailVerifiedAt,
      knowledgePassed: investorProfiles.knowledgePassed,
      knowledgeValidUntil: investorProfiles.knowledgeValidUntil,
      netWorthCents: investorProfiles.netWorthCents,
      investorClass: investorProfiles.investorClass,
      campaignCurrency: campaigns.currency,
      campaignStatus: campaigns.status,
      campaignStartsAt: campaigns.startsAt,
      campaignDeadlineAt: campaigns.deadlineAt,
      campaignDeveloperId: campaigns.developerId,
      campaignMinTicketCents: campaigns.minTicketCents,
      campaignMaxCents: campaigns.maxCents,
      campaignCommittedCents: campaigns.committedCents,
      campaignReflectionSeconds: campaigns.reflectionSeconds,
      campaignKeyInformationVersion: campaigns.keyInformationVersion,
      existingId: investments.id,
      existingHash: investments.requestHash,
    })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .leftJoin(campaigns, eq(campaigns.id, sql.placeholder('campaignId')))
    .leftJoin(
      investments,
      and(eq(investments.investorId, users.id), eq(investments.idempotencyKey, sql.placeholder('key'))),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('investing_context')
    .execute({ userId, campaignId, key });
  return row;
}

export async function findByKey(db: Db, investorId: string, key: string) {
  const [row] = await db
    .select({ id: investments.id, requestHash: investments.requestHash })
    .from(investments)
    .where(
      and(
        eq(investments.investorId, sql.placeholder('investorId')),
        eq(investments.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .prepare('investing_find_by_key')
    .execute({ investorId, key });
  return row;
}

export interface NewInvestment {
  campaignId: string;
  investorId: string;
  amountCents: number;
  currency: string;
  escrowId: string;
  reserveTransferId: number;
  reflectionEndsAt: Date;
  acknowledgedAt: Date;
  highAmountConsentAt: Date | null;
  idempotencyKey: string;
  requestHash: string;
  statuses: readonly string[];
  /** The sheet's version the investor read; null takes the campaign's current one. */
  keyInformationVersion: number | null;
}

const COMMIT_SQL = `
  with c as (
    ${takeInvestmentSql({
      campaign: '$1::uuid',
      investor: '$2::uuid',
      amount: '$3::bigint',
      currency: '$4::text',
      statuses: '$6::text[]',
      at: '$7::timestamptz',
      keyInformationVersion: '$13::int',
    })}
  ), e as (
    ${announcePendingCreditSql({ accountId: '$5::uuid', amount: '$3::bigint', after: 'c' })}
  ), i as (
    insert into investments (campaign_id, investor_id, amount_cents, currency, status,
      reserve_transfer_id, reflection_ends_at, acknowledged_at, high_amount_consent_at,
      key_information_version, idempotency_key, request_hash, created_at, updated_at)
    select c.id, $2::uuid, $3::bigint, $4::text, 'reserved', $8::bigint, $9::timestamptz,
      $7::timestamptz, $10::timestamptz, c.key_information_version, $11::text, $12::text,
      $7::timestamptz, $7::timestamptz
    from c
    returning id
  )
  select i.id::text as id, c.slug, c.title, c.status,
    (extract(epoch from c.deadline_at) * 1000)::float8 as deadline_ms,
    (select count(*) from e)::int as escrow_rows, c.key_information_version, c.currency,
    c.developer_id::text as developer_id, c.goal_cents::bigint as goal_cents,
    c.committed_cents::bigint as committed_cents
  from c cross join i`;

/**
 * The shared rows of an investment, last and in one statement: adds it to the campaign's committed
 * total and investor count — only while the campaign takes it (live, started, before the deadline,
 * not the investor's own, the currency, the minimum ticket and the cap), conditions checked on the
 * latest row once its lock is held — and, only then, raises the escrow's announced total (the
 * credit half of the ledger reservation, ledger's `announcePendingCreditSql`) and inserts the investment (its foreign key to the campaign is then checked on a row this
 * transaction already holds, so concurrent investors never share-lock the campaign row). The count
 * grows only when the investor had no other live investment in the campaign (the investor's
 * investments change only under their wallet's lock, which the caller holds). Undefined when the
 * campaign refused it (nothing was written).
 */
export async function commitToCampaign(
  db: Db,
  v: NewInvestment,
): Promise<
  | {
      id: string;
      campaign: CampaignBrief;
      keyInformationVersion: number | null;
      /** The campaign's goal and its committed total with this investment, for its milestones. */
      totals: { currency: string; developerId: string | null; goalCents: number; committedCents: number };
    }
  | undefined
> {
  const [row] = await preparedRaw<{
    id: string;
    slug: string | null;
    title: string;
    status: string;
    deadline_ms: number | null;
    escrow_rows: number;
    key_information_version: number | null;
    currency: string;
    developer_id: string | null;
    goal_cents: string | number;
    committed_cents: string | number;
  }>(db, 'investing_commit', COMMIT_SQL, [
    'campaign',
    'investor',
    'amount',
    'currency',
    'escrow',
    'statuses',
    'now',
    'transfer',
    'reflection',
    'consent',
    'key',
    'hash',
    'version',
  ])({
    campaign: v.campaignId,
    investor: v.investorId,
    amount: v.amountCents,
    currency: v.currency,
    escrow: v.escrowId,
    statuses: [...v.statuses],
    now: v.acknowledgedAt.toISOString(),
    transfer: v.reserveTransferId,
    reflection: v.reflectionEndsAt.toISOString(),
    consent: v.highAmountConsentAt?.toISOString() ?? null,
    key: v.idempotencyKey,
    hash: v.requestHash,
    version: v.keyInformationVersion,
  });
  if (!row) return undefined;
  if (Number(row.escrow_rows) !== 1) throw new Error('the escrow account of the campaign is missing');
  return {
    id: row.id,
    keyInformationVersion: row.key_information_version === null ? null : Number(row.key_information_version),
    totals: {
      currency: row.currency,
      developerId: row.developer_id,
      goalCents: Number(row.goal_cents),
      committedCents: Number(row.committed_cents),
    },
    campaign: {
      id: v.campaignId,
      slug: row.slug,
      title: row.title,
      status: row.status,
      deadlineAt: row.deadline_ms === null ? null : new Date(Number(row.deadline_ms)),
    },
  };
}

/** A campaign's maximum and what one investor has live in it (reserved or posted). */
export async function investorShareOf(db: Db, campaignId: string, investorId: string) {
  const result = (await db.execute(sql`
    select c.max_cents::bigint as max_cents,
           coalesce((select sum(i.amount_cents) from investments i
                     where i.campaign_id = c.id and i.investor_id = ${investorId}
                       and i.status in ('reserved', 'posted')), 0)::bigint as total
    from campaigns c where c.id = ${campaignId}`)) as unknown as {
    rows: Array<{ max_cents: string | number | null; total: string | number }>;
  };
  const [row] = result.rows;
  return {
    maxCents: row?.max_cents === null || row?.max_cents === undefined ? null : centsFromSql(row.max_cents),
    totalCents: centsFromSql(row?.total ?? null),
  };
}

/** The campaign as last committed, to tell why it refused an investment. */
export async function readCampaign(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.id, sql.placeholder('id')))
    .prepare('investing_read_campaign')
    .execute({ id });
  return row;
}

export async function findInvestment(db: Db, id: string): Promise<InvestmentRow | undefined> {
  const [row] = await db.select().from(investments).where(eq(investments.id, id));
  return row;
}

export async function lockInvestment(db: Db, id: string): Promise<InvestmentRow | undefined> {
  const [row] = await db.select().from(investments).where(eq(investments.id, id)).for('update');
  return row;
}

/**
 * Locks a campaign row for a revocation: FOR NO KEY UPDATE, like the row lock an UPDATE takes, which
 * does not conflict with the KEY SHARE locks that the foreign keys of concurrent inserts take.
 */
/** Who an investor's emails go to, and in which language. */
export async function recipientOf(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, username: users.username, language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('investing_recipient')
    .execute({ id: userId });
  return row;
}

export async function lockCampaignRow(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.id, sql.placeholder('id')))
    .for('no key update')
    .prepare('investing_lock_campaign')
    .execute({ id });
  return row;
}

const REVOKE_SQL = `
  with i as (
    update investments
    set status = 'revoked', settle_transfer_id = $2::bigint, revoked_at = $5::timestamptz,
        settled_at = $5::timestamptz, updated_at = $5::timestamptz
    where investments.id = $1::uuid and investments.status = 'reserved'
    returning investments.id
  ), c as (
    ${lowerCommittedSql(
      { campaign: '$4::uuid', investor: '$3::uuid', investment: '$1::uuid', amount: '$6::bigint' },
      'i',
    )}
  )
  select (select count(*) from i)::int as investments, (select count(*) from c)::int as campaigns`;

/**
 * Marks a locked, reserved investment revoked, its reservation voided by the ledger transfer
 * `voidTransferId`, and takes it off the campaign's totals, in one statement. The caller holds the
 * locks of the investor's wallet, the campaign and the investment, and voided the reservation in
 * the same transaction (ledger's `voidPending`).
 */
export async function markRevoked(
  db: Db,
  inv: InvestmentRow,
  voidTransferId: number,
  at: Date,
): Promise<void> {
  const [row] = await preparedRaw<{ investments: number; campaigns: number }>(
    db,
    'investing_revoke',
    REVOKE_SQL,
    ['investment', 'void', 'investor', 'campaign', 'at', 'amount'],
  )({
    investment: inv.id,
    void: voidTransferId,
    investor: inv.investorId,
    campaign: inv.campaignId,
    at: at.toISOString(),
    amount: inv.amountCents,
  });
  if (Number(row?.investments) !== 1 || Number(row?.campaigns) !== 1)
    throw new Error('the revocation did not find its investment or campaign');
}

const campaignColumns = {
  id: campaigns.id,
  slug: campaigns.slug,
  title: campaigns.title,
  status: campaigns.status,
  deadlineAt: campaigns.deadlineAt,
};

export type CampaignBrief = {
  id: string;
  slug: string | null;
  title: string;
  status: string;
  deadlineAt: Date | null;
};

export async function investmentWithCampaign(db: Db, id: string) {
  const [row] = await db
    .select({ investment: investments, campaign: campaignColumns })
    .from(investments)
    .innerJoin(campaigns, eq(campaigns.id, investments.campaignId))
    .where(eq(investments.id, id));
  return row;
}

export async function listInvestmentsOf(db: Db, investorId: string) {
  return db
    .select({ investment: investments, campaign: campaignColumns })
    .from(investments)
    .innerJoin(campaigns, eq(campaigns.id, investments.campaignId))
    .where(eq(investments.investorId, investorId))
    .orderBy(desc(investments.createdAt))
    .limit(500);
}

export async function committedTotalsOf(db: Db, investorId: string) {
  return db
    .select({ currency: investments.currency, total: sql<string>`sum(${investments.amountCents})::text` })
    .from(investments)
    .where(and(eq(investments.investorId, investorId), inArray(investments.status, [...LIVE_STATUSES])))
    .groupBy(investments.currency);
}

// ---- writes on behalf of the settlement, the demo rounds and development tools -----------------

/** Moves a reserved investment to its final state; false if it was not reserved any more. */
export async function markSettled(
  db: Db,
  id: string,
  status: 'posted' | 'refunded',
  settleTransferId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(investments)
    .set({ status, settleTransferId, settledAt: now, updatedAt: sql`now()` })
    .where(and(eq(investments.id, id), eq(investments.status, 'reserved')))
    .returning({ id: investments.id });
  return rows.length === 1;
}

export async function insertInvestment(db: Db, values: typeof investments.$inferInsert): Promise<void> {
  await db.insert(investments).values(values);
}

/** Ends the reflection period of a campaign's reserved investments now (never later than it was). */
export async function endReflectionOf(db: Db, campaignId: string): Promise<void> {
  await db
    .update(investments)
    .set({ reflectionEndsAt: sql`least(${investments.reflectionEndsAt}, now())` })
    .where(and(eq(investments.campaignId, campaignId), eq(investments.status, 'reserved')));
}

/**
 * Reopens the right to revoke of every reserved investment of a campaign until `until` (never
 * shortening a period that runs longer), after a material change of its key information sheet
 * (ADR 0029). Returns the investors to tell, each once, with their address and language.
 */
export async function reopenReflectionOf(db: Db, campaignId: string, until: Date) {
  const reopened = await db
    .update(investments)
    .set({
      reflectionEndsAt: sql`greatest(${investments.reflectionEndsAt}, ${until.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(investments.campaignId, campaignId), eq(investments.status, 'reserved')))
    .returning({ investorId: investments.investorId });
  const ids = [...new Set(reopened.map((r) => r.investorId))];
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, language: users.language, username: users.username })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.deletedAt} is null`));
}
