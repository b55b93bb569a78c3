// The campaign page's payout simulator (spec §1, ADR 0014): what an investment could return over
// the term if the game sold a given number of copies a month. Integer cents throughout; every step
// rounds down but the platform's share of the pool, which is rounded down as the payouts round it
// (the investors get the remainder): the simulation shows what the payout arithmetic would pay.
// Refunds and taxes are ignored (they only lower the net revenue). The pool and the platform's
// share of it are computed by revenue-split.ts, the same functions the payouts use (ADR 0028).

import { splitNetRevenue } from './revenue-split.ts';

/**
 * The platform's share of a pool when the campaign has none frozen yet: revenue.ts's
 * DEFAULT_PLATFORM_SHARE_BPS (a test keeps them equal). Not imported from there, so the campaign
 * page's simulator chunk stays free of the schema library.
 */
export const SIMULATOR_DEFAULT_PLATFORM_SHARE_BPS = 1000;
/** A typical store's cut, shown as the starting value (basis points of the gross). */
export const SIMULATOR_DEFAULT_STORE_FEE_BPS = 3000;
/** Largest price a reader may enter: €10,000 a copy. */
export const SIMULATOR_MAX_PRICE_CENTS = 1_000_000;
/** Largest number of copies a month a reader may enter. */
export const SIMULATOR_MAX_COPIES = 10_000_000;

export const SIMULATOR_CASES = ['low', 'expected', 'high'] as const;
export type SimulatorCase = (typeof SIMULATOR_CASES)[number];

/** Copies sold in each case, as a fraction of the copies entered: half, as entered, double. */
const CASE_FACTOR: Record<SimulatorCase, { num: bigint; den: bigint }> = {
  low: { num: 1n, den: 2n },
  expected: { num: 1n, den: 1n },
  high: { num: 2n, den: 1n },
};

export interface PayoutSimulationInput {
  /** Price of one copy, cents. */
  price_cents: number;
  copies_per_month: number;
  /** The store's cut of the gross, basis points (0–10000). */
  store_fee_bps: number;
  investment_cents: number;
  /** The campaign's revenue share, basis points of the net revenue. */
  revenue_share_bps: number;
  /** The platform's part of each pool; null (not frozen yet) means the default, 10%. */
  platform_share_bps: number | null;
  term_months: number;
  /** Raised so far, and the goal: the investor's part is taken of the total (simulationBase). */
  committed_cents: number;
  goal_cents: number;
  /** The campaign still takes investments: the investment would be added to what was raised. */
  open: boolean;
}

export interface PayoutScenario {
  /** Copies a month in this case (half of an odd number keeps its .5). */
  copies_per_month: number;
  /** Gross revenue of one month: price × copies in this case (rounded down to the cent). */
  gross_cents: number;
  /** gross × (1 − store fee). */
  net_cents: number;
  /** net × revenue share. */
  pool_cents: number;
  /** pool − the platform's share of it (rounded down), as the payouts split it. */
  investors_cents: number;
  /** The investor's part of one month: investors × investment / total raised. */
  monthly_cents: number;
  /** monthly × term months. */
  total_cents: number;
  /** total / investment in hundredths, rounded down: 42 means 0.42×. */
  multiple_hundredths: number;
}

export interface PayoutSimulation {
  /** The total the investment is a part of (simulationBase). */
  raised_cents: number;
  platform_share_bps: number;
  low: PayoutScenario;
  expected: PayoutScenario;
  high: PayoutScenario;
}

const BPS = 10_000n;

/**
 * What an investment is a part of. While the campaign is open the investment adds to what has been
 * raised, and the campaign closes at its goal at least: the larger of the two. Once it has closed,
 * the total is what it raised (an investment larger than that is taken as the total).
 */
export function simulationBase(
  committedCents: number,
  goalCents: number,
  investmentCents: number,
  open: boolean,
): number {
  return open
    ? Math.max(committedCents + investmentCents, goalCents, 0)
    : Math.max(committedCents, goalCents, investmentCents, 0);
}

function check(name: string, value: number, max: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be an integer from 0 to ${max}`);
  }
  return BigInt(value);
}

/** The payouts an investment would receive in the low, expected and high case. */
export function simulatePayouts(input: PayoutSimulationInput): PayoutSimulation {
  const price = check('price_cents', input.price_cents, SIMULATOR_MAX_PRICE_CENTS);
  const copies = check('copies_per_month', input.copies_per_month, SIMULATOR_MAX_COPIES);
  const fee = check('store_fee_bps', input.store_fee_bps, 10_000);
  const investment = check('investment_cents', input.investment_cents, Number.MAX_SAFE_INTEGER);
  const share = check('revenue_share_bps', input.revenue_share_bps, 10_000);
  const platformBps = input.platform_share_bps ?? SIMULATOR_DEFAULT_PLATFORM_SHARE_BPS;
  const platform = check('platform_share_bps', platformBps, 10_000);
  const term = check('term_months', input.term_months, 1200);
  check('committed_cents', input.committed_cents, Number.MAX_SAFE_INTEGER);
  check('goal_cents', input.goal_cents, Number.MAX_SAFE_INTEGER);

  const raised = BigInt(
    simulationBase(input.committed_cents, input.goal_cents, input.investment_cents, input.open),
  );

  const scenario = (c: SimulatorCase): PayoutScenario => {
    const { num, den } = CASE_FACTOR[c];
    const gross = (price * copies * num) / den;
    const net = (gross * (BPS - fee)) / BPS;
    const split = splitNetRevenue(Number(net), Number(share), Number(platform));
    const pool = BigInt(split.poolCents);
    const investors = BigInt(split.investorsCents);
    const monthly = raised === 0n ? 0n : (investors * investment) / raised;
    const total = monthly * term;
    const multiple = investment === 0n ? 0n : (total * 100n) / investment;
    return {
      copies_per_month: (input.copies_per_month * Number(num)) / Number(den),
      gross_cents: Number(gross),
      net_cents: Number(net),
      pool_cents: Number(pool),
      investors_cents: Number(investors),
      monthly_cents: Number(monthly),
      total_cents: Number(total),
      multiple_hundredths: Number(multiple),
    };
  };

  return {
    raised_cents: Number(raised),
    platform_share_bps: platformBps,
    low: scenario('low'),
    expected: scenario('expected'),
    high: scenario('high'),
  };
}
