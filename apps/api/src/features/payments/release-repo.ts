import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { providerEscrowReleases, type ReleaseStatus } from '../../db/schema-payments-release.ts';

// The rows of the escrow paid to studios (ADR 0042), read and written only by release.ts.

export type ReleaseRow = typeof providerEscrowReleases.$inferSelect;

/** A funded campaign whose whole escrow is at the provider and has not been paid to its studio. */
export interface CampaignToRelease {
  campaignId: string;
  title: string;
  studioUserId: string;
  escrowWalletId: string;
  /** Posted investments, all moved to the escrow wallet: what the escrow holds. */
  amountCents: number;
  successFeeBps: number;
  /** When an earlier round asked for the transfer without seeing the answer (null: never asked). */
  firstAskedAt: Date | null;
}

/**
 * Funded campaigns (and the states after) in euros whose every investment is posted and has
 * reached the escrow wallet, with nothing released yet or a transfer asked for whose answer never came back.
 * A campaign with an investment from before the provider (nothing of it at the provider) or an
 * escrow transfer still on its way or refused waits: its escrow wallet does not hold the ledger's
 * amount.
 */
export async function campaignsToRelease(db: Db, limit: number): Promise<CampaignToRelease[]> {
  const result = (await db.execute(sql`
    select c.id as "campaignId", c.title, c.developer_id as "studioUserId", w.wallet_id as "escrowWalletId",
           sum(i.amount_cents)::text as "amountCents", coalesce(c.success_fee_bps, 0) as "successFeeBps",
           r.created_at as "firstAskedAt"
    from campaigns c
    join provider_escrow_wallets w on w.campaign_id = c.id
    join investments i on i.campaign_id = c.id and i.status = 'posted'
    left join provider_escrow_transfers t on t.investment_id = i.id
    left join provider_escrow_releases r on r.campaign_id = c.id
    where c.status in ('funded', 'services_active', 'launched', 'completed')
      and c.currency = 'EUR' and c.developer_id is not null
      -- The settlement posts a funded campaign's investments one by one after it is funded: the
      -- escrow is paid out only once none is left to post.
      and not exists (select 1 from investments p where p.campaign_id = c.id and p.status = 'reserved')
      and (r.campaign_id is null or (r.status = 'asked' and r.transfer_id is null))
    group by c.id, w.wallet_id, r.created_at
    having bool_and(t.status is not distinct from 'succeeded')
    order by c.id
    limit ${limit}`)) as unknown as {
    rows: Array<
      Omit<CampaignToRelease, 'amountCents' | 'firstAskedAt'> & {
        amountCents: string;
        firstAskedAt: Date | string | null;
      }
    >;
  };
  return result.rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    successFeeBps: Number(r.successFeeBps),
    firstAskedAt: r.firstAskedAt === null ? null : new Date(r.firstAskedAt),
  }));
}

/** Notes the release as asked for, once per campaign (a second claim finds the row). */
export async function claimRelease(
  db: Db,
  values: { campaignId: string; studioUserId: string; amountCents: number; feeCents: number },
): Promise<void> {
  await db
    .insert(providerEscrowReleases)
    .values({ ...values, status: 'asked' })
    .onConflictDoNothing({ target: providerEscrowReleases.campaignId });
}

export async function findRelease(db: Db, campaignId: string): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(providerEscrowReleases)
    .where(eq(providerEscrowReleases.campaignId, campaignId));
  return row;
}

export async function findReleaseByTransfer(db: Db, transferId: string): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(providerEscrowReleases)
    .where(eq(providerEscrowReleases.transferId, transferId));
  return row;
}

export async function setRelease(
  db: Db,
  campaignId: string,
  patch: Partial<Pick<ReleaseRow, 'transferId' | 'payoutId'>>,
): Promise<void> {
  await db
    .update(providerEscrowReleases)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(providerEscrowReleases.campaignId, campaignId));
}

/**
 * Moves the release from one of `from` to `to`, locking the row for the rest of the transaction;
 * undefined when it was elsewhere (an event applied twice, or a racing round).
 */
export async function moveRelease(
  db: Db,
  campaignId: string,
  from: ReleaseStatus[],
  to: ReleaseStatus,
  resultMessage: string | null = null,
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .update(providerEscrowReleases)
    .set({ status: to, resultMessage, updatedAt: sql`now()` })
    .where(
      and(eq(providerEscrowReleases.campaignId, campaignId), inArray(providerEscrowReleases.status, from)),
    )
    .returning();
  return row;
}

/**
 * A new payout of the release, asked to `recipientId` from `now`: transferred (or refused by
 * the bank, or asked to an account since replaced) becomes paying, without a payout id yet.
 * Undefined when a racing round moved it first.
 */
export async function startPayout(
  db: Db,
  campaignId: string,
  from: ReleaseStatus,
  recipientId: string,
  now: Date,
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .update(providerEscrowReleases)
    .set({
      status: 'paying',
      recipientId,
      payoutId: null,
      payoutAskedAt: now,
      resultMessage: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(providerEscrowReleases.campaignId, campaignId), eq(providerEscrowReleases.status, from)))
    .returning();
  return row;
}

/** Steps asked for and recorded but still open since before `before` (their notice may be lost). */
export function staleReleases(db: Db, before: Date, limit: number): Promise<ReleaseRow[]> {
  return db
    .select()
    .from(providerEscrowReleases)
    .where(
      sql`((${providerEscrowReleases.status} = 'asked' and ${providerEscrowReleases.transferId} is not null)
        or (${providerEscrowReleases.status} = 'paying' and ${providerEscrowReleases.payoutId} is not null))
        and ${providerEscrowReleases.updatedAt} < ${before.toISOString()}`,
    )
    .orderBy(providerEscrowReleases.updatedAt)
    .limit(limit);
}

/**
 * Releases whose payout to the studio's bank is due: transferred and never paid out, asked for
 * without an answer seen, or refused by the bank to an account the studio has since replaced.
 */
export async function releasesToPayOut(db: Db, limit: number): Promise<ReleaseRow[]> {
  return db
    .select()
    .from(providerEscrowReleases)
    .where(
      sql`${providerEscrowReleases.status} = 'transferred'
        or (${providerEscrowReleases.status} = 'paying' and ${providerEscrowReleases.payoutId} is null)
        or ${providerEscrowReleases.status} = 'payout_failed'`,
    )
    .orderBy(sql`${providerEscrowReleases.status} = 'payout_failed'`, providerEscrowReleases.updatedAt)
    .limit(limit);
}

/** Every release, newest change first, with its campaign's title and its studio's username. */
export function allReleases(db: Db, limit: number) {
  return db
    .select({ release: providerEscrowReleases, title: campaigns.title, username: users.username })
    .from(providerEscrowReleases)
    .innerJoin(campaigns, eq(campaigns.id, providerEscrowReleases.campaignId))
    .innerJoin(users, eq(users.id, providerEscrowReleases.studioUserId))
    .orderBy(sql`${providerEscrowReleases.updatedAt} desc`)
    .limit(limit);
}

/** Releases the studio's page shows, with their campaigns' titles, newest first. */
export function releasesOfStudio(db: Db, studioUserId: string) {
  return db
    .select({ release: providerEscrowReleases, title: campaigns.title })
    .from(providerEscrowReleases)
    .innerJoin(campaigns, eq(campaigns.id, providerEscrowReleases.campaignId))
    .where(eq(providerEscrowReleases.studioUserId, studioUserId))
    .orderBy(sql`${providerEscrowReleases.createdAt} desc`);
}
