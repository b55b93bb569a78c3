import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import {
  providerRevenuePayins,
  providerRevenueTransfers,
  providerRevenueWallets,
} from '../../db/schema-payments-revenue.ts';
import { revenueDistributions, revenueReports } from '../../db/schema-revenue.ts';

// The payments feature's tables for revenue pools at the provider (ADR 0039). It writes only
// these; it reads campaigns, distributions and their payouts (the revenue feature's) in queries.

export type RevenueWalletRow = typeof providerRevenueWallets.$inferSelect;
export type RevenuePayinRow = typeof providerRevenuePayins.$inferSelect;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// ---- wallets -------------------------------------------------------------------------------------

export async function findRevenueWallet(db: Db, campaignId: string): Promise<RevenueWalletRow | undefined> {
  const [row] = await db
    .select()
    .from(providerRevenueWallets)
    .where(eq(providerRevenueWallets.campaignId, campaignId));
  return row;
}

export async function findRevenueWalletByWallet(
  db: Db,
  walletId: string,
): Promise<RevenueWalletRow | undefined> {
  const [row] = await db
    .select()
    .from(providerRevenueWallets)
    .where(eq(providerRevenueWallets.walletId, walletId));
  return row;
}

export async function insertRevenueWallet(db: Db, values: typeof providerRevenueWallets.$inferInsert) {
  await db.insert(providerRevenueWallets).values(values).onConflictDoNothing();
}

export function listRevenueWallets(db: Db): Promise<RevenueWalletRow[]> {
  return db.select().from(providerRevenueWallets).orderBy(asc(providerRevenueWallets.createdAt));
}

/** The campaign as the studio's pay-in page needs it (its developer decides who may see it). */
export async function campaignOf(db: Db, campaignId: string) {
  const [row] = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      currency: campaigns.currency,
      developerId: campaigns.developerId,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row;
}

/** The campaign's EUR distributions waiting for the studio's payment, oldest first. */
export function distributionsDue(db: Db, campaignId: string) {
  return db
    .select({
      id: revenueDistributions.id,
      sequence: revenueDistributions.sequence,
      poolCents: revenueDistributions.poolCents,
      periodStart: revenueReports.periodStart,
      periodEnd: revenueReports.periodEnd,
    })
    .from(revenueDistributions)
    .innerJoin(revenueReports, eq(revenueReports.id, revenueDistributions.reportId))
    .where(
      and(
        eq(revenueDistributions.campaignId, campaignId),
        eq(revenueDistributions.status, 'awaiting_funds'),
        eq(revenueDistributions.currency, 'EUR'),
        sql`${revenueDistributions.poolCents} > 0`,
      ),
    )
    .orderBy(asc(revenueDistributions.sequence));
}

// ---- pay-ins -------------------------------------------------------------------------------------

/** Claims a pay-in id; false when it was applied already (or is being applied by a racing event). */
export async function claimRevenuePayin(
  db: Db,
  values: typeof providerRevenuePayins.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(providerRevenuePayins)
    .values(values)
    .onConflictDoNothing({ target: providerRevenuePayins.payinId })
    .returning({ id: providerRevenuePayins.payinId });
  return rows.length === 1;
}

export async function setRevenuePayin(
  db: Db,
  payinId: string,
  patch: Partial<Pick<RevenuePayinRow, 'outcome' | 'distributionId' | 'decidedBy' | 'transfersPlannedAt'>>,
): Promise<void> {
  await db
    .update(providerRevenuePayins)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(providerRevenuePayins.payinId, payinId));
}

/** Parked revenue pay-ins and those being sent back, oldest first. */
export function listParkedRevenuePayins(db: Db) {
  return db
    .select({
      payinId: providerRevenuePayins.payinId,
      campaignId: providerRevenuePayins.campaignId,
      campaignTitle: campaigns.title,
      amountCents: providerRevenuePayins.amountCents,
      payerName: providerRevenuePayins.payerName,
      payerIban: providerRevenuePayins.payerIban,
      outcome: providerRevenuePayins.outcome,
      returnPayoutId: providerRevenuePayins.returnPayoutId,
      returnFailure: providerRevenuePayins.returnFailure,
      createdAt: providerRevenuePayins.createdAt,
    })
    .from(providerRevenuePayins)
    .innerJoin(campaigns, eq(campaigns.id, providerRevenuePayins.campaignId))
    .where(inArray(providerRevenuePayins.outcome, ['suspense', 'returning']))
    .orderBy(asc(providerRevenuePayins.createdAt))
    .limit(500);
}

// ---- distribution transfers ----------------------------------------------------------------------

/** Distributions paid in at the provider and paid out in the ledger whose transfers are not planned. */
export function distributionsToPlan(db: Db, limit: number) {
  return rowsOf<{ payinId: string; distributionId: string }>(
    db,
    sql`
    select r.payin_id as "payinId", r.distribution_id as "distributionId"
    from provider_revenue_payins r
    join revenue_distributions d on d.id = r.distribution_id
    where r.outcome = 'funded' and r.transfers_planned_at is null and d.status = 'paid'
    order by r.created_at
    limit ${limit}`,
  );
}

/**
 * Plans one transfer per investor payout of the distribution whose investor has a provider wallet
 * (parts held in suspense for deleted accounts stay in the revenue wallet), the platform's part as
 * the fees of the largest (ties: the lowest user id). Marks the pay-in planned. Answers how many
 * investors were planned and how many payouts had no provider wallet to go to.
 */
export async function planRevenueTransfers(
  tx: Db,
  payinId: string,
  distributionId: string,
): Promise<{ planned: number; withoutWallet: number }> {
  const planned = await rowsOf<{ user_id: string }>(
    tx,
    sql`
    insert into provider_revenue_transfers
      (distribution_id, user_id, campaign_id, amount_cents, fees_cents, status)
    select p.distribution_id, p.user_id, p.campaign_id, p.amount_cents,
           case when row_number() over (order by p.amount_cents desc, p.user_id) = 1
                then d.platform_cents else 0 end,
           'planned'
    from revenue_payouts p
    join revenue_distributions d on d.id = p.distribution_id
    join provider_accounts pa on pa.user_id = p.user_id
    where p.distribution_id = ${distributionId}::uuid and not p.to_suspense and p.amount_cents > 0
    on conflict do nothing
    returning user_id`,
  );
  const [missing] = await rowsOf<{ n: number }>(
    tx,
    sql`
    select count(*)::int as n from revenue_payouts p
    where p.distribution_id = ${distributionId}::uuid and not p.to_suspense and p.amount_cents > 0
      and not exists (select 1 from provider_accounts pa where pa.user_id = p.user_id)`,
  );
  await setRevenuePayin(tx, payinId, { transfersPlannedAt: new Date() });
  return { planned: planned.length, withoutWallet: missing?.n ?? 0 };
}

export interface RevenueTransferToAsk {
  distributionId: string;
  userId: string;
  campaignId: string;
  amountCents: number;
  feesCents: number;
  revenueWalletId: string;
  investorWalletId: string;
  /** When an earlier round first asked and never learned the answer; null the first time. */
  askedAt: Date | null;
}

/** Planned transfers, and asked ones whose answer never came back, oldest first. */
export async function revenueTransfersToAsk(db: Db, limit: number): Promise<RevenueTransferToAsk[]> {
  const rows = await rowsOf<
    Omit<RevenueTransferToAsk, 'amountCents' | 'feesCents' | 'askedAt'> & {
      amountCents: string | number;
      feesCents: string | number;
      askedAt: string | Date | null;
    }
  >(
    db,
    sql`
    select t.distribution_id as "distributionId", t.user_id as "userId", t.campaign_id as "campaignId",
           t.amount_cents as "amountCents", t.fees_cents as "feesCents",
           w.wallet_id as "revenueWalletId", pa.wallet_id as "investorWalletId", t.asked_at as "askedAt"
    from provider_revenue_transfers t
    join provider_revenue_wallets w on w.campaign_id = t.campaign_id
    join provider_accounts pa on pa.user_id = t.user_id
    where t.status = 'planned' or (t.status = 'asked' and t.transfer_id is null)
    order by t.created_at, t.distribution_id, t.user_id
    limit ${limit}`,
  );
  return rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    feesCents: Number(r.feesCents),
    askedAt: r.askedAt === null ? null : new Date(r.askedAt),
  }));
}

const transferKey = (distributionId: string, userId: string) =>
  and(
    eq(providerRevenueTransfers.distributionId, distributionId),
    eq(providerRevenueTransfers.userId, userId),
  );

/** Notes, before the provider is called, that the transfer is being asked for. */
export async function markRevenueTransferAsked(db: Db, distributionId: string, userId: string) {
  await db
    .update(providerRevenueTransfers)
    .set({
      status: 'asked',
      askedAt: sql`coalesce(${providerRevenueTransfers.askedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(transferKey(distributionId, userId));
}

export async function recordRevenueTransferId(
  db: Db,
  distributionId: string,
  userId: string,
  transferId: string,
) {
  await db
    .update(providerRevenueTransfers)
    .set({ transferId, updatedAt: sql`now()` })
    .where(transferKey(distributionId, userId));
}

export async function findRevenueTransfer(db: Db, transferId: string) {
  const [row] = await db
    .select()
    .from(providerRevenueTransfers)
    .where(eq(providerRevenueTransfers.transferId, transferId));
  return row;
}

/** Transfers asked for and recorded, still open since before `before` (their notice may be lost). */
export async function staleRevenueTransfers(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ transferId: providerRevenueTransfers.transferId })
    .from(providerRevenueTransfers)
    .where(
      sql`${providerRevenueTransfers.status} = 'asked' and ${providerRevenueTransfers.transferId} is not null
        and ${providerRevenueTransfers.updatedAt} < ${before.toISOString()}`,
    )
    .orderBy(providerRevenueTransfers.updatedAt)
    .limit(limit);
  return rows.flatMap((r) => (r.transferId ? [r.transferId] : []));
}

/** Moves an asked transfer to its final state; false when it was final already. */
export async function closeRevenueTransfer(
  db: Db,
  transferId: string,
  status: 'succeeded' | 'failed',
  resultMessage: string | null,
): Promise<boolean> {
  const rows = await db
    .update(providerRevenueTransfers)
    .set({ status, resultMessage, updatedAt: sql`now()` })
    .where(
      and(eq(providerRevenueTransfers.transferId, transferId), eq(providerRevenueTransfers.status, 'asked')),
    )
    .returning({ id: providerRevenueTransfers.transferId });
  return rows.length === 1;
}

// ---- reconciliation ------------------------------------------------------------------------------

/**
 * Money the ledger has moved but the provider holds in a revenue wallet: per campaign, what its
 * revenue wallet holds beyond the ledger's revenue account (pay-ins parked in suspense, parts of
 * deleted accounts held in suspense, payouts and the platform's part not transferred yet); per
 * member, their payouts not transferred to their provider wallet yet. A transfer the provider
 * refused is in neither: it stays a difference until an operator settles it. A pay-in being sent
 * back (`returning`) is not held: its payout took it from the wallet while the ledger still holds
 * it in suspense, which is not the pool's account (payin-return.ts).
 */
export async function revenueInFlight(
  db: Db,
): Promise<{ heldByCampaign: Map<string, number>; toMember: Map<string, number> }> {
  const toMap = (list: Array<{ id: string; cents: string }>) => {
    const map = new Map<string, number>();
    for (const r of list) map.set(r.id, (map.get(r.id) ?? 0) + Number(r.cents));
    return map;
  };
  // Payouts of distributions paid in at the provider whose transfers are not planned yet, as the
  // plan will make them (investors with a provider wallet; the platform's part if there is one).
  const unplanned = sql`
    from provider_revenue_payins r
    join revenue_payouts p on p.distribution_id = r.distribution_id
    join provider_accounts pa on pa.user_id = p.user_id
    where r.outcome = 'funded' and r.transfers_planned_at is null
      and not p.to_suspense and p.amount_cents > 0`;
  const held = await rowsOf<{ id: string; cents: string }>(
    db,
    sql`
    select campaign_id as id, sum(amount_cents)::text as cents from provider_revenue_payins
    where outcome = 'suspense' group by campaign_id
    union all
    select r.campaign_id, sum(p.amount_cents)::text
    from provider_revenue_payins r join revenue_payouts p on p.distribution_id = r.distribution_id
    where r.outcome = 'funded' and p.to_suspense group by r.campaign_id
    union all
    select campaign_id, sum(amount_cents + fees_cents)::text from provider_revenue_transfers
    where status in ('planned', 'asked') group by campaign_id
    union all
    select r.campaign_id, sum(p.amount_cents)::text ${unplanned} group by r.campaign_id
    union all
    select r.campaign_id, d.platform_cents::text
    from provider_revenue_payins r join revenue_distributions d on d.id = r.distribution_id
    where r.outcome = 'funded' and r.transfers_planned_at is null and d.platform_cents > 0
      and exists (
        select 1 from revenue_payouts p join provider_accounts pa on pa.user_id = p.user_id
        where p.distribution_id = r.distribution_id and not p.to_suspense and p.amount_cents > 0)`,
  );
  const toMember = await rowsOf<{ id: string; cents: string }>(
    db,
    sql`
    select user_id as id, sum(amount_cents)::text as cents from provider_revenue_transfers
    where status in ('planned', 'asked') group by user_id
    union all
    select p.user_id, sum(p.amount_cents)::text ${unplanned} group by p.user_id`,
  );
  return { heldByCampaign: toMap(held), toMember: toMap(toMember) };
}

/** Which of these provider transaction ids are revenue pay-ins, their returns or distribution transfers. */
export async function knownRevenueTransactions(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string; what: string }>(
    db,
    sql`
    select payin_id as id, 'revenue pay-in' as what from provider_revenue_payins where payin_id in (${list})
    union all select refund_id, 'revenue pay-in refund' from provider_revenue_payins where refund_id in (${list})
    union all select return_payout_id, 'revenue pay-in return payout' from provider_revenue_payins where return_payout_id in (${list})
    union all select transfer_id, 'distribution transfer' from provider_revenue_transfers where transfer_id in (${list})`,
  );
  return new Map(rows.map((r) => [r.id, r.what]));
}

/** Revenue pay-ins and succeeded distribution transfers recorded in [from, to), with the revenue wallet. */
export async function revenueRecordedInWindow(db: Db, from: Date, to: Date) {
  const rows = await rowsOf<{ id: string; what: string; walletId: string; cents: string; at: string | Date }>(
    db,
    sql`
    select r.payin_id as id, 'revenue pay-in' as what, w.wallet_id as "walletId",
           r.amount_cents::text as cents, r.created_at as at
    from provider_revenue_payins r join provider_revenue_wallets w on w.campaign_id = r.campaign_id
    where r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}
    union all
    select t.transfer_id, 'distribution transfer', w.wallet_id, (t.amount_cents + t.fees_cents)::text, t.created_at
    from provider_revenue_transfers t join provider_revenue_wallets w on w.campaign_id = t.campaign_id
    where t.transfer_id is not null and t.status = 'succeeded'
      and t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()}`,
  );
  return rows.map((r) => ({ ...r, cents: Number(r.cents), at: new Date(r.at) }));
}
