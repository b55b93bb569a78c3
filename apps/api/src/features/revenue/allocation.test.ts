import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures/settlement.ts';
import type { Db } from '../../db/client.ts';
import { allocateLargestRemainder, largestRemainderSql } from './allocation.ts';

let db: Db;
useTestApp((env) => {
  db = env.db;
});

const uuid = fc.uuid().map((u) => u.toLowerCase());
/** Holdings with distinct ids; weights drawn from a few values too, so remainders tie often. */
const holdings = fc.uniqueArray(
  fc.record({
    id: uuid,
    weight: fc.oneof(fc.constantFrom(1, 5_000, 10_000, 33_333), fc.integer({ min: 1, max: 50_000_000 })),
  }),
  { selector: (h) => h.id, minLength: 1, maxLength: 40 },
);
const pool = fc.integer({ min: 0, max: 10_000_000_000 });

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('allocateLargestRemainder', () => {
  it('splits the pool exactly: the parts always sum to the pool', () => {
    fc.assert(fc.property(pool, holdings, (p, hs) => sum(allocateLargestRemainder(p, hs)) === p));
  });

  it('gives each holder less than one cent away from the exact share', () => {
    fc.assert(
      fc.property(pool, holdings, (p, hs) => {
        const parts = allocateLargestRemainder(p, hs);
        const total = hs.reduce((a, h) => a + BigInt(h.weight), 0n);
        for (const h of hs) {
          const diff = BigInt(parts.get(h.id)!) * total - BigInt(p) * BigInt(h.weight);
          if (diff <= -total || diff >= total) return false;
        }
        return true;
      }),
    );
  });

  it('does not depend on the order of the holders', () => {
    fc.assert(
      fc.property(pool, holdings, fc.integer(), (p, hs, seed) => {
        const shuffled = [...hs].sort(
          (a, b) => ((a.weight * 31 + seed) % 97) - ((b.weight * 31 + seed) % 97),
        );
        shuffled.reverse();
        expect(allocateLargestRemainder(p, shuffled)).toEqual(allocateLargestRemainder(p, hs));
      }),
    );
  });

  it('gives everyone zero from a zero pool', () => {
    fc.assert(
      fc.property(holdings, (hs) => [...allocateLargestRemainder(0, hs).values()].every((v) => v === 0)),
    );
  });

  it('gives a leftover cent to the larger remainder, and between equals to the smaller id', () => {
    const a = '00000000-0000-4000-8000-000000000001';
    const b = '00000000-0000-4000-8000-000000000002';
    const c = '00000000-0000-4000-8000-000000000003';
    // 100 between three equal holders: 33 each, the cent left goes to the first id.
    expect(
      allocateLargestRemainder(100, [
        { id: c, weight: 1 },
        { id: b, weight: 1 },
        { id: a, weight: 1 },
      ]),
    ).toEqual(
      new Map([
        [c, 33],
        [b, 33],
        [a, 34],
      ]),
    );
    // 10 split 1:2 -> 3.33 and 6.67: the larger remainder takes the cent.
    expect(
      allocateLargestRemainder(10, [
        { id: a, weight: 1 },
        { id: b, weight: 2 },
      ]),
    ).toEqual(
      new Map([
        [a, 3],
        [b, 7],
      ]),
    );
  });
});

describe('the SQL split used by the payout', () => {
  it('gives exactly the same parts as allocateLargestRemainder for random holdings', async () => {
    await fc.assert(
      fc.asyncProperty(pool, holdings, async (p, hs) => {
        const values = sql.join(
          hs.map((h) => sql`(${h.id}::uuid, ${h.weight}::bigint)`),
          sql`, `,
        );
        const weights = sql`select * from (values ${values}) as v(user_id, weight)`;
        const result = (await db.execute(largestRemainderSql(p, weights))) as unknown as {
          rows: Array<{ user_id: string; amount: string | number }>;
        };
        const fromSql = new Map(result.rows.map((r) => [r.user_id, Number(r.amount)]));
        expect(fromSql).toEqual(allocateLargestRemainder(p, hs));
      }),
      { numRuns: 60 },
    );
  });

  it('splits large pools over large weights without overflowing', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const hs = ids.map((id, i) => ({ id, weight: 9_000_000_000_000 + i }));
    const p = 9_000_000_000_000;
    const values = sql.join(
      hs.map((h) => sql`(${h.id}::uuid, ${h.weight}::bigint)`),
      sql`, `,
    );
    const result = (await db.execute(
      largestRemainderSql(p, sql`select * from (values ${values}) as v(user_id, weight)`),
    )) as unknown as { rows: Array<{ user_id: string; amount: string | number }> };
    const fromSql = new Map(result.rows.map((r) => [r.user_id, Number(r.amount)]));
    expect(fromSql).toEqual(allocateLargestRemainder(p, hs));
    expect(sum(fromSql)).toBe(p);
  });
});
