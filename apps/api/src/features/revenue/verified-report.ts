import type { Db } from '../../db/client.ts';
import { revenueReports } from '../../db/schema-revenue.ts';
import { lockCampaign } from '../campaigns/state.ts';
import { createDistribution, type DistributionRow } from './pool.ts';

// Test and benchmark data: a revenue report written as verified, with the distribution its
// verification creates (awaiting the developer's payment), as verifyReport makes them but without
// the review round trip. Free of test-runner imports, so the benchmarks can use it.

export interface VerifiedReportSpec {
  /** YYYY-MM-01: a month of the term. */
  periodStart: string;
  /** Net revenue (gross, with no fees, refunds or taxes); negative for a downward adjustment. */
  netCents: number;
  /** Makes it an adjustment of this verified report. */
  adjusts?: string;
}

export async function verifiedReport(
  db: Db,
  campaignId: string,
  spec: VerifiedReportSpec,
): Promise<{ reportId: string; distribution: DistributionRow }> {
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (!campaign) throw new Error(`no campaign ${campaignId}`);
    const [report] = await tx
      .insert(revenueReports)
      .values({
        campaignId,
        kind: spec.adjusts ? 'adjustment' : 'regular',
        adjustsReportId: spec.adjusts ?? null,
        periodKind: 'month',
        periodStart: spec.periodStart,
        periodEnd: spec.periodStart.replace(/-01$/, '-28'),
        currency: campaign.currency,
        grossCents: spec.netCents,
        storeFeesCents: 0,
        refundsCents: 0,
        taxesCents: 0,
        netCents: spec.netCents,
        status: 'verified',
        verifiedAt: new Date(),
      })
      .returning();
    if (!report) throw new Error('report insert returned nothing');
    return { reportId: report.id, distribution: await createDistribution(tx, campaign, report, new Date()) };
  });
}
