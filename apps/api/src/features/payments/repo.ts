import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import {
  type EscrowTransferStatus,
  providerAccounts,
  providerEscrowTransfers,
  providerEscrowWallets,
  providerPayins,
  providerReconciliations,
} from '../../db/schema-payments.ts';

export type ProviderAccountRow = typeof providerAccounts.$inferSelect;
export type ProviderPayinRow = typeof providerPayins.$inferSelect;

export async function findAccount(db: Db, userId: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.userId, userId));
  return row;
}

export async function findAccountByWallet(db: Db, walletId: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.walletId, walletId));
  return row;
}

export async function insertAccount(db: Db, values: typeof providerAccounts.$inferInsert): Promise<void> {
  await db.insert(providerAccounts).values(values).onConflictDoNothing();
}

/** Claims a pay-in id; false when it was applied already (or is being applied by a racing event). */
export async function claimPayin(db: Db, values: typeof providerPayins.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(providerPayins)
    .values(values)
    .onConflictDoNothing({ target: providerPayins.payinId })
    .returning({ id: providerPayins.payinId });
  return rows.length === 1;
}

export async function setPayinOutcome(
  db: Db,
  payinId: string,
  patch: Partial<Pick<ProviderPayinRow, 'outcome' | 'depositId' | 'decidedBy' | 'userId'>>,
): Promise<void> {
  await db
    .update(providerPayins)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(providerPayins.payinId, payinId));
}

export async function lockParkedPayin(db: Db, payinId: string): Promise<ProviderPayinRow | undefined> {
  const [row] = await db
    .select()
    .from(providerPayins)
    .where(and(eq(providerPayins.payinId, payinId), eq(providerPayins.outcome, 'suspense')))
    .for('update');
  return row;
}

/** Parked pay-ins and those being sent back, oldest first. */
export async function listParked(db: Db) {
  return db
    .select({
      payinId: providerPayins.payinId,
      amountCents: providerPayins.amountCents,
      payerName: providerPayins.payerName,
      payerIban: providerPayins.payerIban,
      outcome: providerPayins.outcome,
      returnPayoutId: providerPayins.returnPayoutId,
      returnFailure: providerPayins.returnFailure,
      userId: providerPayins.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: providerPayins.createdAt,
    })
    .from(providerPayins)
    .leftJoin(users, eq(users.id, providerPayins.userId))
    .where(inArray(providerPayins.outcome, ['suspense', 'returning']))
    .orderBy(asc(providerPayins.createdAt))
    .limit(500);
}

export async function memberNames(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// ---- escrow transfers (the payments feature writes only its own tables; it reads investments) ----

export interface InvestmentToEscrow {
  investmentId: string;
  campaignId: string;
  campaignTitle: string;
  amountCents: number;
  walletId: string;
  providerUserId: string;
  /** When an earlier round asked for this move and never learned its answer; null the first time. */
  firstAskedAt: Date | null;
}

/**
 * Posted real-money investments, made since the member had a provider wallet, whose money has not
 * been asked to move to the campaign's escrow yet (or whose request was interrupted before the
 * provider answered), oldest first.
 */
export async function investmentsToEscrow(db: Db, limit: number): Promise<InvestmentToEscrow[]> {
  const result = (await db.execute(sql`
    select i.id as "investmentId", i.campaign_id as "campaignId", c.title as "campaignTitle",
           i.amount_cents::bigint as "amountCents", pa.wallet_id as "walletId",
           mi.provider_user_id as "providerUserId", t.created_at as "firstAskedAt"
    from investments i
    join campaigns c on c.id = i.campaign_id
    join provider_accounts pa on pa.user_id = i.investor_id
    join member_identities mi on mi.user_id = i.investor_id and mi.provider_user_id is not null
    left join provider_escrow_transfers t on t.investment_id = i.id
    where i.status = 'posted' and i.currency = 'EUR'
      -- Made once the member's money was at the provider: an investment from before (manual
      -- bank transfers) has nothing there to move.
      and i.created_at >= pa.created_at
      and (t.investment_id is null or (t.status = 'asked' and t.transfer_id is null))
    order by i.settled_at nulls first, i.id
    limit ${limit}`)) as unknown as {
    rows: Array<
      Omit<InvestmentToEscrow, 'firstAskedAt'> & {
        amountCents: string | number;
        firstAskedAt: Date | string | null;
      }
    >;
  };
  return result.rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    firstAskedAt: r.firstAskedAt === null ? null : new Date(r.firstAskedAt),
  }));
}

/** Notes that the investment's money is being moved (once: a second claim finds the row). */
export async function claimEscrowTransfer(db: Db, item: InvestmentToEscrow): Promise<void> {
  await db
    .insert(providerEscrowTransfers)
    .values({
      investmentId: item.investmentId,
      campaignId: item.campaignId,
      amountCents: item.amountCents,
      status: 'asked',
    })
    .onConflictDoNothing({ target: providerEscrowTransfers.investmentId });
}

export async function recordEscrowTransfer(
  db: Db,
  investmentId: string,
  patch: { transferId: string; status: EscrowTransferStatus; resultMessage: string | null },
): Promise<void> {
  await db
    .update(providerEscrowTransfers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(providerEscrowTransfers.investmentId, investmentId));
}

export async function findEscrowTransfer(db: Db, transferId: string) {
  const [row] = await db
    .select()
    .from(providerEscrowTransfers)
    .where(eq(providerEscrowTransfers.transferId, transferId));
  return row;
}

/** Moves an asked transfer to its final state; false when it was final already. */
export async function closeEscrowTransfer(
  db: Db,
  transferId: string,
  status: 'succeeded' | 'failed',
  resultMessage: string | null,
): Promise<boolean> {
  const rows = await db
    .update(providerEscrowTransfers)
    .set({ status, resultMessage, updatedAt: sql`now()` })
    .where(
      and(eq(providerEscrowTransfers.transferId, transferId), eq(providerEscrowTransfers.status, 'asked')),
    )
    .returning({ id: providerEscrowTransfers.investmentId });
  return rows.length === 1;
}

export async function findEscrowWallet(db: Db, campaignId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ walletId: providerEscrowWallets.walletId })
    .from(providerEscrowWallets)
    .where(eq(providerEscrowWallets.campaignId, campaignId));
  return row?.walletId;
}

export async function insertEscrowWallet(db: Db, campaignId: string, walletId: string): Promise<void> {
  await db.insert(providerEscrowWallets).values({ campaignId, walletId }).onConflictDoNothing();
}

// ---- reconciliation ------------------------------------------------------------------------

export function listAccounts(db: Db): Promise<ProviderAccountRow[]> {
  return db.select().from(providerAccounts).orderBy(asc(providerAccounts.createdAt));
}

export function listEscrowWallets(db: Db) {
  return db.select().from(providerEscrowWallets).orderBy(asc(providerEscrowWallets.createdAt));
}

/**
 * Money the ledger has moved but the provider holds where it was, per member wallet and per
 * campaign escrow: pay-ins parked in suspense (at the provider, in the member's wallet) and those
 * of them being sent back (gone from the wallet, still in suspense), payouts on their way (gone
 * from the provider's wallet, still reserved in the ledger), and posted
 * investments whose escrow transfer is not made yet (still in the member's provider wallet).
 */
export async function inFlight(db: Db): Promise<{
  parked: Map<string, number>;
  returning: Map<string, number>;
  payouts: Map<string, number>;
  toEscrowByMember: Map<string, number>;
  toEscrowByCampaign: Map<string, number>;
}> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<{ id: string; cents: string }> }).rows;
  const toMap = (list: Array<{ id: string; cents: string }>) =>
    new Map(list.map((r) => [r.id, Number(r.cents)]));
  const parked = await rows(sql`
    select user_id as id, sum(amount_cents)::text as cents from provider_payins
    where outcome in ('suspense', 'returning') and user_id is not null group by user_id`);
  // Being sent back: gone from the member's provider wallet, still in the ledger's suspense until
  // the payout's success is applied (payin-return.ts).
  const returning = await rows(sql`
    select user_id as id, sum(amount_cents)::text as cents from provider_payins
    where outcome = 'returning' and user_id is not null group by user_id`);
  const payouts = await rows(sql`
    select user_id as id, sum(amount_cents)::text as cents from withdrawals
    where status = 'processing' and provider_payout_id is not null group by user_id`);
  const pending = sql`
    from investments i
    join provider_accounts pa on pa.user_id = i.investor_id
    left join provider_escrow_transfers t on t.investment_id = i.id
    where i.status = 'posted' and i.currency = 'EUR' and i.created_at >= pa.created_at
      and (t.investment_id is null or t.status = 'asked')`;
  const byMember = await rows(
    sql`select i.investor_id as id, sum(i.amount_cents)::text as cents ${pending} group by i.investor_id`,
  );
  const byCampaign = await rows(
    sql`select i.campaign_id as id, sum(i.amount_cents)::text as cents ${pending} group by i.campaign_id`,
  );
  return {
    parked: toMap(parked),
    returning: toMap(returning),
    payouts: toMap(payouts),
    toEscrowByMember: toMap(byMember),
    toEscrowByCampaign: toMap(byCampaign),
  };
}

/**
 * Platform income the ledger holds (`platform:EUR`) that the provider's fees wallet does not: the
 * platform's part of EUR distributions paid in by bank transfer outside the provider, and of those
 * paid in at the provider, the part no succeeded transfer has carried as its fees yet. A success
 * fee is posted only once its transfer succeeded, so it is never in flight.
 */
export async function platformIncomeNotAtProvider(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(sum(
      d.platform_cents - case when r.distribution_id is null then 0 else coalesce((
        select sum(t.fees_cents) from provider_revenue_transfers t
        where t.distribution_id = d.id and t.status = 'succeeded'), 0) end
    ), 0)::text as cents
    from revenue_distributions d
    left join provider_revenue_payins r on r.distribution_id = d.id and r.outcome = 'funded'
    where d.currency = 'EUR' and d.status = 'paid'`)) as unknown as { rows: Array<{ cents: string }> };
  return Number(result.rows[0]?.cents ?? 0);
}

/** Which of these provider transaction ids the platform has on record, and as what. */
export async function knownTransactions(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select payin_id as id, 'pay-in' as what from provider_payins where payin_id in (${list})
    union all select refund_id, 'pay-in refund' from provider_payins where refund_id in (${list})
    union all select return_payout_id, 'pay-in return payout' from provider_payins where return_payout_id in (${list})
    union all select provider_payout_id, 'withdrawal payout' from withdrawals where provider_payout_id in (${list})
    union all select transfer_id, 'escrow transfer' from provider_escrow_transfers where transfer_id in (${list})
    union all select transfer_id, 'escrow paid to the studio' from provider_escrow_releases where transfer_id in (${list})`)) as unknown as {
    rows: Array<{ id: string; what: string }>;
  };
  return new Map(result.rows.map((r) => [r.id, r.what]));
}

/**
 * What the platform recorded in [from, to) that the provider must list: pay-ins, escrow transfers
 * and escrows paid to studios.
 */
export async function recordedInWindow(db: Db, from: Date, to: Date) {
  const result = (await db.execute(sql`
    select p.payin_id as id, 'pay-in' as what, pa.wallet_id as "walletId", p.amount_cents::text as cents, p.created_at as at
    from provider_payins p join provider_accounts pa on pa.user_id = p.user_id
    where p.created_at >= ${from.toISOString()} and p.created_at < ${to.toISOString()}
    union all
    select t.transfer_id, 'escrow transfer', pa.wallet_id, t.amount_cents::text, t.created_at
    from provider_escrow_transfers t
    join investments i on i.id = t.investment_id
    join provider_accounts pa on pa.user_id = i.investor_id
    where t.transfer_id is not null and t.status = 'succeeded'
      and t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()}
    union all
    select r.transfer_id, 'escrow paid to the studio', w.wallet_id, r.amount_cents::text, r.created_at
    from provider_escrow_releases r
    join provider_escrow_wallets w on w.campaign_id = r.campaign_id
    where r.transfer_id is not null and r.status in ('transferred', 'paying', 'paid', 'payout_failed')
      and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}`)) as unknown as {
    rows: Array<{ id: string; what: string; walletId: string; cents: string; at: string | Date }>;
  };
  return result.rows.map((r) => ({ ...r, cents: Number(r.cents), at: new Date(r.at) }));
}

export async function insertReconciliation(db: Db, values: typeof providerReconciliations.$inferInsert) {
  const [row] = await db.insert(providerReconciliations).values(values).returning();
  if (!row) throw new Error('reconciliation not recorded');
  return row;
}

export async function lastReconciliation(db: Db, trigger?: 'nightly' | 'manual') {
  const [row] = await db
    .select()
    .from(providerReconciliations)
    .where(trigger ? eq(providerReconciliations.trigger, trigger) : undefined)
    .orderBy(desc(providerReconciliations.startedAt))
    .limit(1);
  return row;
}
