import {
  REVENUE_STORES,
  type ReportStatus,
  type RevenueLineInput,
  type RevenueReportDto,
} from '@indiesplit/shared/revenue';
import type { Db } from '../../../db/client.ts';
import { toDistributionDto } from '../pool.ts';
import * as repo from '../repo.ts';

const storeOrder = (store: string) => REVENUE_STORES.indexOf(store as RevenueLineInput['store']);

export async function toDtos(db: Db, reports: repo.ReportRow[]): Promise<RevenueReportDto[]> {
  const ids = reports.map((r) => r.id);
  const [lines, distributions, refs] = await Promise.all([
    repo.linesOf(db, ids),
    repo.distributionsOf(db, ids),
    repo.campaignRefs(
      db,
      reports.map((r) => r.campaignId),
    ),
  ]);
  return reports.map((r) => {
    const campaign = refs.get(r.campaignId) ?? { id: r.campaignId, slug: null, title: '' };
    const distribution = distributions.get(r.id);
    return {
      id: r.id,
      campaign,
      kind: r.kind === 'adjustment' ? 'adjustment' : 'regular',
      adjusts_report_id: r.adjustsReportId,
      period_kind: r.periodKind === 'quarter' ? 'quarter' : 'month',
      period_start: r.periodStart,
      period_end: r.periodEnd,
      currency: r.currency === 'DEMO' ? 'DEMO' : 'EUR',
      status: r.status as ReportStatus,
      review_comment: r.reviewComment,
      gross_cents: r.grossCents,
      store_fees_cents: r.storeFeesCents,
      refunds_cents: r.refundsCents,
      taxes_cents: r.taxesCents,
      net_cents: r.netCents,
      lines: (lines.get(r.id) ?? [])
        .sort((a, b) => storeOrder(a.store) - storeOrder(b.store))
        .map((l) => ({
          store: l.store as RevenueLineInput['store'],
          gross_cents: l.grossCents,
          store_fees_cents: l.storeFeesCents,
          refunds_cents: l.refundsCents,
          taxes_cents: l.taxesCents,
        })),
      statement_name: r.statementName,
      generated: r.generated,
      submitted_at: r.submittedAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      verified_at: r.verifiedAt ? r.verifiedAt.toISOString() : null,
      distribution:
        r.status === 'verified' && distribution ? toDistributionDto(distribution, campaign) : null,
    };
  });
}

export async function toDto(db: Db, report: repo.ReportRow): Promise<RevenueReportDto> {
  const [dto] = await toDtos(db, [report]);
  if (!dto) throw new Error('report presenter returned nothing');
  return dto;
}
