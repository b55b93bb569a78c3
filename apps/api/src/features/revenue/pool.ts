import {
  DEFAULT_PLATFORM_SHARE_BPS,
  type DistributionDto,
  type DistributionStatus,
} from '@indiesplit/shared/revenue';
import { poolDueOf, splitPool } from '@indiesplit/shared/revenue-split';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { campaigns } from '../../db/schema-campaigns.ts';
import { revenueDistributions, type revenueReports } from '../../db/schema-revenue.ts';

// What a verified report pays (ADR 0014): the revenue share of its net revenue forms the pool;
// a negative amount (a loss-making period, a downward adjustment) is carried into the next
// distribution of the campaign instead of being taken back from investors; the platform's share
// of the pool comes first, rounded down, and the rest is the investors'.

export interface PoolInput {
  netCents: number;
  shareBps: number;
  platformShareBps: number;
  /** What the campaign's previous distribution carried out (0 or negative). */
  carriedInCents: number;
}

export interface Pool {
  poolDueCents: number;
  poolCents: number;
  carriedOutCents: number;
  platformCents: number;
  investorsCents: number;
}

/** The split itself is shared with the simulator and the key information sheet (revenue-split.ts). */
export function computePool(input: PoolInput): Pool {
  const poolDueCents = poolDueOf(input.netCents, input.shareBps);
  const balance = poolDueCents + input.carriedInCents;
  const poolCents = Math.max(0, balance);
  return {
    poolDueCents,
    poolCents,
    carriedOutCents: Math.min(0, balance),
    ...splitPool(poolCents, input.platformShareBps),
  };
}

type ReportRow = typeof revenueReports.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;
export type DistributionRow = typeof revenueDistributions.$inferSelect;

/**
 * Creates the distribution of a report being verified. Call it in the verifying transaction with
 * the campaign's row locked, so two verifications of one campaign take their sequence numbers and
 * carried amounts one after the other. A zero pool is created already paid (nothing to pay in or
 * out); the others wait for the developer's payment.
 */
export async function createDistribution(
  tx: Db,
  campaign: CampaignRow,
  report: ReportRow,
  now: Date,
): Promise<DistributionRow> {
  const [previous] = await tx
    .select({
      sequence: revenueDistributions.sequence,
      carriedOutCents: revenueDistributions.carriedOutCents,
    })
    .from(revenueDistributions)
    .where(eq(revenueDistributions.campaignId, campaign.id))
    .orderBy(desc(revenueDistributions.sequence))
    .limit(1);
  const shareBps = campaign.revenueShareBps ?? 0;
  const platformShareBps = campaign.platformShareBps ?? DEFAULT_PLATFORM_SHARE_BPS;
  const carriedInCents = previous?.carriedOutCents ?? 0;
  const pool = computePool({ netCents: report.netCents, shareBps, platformShareBps, carriedInCents });
  const [row] = await tx
    .insert(revenueDistributions)
    .values({
      reportId: report.id,
      campaignId: campaign.id,
      sequence: (previous?.sequence ?? 0) + 1,
      currency: report.currency,
      shareBps,
      platformShareBps,
      netCents: report.netCents,
      carriedInCents,
      ...pool,
      status: pool.poolCents === 0 ? 'paid' : 'awaiting_funds',
      paidAt: pool.poolCents === 0 ? now : null,
    })
    .returning();
  if (!row) throw new Error('distribution insert returned nothing');
  return row;
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The distribution as the back office and the developer see it. */
export function toDistributionDto(
  row: DistributionRow,
  campaign: { id: string; slug: string | null; title: string },
): DistributionDto {
  return {
    id: row.id,
    report_id: row.reportId,
    campaign: { id: campaign.id, slug: campaign.slug, title: campaign.title },
    sequence: row.sequence,
    currency: row.currency === 'DEMO' ? 'DEMO' : 'EUR',
    share_bps: row.shareBps,
    platform_share_bps: row.platformShareBps,
    net_cents: row.netCents,
    pool_due_cents: row.poolDueCents,
    carried_in_cents: row.carriedInCents,
    carried_out_cents: row.carriedOutCents,
    pool_cents: row.poolCents,
    platform_cents: row.platformCents,
    investors_cents: row.investorsCents,
    suspense_cents: row.suspenseCents,
    investor_count: row.investorCount,
    status: row.status as DistributionStatus,
    bank_transaction_id: row.bankTransactionId,
    funded_at: isoOrNull(row.fundedAt),
    paid_at: isoOrNull(row.paidAt),
    created_at: row.createdAt.toISOString(),
  };
}
