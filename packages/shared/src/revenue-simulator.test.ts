import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SHARE_BPS } from './revenue.ts';
import {
  type PayoutSimulationInput,
  SIMULATOR_DEFAULT_PLATFORM_SHARE_BPS,
  SIMULATOR_MAX_COPIES,
  SIMULATOR_MAX_PRICE_CENTS,
  simulatePayouts,
} from './revenue-simulator.ts';

const base: PayoutSimulationInput = {
  price_cents: 1999,
  copies_per_month: 1000,
  store_fee_bps: 3000,
  investment_cents: 5000,
  revenue_share_bps: 750,
  platform_share_bps: 1000,
  term_months: 36,
  committed_cents: 800_000,
  goal_cents: 2_000_000,
  open: true,
};

describe('simulatePayouts', () => {
  it("follows gross -> net -> pool -> investors -> your part, rounding down all but the investors' remainder", () => {
    const sim = simulatePayouts(base);
    // The goal is more than raised so far: the investment is a part of the goal.
    expect(sim.raised_cents).toBe(2_000_000);
    expect(sim.expected).toEqual({
      copies_per_month: 1000,
      gross_cents: 1_999_000,
      net_cents: 1_399_300, // × 70%
      pool_cents: 104_947, // × 7.5% = 104,947.5
      investors_cents: 94_453, // − the platform's 10,494 (10,494.7 rounded down), as the payouts split it
      monthly_cents: 236, // × 5,000 / 2,000,000 = 236.13
      total_cents: 8_496, // × 36
      multiple_hundredths: 169, // 8,496 / 5,000 = 1.6992
    });
  });

  it('halves the copies in the low case and doubles them in the high case', () => {
    const sim = simulatePayouts(base);
    expect(sim.low).toEqual({
      copies_per_month: 500,
      gross_cents: 999_500,
      net_cents: 699_650,
      pool_cents: 52_473, // 52,473.75
      investors_cents: 47_226, // 52,473 − 5,247
      monthly_cents: 118, // 118.06
      total_cents: 4_248,
      multiple_hundredths: 84, // 0.8496
    });
    expect(sim.high).toEqual({
      copies_per_month: 2000,
      gross_cents: 3_998_000,
      net_cents: 2_798_600,
      pool_cents: 209_895,
      investors_cents: 188_906, // 209,895 − 20,989
      monthly_cents: 472, // 472.26
      total_cents: 16_992,
      multiple_hundredths: 339, // 3.3984
    });
  });

  it('rounds half an odd number of copies down to the cent of gross', () => {
    const sim = simulatePayouts({ ...base, price_cents: 999, copies_per_month: 3 });
    expect(sim.low.copies_per_month).toBe(1.5);
    expect(sim.low.gross_cents).toBe(1498); // 2,997 / 2
  });

  it('adds the investment to what an open campaign has raised when that is more than the goal', () => {
    const sim = simulatePayouts({ ...base, committed_cents: 3_000_000 });
    expect(sim.raised_cents).toBe(3_005_000);
    expect(sim.expected.monthly_cents).toBe(157); // 94,452 × 5,000 / 3,005,000 = 157.16
    const big = simulatePayouts({ ...base, committed_cents: 3_000_000, investment_cents: 1_000_000 });
    // A quarter of the investors' pool, not a third: the others' €30,000 stay in the total.
    expect(big.raised_cents).toBe(4_000_000);
    expect(big.expected.monthly_cents).toBe(23_613); // 94,452 / 4 = 23,613
  });

  it('takes the part of what a closed campaign raised', () => {
    const sim = simulatePayouts({ ...base, committed_cents: 3_000_000, open: false });
    expect(sim.raised_cents).toBe(3_000_000);
    expect(sim.expected.monthly_cents).toBe(157); // 94,453 × 5,000 / 3,000,000 = 157.42
  });

  it('takes the investment itself as the total when a closed campaign raised less', () => {
    const sim = simulatePayouts({ ...base, investment_cents: 5_000_000, open: false });
    expect(sim.raised_cents).toBe(5_000_000);
    expect(sim.expected.monthly_cents).toBe(sim.expected.investors_cents);
    expect(sim.expected.total_cents).toBe(94_453 * 36);
  });

  it('uses the default platform share of 10% when the campaign has none frozen yet', () => {
    const withNull = simulatePayouts({ ...base, platform_share_bps: null });
    expect(withNull.platform_share_bps).toBe(1000);
    expect(SIMULATOR_DEFAULT_PLATFORM_SHARE_BPS).toBe(DEFAULT_PLATFORM_SHARE_BPS);
    expect(withNull.expected).toEqual(simulatePayouts(base).expected);
    const noPlatform = simulatePayouts({ ...base, platform_share_bps: 0 });
    expect(noPlatform.expected.investors_cents).toBe(104_947);
  });

  it('returns zeros with no sales or no investment, never dividing by zero', () => {
    const none = simulatePayouts({ ...base, copies_per_month: 0 });
    expect(none.high.total_cents).toBe(0);
    expect(none.high.multiple_hundredths).toBe(0);
    const nothing = simulatePayouts({ ...base, investment_cents: 0, committed_cents: 0, goal_cents: 0 });
    expect(nothing.raised_cents).toBe(0);
    expect(nothing.expected.monthly_cents).toBe(0);
    expect(nothing.expected.multiple_hundredths).toBe(0);
  });

  it('stays exact at the largest inputs', () => {
    const sim = simulatePayouts({
      ...base,
      price_cents: SIMULATOR_MAX_PRICE_CENTS,
      copies_per_month: SIMULATOR_MAX_COPIES,
      store_fee_bps: 0,
      revenue_share_bps: 10_000,
      platform_share_bps: 0,
      investment_cents: 100_000_000_000,
      committed_cents: 0,
      goal_cents: 0,
    });
    expect(sim.high.monthly_cents).toBe(20_000_000_000_000);
    expect(sim.high.total_cents).toBe(720_000_000_000_000);
    expect(sim.high.multiple_hundredths).toBe(720_000);
  });

  it('refuses amounts that are negative, fractional or too large', () => {
    expect(() => simulatePayouts({ ...base, price_cents: -1 })).toThrow(RangeError);
    expect(() => simulatePayouts({ ...base, copies_per_month: 1.5 })).toThrow(RangeError);
    expect(() => simulatePayouts({ ...base, store_fee_bps: 10_001 })).toThrow(RangeError);
    expect(() => simulatePayouts({ ...base, price_cents: SIMULATOR_MAX_PRICE_CENTS + 1 })).toThrow(
      RangeError,
    );
  });

  it('is within a cent a month above and 5 cents a month below the exact arithmetic', () => {
    // A fixed pseudo-random sequence, so a failure can be reproduced.
    let seed = 7;
    const next = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % (max + 1);
    };
    for (let i = 0; i < 500; i++) {
      const input: PayoutSimulationInput = {
        price_cents: next(20_000),
        copies_per_month: next(50_000),
        store_fee_bps: next(10_000),
        investment_cents: 1 + next(10_000_000),
        revenue_share_bps: next(3000),
        platform_share_bps: next(2000),
        term_months: 36,
        committed_cents: next(50_000_000),
        goal_cents: next(50_000_000),
        open: next(1) === 1,
      };
      const sim = simulatePayouts(input);
      const raised = BigInt(sim.raised_cents);
      for (const [c, num, den] of [
        ['low', 1n, 2n],
        ['expected', 1n, 1n],
        ['high', 2n, 1n],
      ] as const) {
        // exact monthly = price × copies × factor × (1 − fee) × share × (1 − platform) × investment / raised
        const numerator =
          BigInt(input.price_cents) *
          BigInt(input.copies_per_month) *
          num *
          BigInt(10_000 - input.store_fee_bps) *
          BigInt(input.revenue_share_bps) *
          BigInt(10_000 - (input.platform_share_bps ?? 1000)) *
          BigInt(input.investment_cents);
        const denominator = den * 10_000n ** 3n * raised;
        const monthly = BigInt(sim[c].monthly_cents);
        // The platform's share is rounded down, so the investors' remainder may exceed the exact
        // amount by less than a cent.
        expect((monthly - 1n) * denominator <= numerator, `${c} #${i}`).toBe(true);
        expect((monthly + 5n) * denominator > numerator, `${c} #${i}`).toBe(true);
        expect(sim[c].total_cents).toBe(sim[c].monthly_cents * 36);
      }
    }
  });
});
