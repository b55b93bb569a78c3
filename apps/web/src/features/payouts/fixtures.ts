import type {
  RevenueHoldingDto,
  RevenuePortfolioDto,
  StatementDto,
  WaterfallPeriodDto,
} from '@indiesplit/shared/revenue';

// Answers of the revenue-share API as the tests of these screens mock them.

export function period(over: Partial<WaterfallPeriodDto> & { report_id: string }): WaterfallPeriodDto {
  return {
    kind: 'regular',
    period_kind: 'month',
    period_start: '2027-03-01',
    period_end: '2027-03-31',
    gross_cents: 0,
    store_fees_cents: 0,
    refunds_cents: 0,
    taxes_cents: 0,
    net_cents: 0,
    pool_cents: 0,
    carried_in_cents: 0,
    carried_out_cents: 0,
    platform_cents: 0,
    investors_cents: 0,
    your_cents: 0,
    status: 'paid',
    paid_at: null,
    ...over,
  };
}

/** A game launched on 15 March 2027 (7.5% revenue share, 10% platform) with four verified reports. */
export const neonDrift: RevenueHoldingDto = {
  campaign: {
    id: 'c1',
    slug: 'neon-drift',
    title: 'Neon Drift',
    status: 'launched',
    currency: 'EUR',
    revenue_share_bps: 750,
    platform_share_bps: 1000,
    launched_on: '2027-03-15',
    term_ends_on: '2030-03-14',
    months_left: 24,
  },
  invested_cents: 50_000,
  paid_cents: 21_000,
  multiple: 0.42,
  // In the order verified; the screen shows the newest period first.
  periods: [
    period({
      report_id: 'r-mar',
      gross_cents: 1_000_000,
      store_fees_cents: 300_000,
      refunds_cents: 20_000,
      taxes_cents: 30_000,
      net_cents: 650_000,
      pool_cents: 48_750,
      platform_cents: 4_875,
      investors_cents: 43_875,
      your_cents: 1_096,
      status: 'paid',
      paid_at: '2027-04-20T12:00:00.000Z',
    }),
    period({
      report_id: 'r-apr',
      period_start: '2027-04-01',
      period_end: '2027-04-30',
      gross_cents: 100_000,
      store_fees_cents: 30_000,
      refunds_cents: 200_000,
      net_cents: -130_000,
      carried_out_cents: -9_750,
      status: 'paid',
      paid_at: '2027-05-18T12:00:00.000Z',
    }),
    period({
      report_id: 'r-mar-adj',
      kind: 'adjustment',
      gross_cents: 100_000,
      store_fees_cents: 30_000,
      net_cents: 70_000,
      carried_in_cents: -9_750,
      pool_cents: 0,
      carried_out_cents: -4_500,
      status: 'paid',
      paid_at: '2027-05-25T12:00:00.000Z',
    }),
    period({
      report_id: 'r-may',
      period_start: '2027-05-01',
      period_end: '2027-05-31',
      gross_cents: 800_000,
      store_fees_cents: 240_000,
      refunds_cents: 60_000,
      taxes_cents: 100_000,
      net_cents: 400_000,
      carried_in_cents: -4_500,
      pool_cents: 25_500,
      platform_cents: 2_550,
      investors_cents: 22_950,
      your_cents: 0,
      status: 'awaiting_funds',
      paid_at: null,
    }),
  ],
  statement_years: [2027, 2028],
};

/** Funded with virtual money, the game not out yet. */
export const demoQuest: RevenueHoldingDto = {
  campaign: {
    id: 'c2',
    slug: 'demo-quest',
    title: 'Demo Quest',
    status: 'funded',
    currency: 'DEMO',
    revenue_share_bps: 1000,
    platform_share_bps: 1000,
    launched_on: null,
    term_ends_on: null,
    months_left: null,
  },
  invested_cents: 10_000,
  paid_cents: 0,
  multiple: 0,
  periods: [],
  statement_years: [],
};

/** A term that is over. */
export const oldTimes: RevenueHoldingDto = {
  campaign: {
    id: 'c3',
    slug: null,
    title: 'Old Times',
    status: 'completed',
    currency: 'EUR',
    revenue_share_bps: 500,
    platform_share_bps: 1000,
    launched_on: '2023-01-10',
    term_ends_on: '2026-01-09',
    months_left: 0,
  },
  invested_cents: 20_000,
  paid_cents: 25_000,
  multiple: 1.25,
  periods: [],
  statement_years: [],
};

export const portfolio: RevenuePortfolioDto = { holdings: [neonDrift, demoQuest, oldTimes] };

export const statement2027: StatementDto = {
  year: 2027,
  investor: { name: 'Alice Rossi', email: 'alice@example.com' },
  campaign: neonDrift.campaign,
  invested_cents: 50_000,
  rows: [
    {
      paid_at: '2027-04-20T12:00:00.000Z',
      period_start: '2027-03-01',
      period_end: '2027-03-31',
      kind: 'regular',
      net_cents: 650_000,
      pool_cents: 48_750,
      investors_cents: 43_875,
      your_cents: 1_096,
    },
    {
      paid_at: '2027-10-20T12:00:00.000Z',
      period_start: '2027-07-01',
      period_end: '2027-09-30',
      kind: 'adjustment',
      net_cents: 120_000,
      pool_cents: 9_000,
      investors_cents: 8_100,
      your_cents: 202,
    },
  ],
  total_cents: 1_298,
  generated_at: '2028-01-10T12:00:00.000Z',
};
