import { type SQL, sql } from 'drizzle-orm';

// The split of a pool between holders, pro rata to their weights (ADR 0014): each holder gets the
// floor of the exact share, and the cents left over go one each to the largest remainders, ties
// broken by id, so the parts sum exactly to the pool and the result does not depend on the order
// the holders come in. distribution.ts does the same in SQL (largestRemainderSql); a property test
// holds the two to the same answers.

export interface Holding {
  id: string;
  /** A non-negative integer: cents invested. */
  weight: number;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Integer cents per holder id; a holder listed twice counts once with the weights added. */
export function allocateLargestRemainder(pool: number, holdings: Holding[]): Map<string, number> {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new Error('the pool must be whole cents, not negative');
  const weights = new Map<string, bigint>();
  for (const h of holdings) {
    if (!Number.isSafeInteger(h.weight) || h.weight < 0)
      throw new Error('weights must be whole and not negative');
    weights.set(h.id, (weights.get(h.id) ?? 0n) + BigInt(h.weight));
  }
  let total = 0n;
  for (const w of weights.values()) total += w;
  const result = new Map<string, number>();
  if (total === 0n || pool === 0) {
    for (const id of weights.keys()) result.set(id, 0);
    if (pool > 0 && weights.size > 0) throw new Error('a pool cannot be split between zero weights');
    return result;
  }
  const bigPool = BigInt(pool);
  const parts: Array<{ id: string; base: bigint; remainder: bigint }> = [];
  let given = 0n;
  for (const [id, w] of weights) {
    const product = bigPool * w;
    const base = product / total;
    given += base;
    parts.push({ id, base, remainder: product % total });
  }
  parts.sort((a, b) => (a.remainder === b.remainder ? byId(a.id, b.id) : a.remainder > b.remainder ? -1 : 1));
  // Fewer leftover cents than holders: each floor loses less than one cent.
  let leftover = bigPool - given;
  for (const p of parts) {
    const extra = leftover > 0n ? 1n : 0n;
    leftover -= extra;
    result.set(p.id, Number(p.base + extra));
  }
  return result;
}

/**
 * The same split in SQL: `weights` is a query of (user_id uuid, weight numeric) rows, one per
 * holder; the answer has (user_id, weight, amount) rows. Products are numeric, so a large pool
 * times a large weight cannot overflow.
 */
export function largestRemainderSql(pool: number, weights: SQL): SQL {
  return sql`
    select user_id, weight,
           (base + case when rank <= leftover then 1 else 0 end)::bigint as amount
    from (
      select s.user_id, s.weight, s.base,
             row_number() over (order by s.remainder desc, s.user_id) as rank,
             ${pool}::numeric - sum(s.base) over () as leftover
      from (
        select t.user_id, t.weight,
               div(${pool}::numeric * t.weight, t.total) as base,
               mod(${pool}::numeric * t.weight, t.total) as remainder
        from (
          select w.user_id, w.weight::numeric as weight, sum(w.weight::numeric) over () as total
          from (${weights}) w
        ) t
        where t.total > 0
      ) s
    ) r`;
}
