// How one period's net revenue is split (ADR 0014, ADR 0028): the campaign's revenue share of the
// net revenue forms the pool; the platform keeps its share of the pool, rounded toward zero; the
// rest of the pool is the investors'. The payouts (apps/api revenue/pool.ts), the campaign page's
// simulator (revenue-simulator.ts) and the key investment information sheet all call these
// functions, so the three cannot state different amounts. Integer cents, shares in basis points.
// Free of the schema library: the simulator's chunk imports it.

const BPS = 10_000n;

function checkBps(name: string, bps: number): bigint {
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) {
    throw new RangeError(`${name} must be an integer from 0 to 10000`);
  }
  return BigInt(bps);
}

/** Basis points of an amount, rounded toward zero: never more than the exact share. */
export function bpsOf(amountCents: number, bps: number): number {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError('amount must be a safe integer');
  const exact = (BigInt(Math.abs(amountCents)) * checkBps('bps', bps)) / BPS;
  return amountCents < 0 ? -Number(exact) : Number(exact);
}

/** The pool a period's net revenue owes: the revenue share of it (negative for a loss). */
export function poolDueOf(netCents: number, revenueShareBps: number): number {
  return bpsOf(netCents, revenueShareBps);
}

export interface PoolSplit {
  /** The platform's share of the pool, rounded toward zero. */
  platformCents: number;
  /** The rest of the pool: what the investors share pro rata. */
  investorsCents: number;
}

/** Splits a (non-negative) pool between the platform and the investors. */
export function splitPool(poolCents: number, platformShareBps: number): PoolSplit {
  if (!Number.isSafeInteger(poolCents) || poolCents < 0) throw new RangeError('pool must be ≥ 0');
  const platformCents = bpsOf(poolCents, platformShareBps);
  return { platformCents, investorsCents: poolCents - platformCents };
}

export interface RevenueSplit extends PoolSplit {
  poolCents: number;
}

/** A period with nothing carried in: net revenue -> pool -> platform and investors. */
export function splitNetRevenue(
  netCents: number,
  revenueShareBps: number,
  platformShareBps: number,
): RevenueSplit {
  const poolCents = Math.max(0, poolDueOf(netCents, revenueShareBps));
  return { poolCents, ...splitPool(poolCents, platformShareBps) };
}

/**
 * The investors' effective share of the net revenue before rounding, in millionths of a percent
 * (exact: the product of two basis-point shares), e.g. 8% with a 10% platform share -> 7_200_000
 * (7.2%). What a period actually pays is splitNetRevenue's, rounded to the cent.
 */
export function investorsShareOfNet(revenueShareBps: number, platformShareBps: number): number {
  const share = checkBps('revenueShareBps', revenueShareBps);
  const platform = checkBps('platformShareBps', platformShareBps);
  return Number(share * (BPS - platform));
}
