import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { DeveloperCampaignDto, DistributionDto, RevenueReportDto } from '@indiesplit/shared/revenue';

// Answers of the revenue API, shaped exactly like its DTOs, for the screens' tests.

export function campaignDto(over: Partial<DeveloperCampaignDto> = {}): DeveloperCampaignDto {
  return {
    id: 'c1',
    slug: 'neon-drift',
    title: 'Neon Drift',
    status: 'launched',
    currency: 'EUR',
    revenue_share_bps: 1250,
    platform_share_bps: 1000,
    term_months: REVENUE_SHARE_TERM_MONTHS,
    goal_cents: 2_000_000,
    committed_cents: 2_450_000,
    investor_count: 41,
    deadline_at: '2026-12-01T18:00:00.000Z',
    launched_on: '2027-01-15',
    term_ends_on: '2030-01-14',
    report_due: { period_start: '2027-03-01', period_end: '2027-03-31', due_on: '2027-04-15' },
    can_report: true,
    ...over,
  };
}

export function distributionDto(over: Partial<DistributionDto> = {}): DistributionDto {
  return {
    id: 'd1',
    report_id: 'r1',
    campaign: { id: 'c1', slug: 'neon-drift', title: 'Neon Drift' },
    sequence: 1,
    currency: 'EUR',
    share_bps: 1250,
    platform_share_bps: 1000,
    net_cents: 800_000,
    pool_due_cents: 100_000,
    carried_in_cents: 0,
    carried_out_cents: 0,
    pool_cents: 100_000,
    platform_cents: 10_000,
    investors_cents: 90_000,
    suspense_cents: 0,
    investor_count: 3,
    status: 'awaiting_funds',
    bank_transaction_id: null,
    funded_at: null,
    paid_at: null,
    created_at: '2027-05-02T10:00:00Z',
    ...over,
  };
}

export function reportDto(over: Partial<RevenueReportDto> = {}): RevenueReportDto {
  return {
    id: 'r1',
    campaign: { id: 'c1', slug: 'neon-drift', title: 'Neon Drift' },
    kind: 'regular',
    adjusts_report_id: null,
    period_kind: 'month',
    period_start: '2027-02-01',
    period_end: '2027-02-28',
    currency: 'EUR',
    status: 'submitted',
    review_comment: null,
    lines: [
      { store: 'steam', gross_cents: 1_000_000, store_fees_cents: 300_000, refunds_cents: 0, taxes_cents: 0 },
      { store: 'xbox', gross_cents: 150_000, store_fees_cents: 45_000, refunds_cents: 5_000, taxes_cents: 0 },
    ],
    gross_cents: 1_150_000,
    store_fees_cents: 345_000,
    refunds_cents: 5_000,
    taxes_cents: 0,
    net_cents: 800_000,
    statement_name: null,
    generated: false,
    submitted_at: '2027-03-05T09:00:00Z',
    updated_at: '2027-03-05T09:00:00.000Z',
    verified_at: null,
    distribution: null,
    ...over,
  };
}
