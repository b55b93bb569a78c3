import { normalizeBankTransactionId } from '@indiesplit/shared/funds';
import { centsFromSql } from '@indiesplit/shared/money';
import type { DistributionDto, DistributionStatus } from '@indiesplit/shared/revenue';
import type { Currency } from '@indiesplit/shared/wallet';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { revenueDistributions } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isPgError, retryingConflicts } from '../../platform/pg-errors.ts';
import { claimBankTransaction, isBankTransactionUsed } from '../funds/bank-transactions.ts';
import { ensureWallets } from '../ledger/commands/ensure-wallets.ts';
import { postBatch } from '../ledger/commands/post-batch.ts';
import * as ledger from '../ledger/service.ts';
import { largestRemainderSql } from './allocation.ts';
import { type DistributionRow, toDistributionDto } from './pool.ts';

// Paying a distribution in and out (ADR 0014). The developer's payment moves world (or, for the
// demo, the demo mint) -> revenue:<campaign>; the payout then empties that pool in ONE database
// transaction: the platform's part, every investor's part into their wallet, the parts of deleted
// accounts into suspense. The split is computed by the database and written with set-based
// statements (the ledger's `ensureWallets` and `postBatch` write its tables, ADR 0022), so a campaign with 100,000 investors costs a handful of round trips and no memory
// in this process.

/** Runs `work` again when PostgreSQL aborted it for a deadlock or a serialization failure. */
/**
 * An account was deleted while its payout was being written: the transaction is run again, and
 * this time the part goes to suspense.
 */
class DeletedDuringPayout extends Error {}

const retrying = <T>(work: () => Promise<T>): Promise<T> =>
  retryingConflicts(work, { pauseMs: 20, alsoRetry: (err) => err instanceof DeletedDuringPayout });

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function lockDistribution(tx: Db, id: string): Promise<DistributionRow> {
  const [row] = await tx
    .select()
    .from(revenueDistributions)
    .where(eq(revenueDistributions.id, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

const currencyOf = (row: DistributionRow): Currency => (row.currency === 'DEMO' ? 'DEMO' : 'EUR');
export const distributionReference = (id: string) => `distribution:${id}`;

// ---- paying in ---------------------------------------------------------------------------------

export interface FundingInput {
  bankTransactionId: string;
  amountCents: number;
  actorId: string;
}

const alreadyRecorded = () =>
  new AppError('depositAlreadyRecorded', 409, { fields: { bank_transaction_id: 'depositAlreadyRecorded' } });

/**
 * Moves the pool into the campaign's revenue account and marks the distribution funded, in one
 * transaction. EUR comes from the outside world (the developer's bank transfer), DEMO from the
 * demo mint.
 */
async function recordFunding(
  ctx: AppContext,
  distributionId: string,
  check: (row: DistributionRow) => void,
  funding: { bankTransactionId: string | null; actorId: string | null },
): Promise<void> {
  try {
    await retrying(() =>
      ctx.db.transaction(async (tx) => {
        const row = await lockDistribution(tx, distributionId);
        check(row);
        await fundLocked(tx, row, funding);
      }),
    );
  } catch (err) {
    // Another distribution took the same bank transaction id while we were inserting ours.
    if (isPgError(err, '23505') && funding.bankTransactionId) throw alreadyRecorded();
    throw err;
  }
}

/** The funding's writes, on a distribution locked and checked by the caller, in its transaction. */
async function fundLocked(
  tx: Db,
  row: DistributionRow,
  funding: { bankTransactionId: string | null; actorId: string | null },
): Promise<void> {
  // One namespace with deposits: a bank transfer already credited to a wallet pays no pool.
  if (funding.bankTransactionId && (await isBankTransactionUsed(tx, funding.bankTransactionId)))
    throw alreadyRecorded();
  const currency = currencyOf(row);
  const source = await ledger.ensureAccount(
    tx,
    currency === 'DEMO' ? { kind: 'demo_mint', currency } : { kind: 'world', currency },
  );
  const pool = await ledger.ensureAccount(tx, {
    kind: 'revenue',
    currency,
    campaignId: row.campaignId,
  });
  const moved = await ledger.transfer(tx, {
    debitAccountId: source.id,
    creditAccountId: pool.id,
    amount: row.poolCents,
    currency,
    kind: 'revenue_in',
    reference: distributionReference(row.id),
    idempotencyKey: `revenue-in:${row.id}`,
    ...(funding.actorId ? { createdBy: funding.actorId } : {}),
  });
  await tx
    .update(revenueDistributions)
    .set({
      status: 'funded',
      bankTransactionId: funding.bankTransactionId,
      fundingTransferId: moved.id,
      fundedBy: funding.actorId,
      fundedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(revenueDistributions.id, row.id));
  // Claimed last, in this transaction: a deposit racing for the same id makes one of us roll back.
  if (
    funding.bankTransactionId &&
    !(await claimBankTransaction(tx, {
      bankTransactionId: funding.bankTransactionId,
      usedFor: 'revenue_funding',
      distributionId: row.id,
    }))
  )
    throw alreadyRecorded();
}

/**
 * A pool paid in at the payment provider (ADR 0039): the studio's wire to the campaign's revenue
 * IBAN, applied by the payments feature in its own transaction `tx`, which has claimed the pay-in.
 * Funds the campaign's oldest EUR distribution awaiting exactly `amountCents` (`world -> revenue`,
 * status funded), the pay-in's id claimed as the bank transaction `PSP <pay-in id>` in the same
 * transaction. Answers the distribution's id, or null when none awaits this amount (the caller
 * parks the money). The payout follows with `payFundedDistribution` once `tx` has committed.
 */
export async function fundFromProviderPayIn(
  tx: Db,
  input: { campaignId: string; payinId: string; amountCents: number },
): Promise<string | null> {
  const [candidate] = await tx
    .select({ id: revenueDistributions.id })
    .from(revenueDistributions)
    .where(
      and(
        eq(revenueDistributions.campaignId, input.campaignId),
        eq(revenueDistributions.status, 'awaiting_funds'),
        eq(revenueDistributions.currency, 'EUR'),
        eq(revenueDistributions.poolCents, input.amountCents),
      ),
    )
    .orderBy(revenueDistributions.sequence)
    .limit(1);
  if (!candidate) return null;
  const row = await lockDistribution(tx, candidate.id);
  // Checked again under the lock: an admin or another pay-in may have funded it meanwhile.
  if (row.status !== 'awaiting_funds' || row.poolCents !== input.amountCents) return null;
  const bankTransactionId = normalizeBankTransactionId(`PSP ${input.payinId}`);
  if (await isBankTransactionUsed(tx, bankTransactionId)) return null;
  await fundLocked(tx, row, { bankTransactionId, actorId: null });
  return row.id;
}

/** Pays a funded distribution out now, or (on failure, logged) in the worker's next round. */
export const payFundedDistribution = (ctx: AppContext, distributionId: string): Promise<void> =>
  payNowOrLater(ctx, distributionId);

/** Pays out, and tells the log (not the caller) when that fails: the worker pays it next round. */
async function payNowOrLater(ctx: AppContext, distributionId: string, now?: Date): Promise<void> {
  try {
    await payDistribution(ctx, distributionId, now);
  } catch (err) {
    ctx.log.error({ err, distributionId }, 'payout failed after funding; the worker retries it');
  }
}

/**
 * An admin records the developer's bank transfer paying the pool in: only while awaiting funds,
 * for exactly the pool, once per bank transaction. The payout follows at once.
 */
export async function fundDistribution(
  ctx: AppContext,
  distributionId: string,
  input: FundingInput,
): Promise<DistributionDto> {
  await recordDeveloperPayment(ctx, distributionId, input);
  await payNowOrLater(ctx, distributionId);
  return getDistribution(ctx.db, distributionId);
}

/**
 * The first half of fundDistribution: the payment in, without the payout (which the worker makes
 * if nothing else does, e.g. after a crash between the two).
 */
export async function recordDeveloperPayment(
  ctx: AppContext,
  distributionId: string,
  input: FundingInput,
): Promise<void> {
  // Where a payment provider holds client money, the pool is paid to the campaign's revenue IBAN
  // and the provider's event records it (ADR 0039): a pool recorded by hand would have no money
  // behind it at the provider.
  if (ctx.config.payments.mode !== 'manual') throw new AppError('poolPaidThroughProvider', 409);
  const bankTransactionId = normalizeBankTransactionId(input.bankTransactionId);
  await recordFunding(
    ctx,
    distributionId,
    (row) => {
      if (row.status !== 'awaiting_funds') throw new AppError('distributionNotAwaitingFunds', 409);
      if (input.amountCents !== row.poolCents)
        throw new AppError('fundingAmountMismatch', 422, {
          fields: { amount_cents: 'fundingAmountMismatch' },
        });
    },
    { bankTransactionId, actorId: input.actorId },
  );
}

/** A demo distribution's pool comes from the demo mint; then it is paid out. */
export async function fundFromDemoMint(ctx: AppContext, distributionId: string, now?: Date): Promise<void> {
  await recordFunding(
    ctx,
    distributionId,
    (row) => {
      if (row.currency !== 'DEMO') throw new Error('only demo distributions are funded by the demo mint');
      if (row.status !== 'awaiting_funds') throw new AppError('distributionNotAwaitingFunds', 409);
    },
    { bankTransactionId: null, actorId: null },
  );
  await payNowOrLater(ctx, distributionId, now);
}

// ---- paying out --------------------------------------------------------------------------------

/**
 * Pays a funded distribution out, in one transaction under the distribution's lock: a second call
 * (a retry, a racing worker) waits, then finds it paid and does nothing. Returns the row as it is
 * afterwards; a distribution that is not funded is returned untouched.
 */
export async function payDistribution(
  ctx: AppContext,
  distributionId: string,
  now: Date = new Date(),
): Promise<DistributionRow> {
  return retrying(() =>
    ctx.db.transaction(async (tx) => {
      const row = await lockDistribution(tx, distributionId);
      if (row.status !== 'funded') return row;
      const currency = currencyOf(row);
      const revenue = await ledger.ensureAccount(tx, {
        kind: 'revenue',
        currency,
        campaignId: row.campaignId,
      });
      const platform = await ledger.ensureAccount(tx, { kind: 'platform', currency });
      const suspense = await ledger.ensureAccount(tx, { kind: 'suspense', currency });
      const reference = distributionReference(row.id);
      // The split sorts and aggregates one row per investor: room for that in memory, not on disk.
      await tx.execute(sql`set local work_mem = '64MB'`);

      // 1. Every investor's part: weights are their posted investments in the campaign.
      const weights = sql`
        select i.investor_id as user_id, sum(i.amount_cents) as weight
        from investments i
        where i.campaign_id = ${row.campaignId}::uuid and i.status = 'posted' and i.currency = ${currency}
        group by i.investor_id`;
      await tx.execute(sql`
        insert into revenue_payouts (distribution_id, campaign_id, user_id, invested_cents, amount_cents, to_suspense)
        select ${row.id}::uuid, ${row.campaignId}::uuid, a.user_id, a.weight::bigint, a.amount, u.deleted_at is not null
        from (${largestRemainderSql(row.investorsCents, weights)}) a
        join users u on u.id = a.user_id
        order by a.user_id`);
      const [totals] = await rowsOf<{ n: number; paid: string; suspense: string }>(
        tx,
        sql`
        select count(*)::int as n, coalesce(sum(amount_cents), 0)::text as paid,
               coalesce(sum(amount_cents) filter (where to_suspense), 0)::text as suspense
        from revenue_payouts where distribution_id = ${row.id}::uuid`,
      );
      if (!totals || centsFromSql(totals.paid) !== row.investorsCents)
        throw new Error(
          `distribution ${row.id}: the investors' parts sum to ${totals?.paid ?? 0}, not ${row.investorsCents}`,
        );

      // 2. The wallets that do not exist yet.
      const credited = sql`
        select p.user_id from revenue_payouts p
        where p.distribution_id = ${row.id}::uuid and not p.to_suspense and p.amount_cents > 0`;
      await ensureWallets(tx, currency, credited);

      // 3. The transfers, and the accounts' running totals they change, in one statement.
      await postBatch(
        tx,
        currency,
        sql`
        select ${revenue.id}::uuid as debit_account_id, ${platform.id}::uuid as credit_account_id,
               null::uuid as credit_wallet_of, ${row.platformCents}::bigint as amount,
               'revenue_platform' as kind, ${reference} as reference,
               ${`revenue-platform:${row.id}`} as idempotency_key
        where ${row.platformCents}::bigint > 0
        union all
        select ${revenue.id}::uuid, case when p.to_suspense then ${suspense.id}::uuid end,
               case when p.to_suspense then null else p.user_id end, p.amount_cents,
               case when p.to_suspense then 'payout_suspense' else 'payout' end, ${reference},
               'payout:' || ${row.id}::text || ':' || p.user_id
        from revenue_payouts p
        where p.distribution_id = ${row.id}::uuid and p.amount_cents > 0`,
      );

      // 4. An account deletion that had locked a wallet before step 3 committed while step 3
      // waited for it; its user row was read as live in step 1. Its part must not stay in the
      // wallet of an account nobody can open: start again, and it goes to suspense.
      const [late] = await rowsOf<{ n: number }>(
        tx,
        sql`
        select count(*)::int as n
        from users u
        where u.deleted_at is not null
          and exists (
            select 1 from revenue_payouts p
            where p.distribution_id = ${row.id}::uuid and p.user_id = u.id
              and not p.to_suspense and p.amount_cents > 0)`,
      );
      if (late && late.n > 0)
        throw new DeletedDuringPayout(`distribution ${row.id}: an investor was deleted meanwhile`);

      const [paid] = await tx
        .update(revenueDistributions)
        .set({
          status: 'paid',
          paidAt: now,
          suspenseCents: centsFromSql(totals.suspense),
          investorCount: Number(totals.n),
          updatedAt: now,
        })
        .where(eq(revenueDistributions.id, row.id))
        .returning();
      if (!paid) throw new Error(`distribution ${row.id} vanished under its lock`);
      return paid;
    }),
  );
}

// ---- reading -----------------------------------------------------------------------------------

const campaignColumns = { id: campaigns.id, slug: campaigns.slug, title: campaigns.title };

export async function getDistribution(db: Db, id: string): Promise<DistributionDto> {
  const [found] = await db
    .select({ row: revenueDistributions, campaign: campaignColumns })
    .from(revenueDistributions)
    .innerJoin(campaigns, eq(campaigns.id, revenueDistributions.campaignId))
    .where(eq(revenueDistributions.id, id));
  if (!found) throw notFound();
  return toDistributionDto(found.row, found.campaign);
}

/** The back office's list, newest first, optionally of one status. */
/** The back office's list: demo distributions only when asked, and then after every real one. */
export async function listDistributions(
  db: Db,
  status?: DistributionStatus,
  includeDemo = false,
): Promise<DistributionDto[]> {
  const rows = await db
    .select({ row: revenueDistributions, campaign: campaignColumns })
    .from(revenueDistributions)
    .innerJoin(campaigns, eq(campaigns.id, revenueDistributions.campaignId))
    .where(
      and(
        status ? eq(revenueDistributions.status, status) : undefined,
        includeDemo ? undefined : ne(revenueDistributions.currency, 'DEMO'),
      ),
    )
    .orderBy(
      sql`${revenueDistributions.currency} = 'DEMO'`,
      desc(revenueDistributions.createdAt),
      desc(revenueDistributions.sequence),
    )
    .limit(500);
  return rows.map((r) => toDistributionDto(r.row, r.campaign));
}

/** Distributions in `status` (oldest first), for the worker; DEMO only when asked. */
export async function distributionIds(
  db: Db,
  status: DistributionStatus,
  options: { currency?: Currency; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: revenueDistributions.id })
    .from(revenueDistributions)
    .where(
      and(
        eq(revenueDistributions.status, status),
        options.currency ? eq(revenueDistributions.currency, options.currency) : undefined,
      ),
    )
    .orderBy(revenueDistributions.createdAt)
    .limit(options.limit);
  return rows.map((r) => r.id);
}
