import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures/ledger.ts';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type AccountSpec, accountCode, WORLD_SHARDS, worldShardOf } from './account-code.ts';
import { checkLedgerInvariants, ensureAccount, getBalance, reserve, settle, transfer } from './service.ts';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const newUserId = () => fixtures.newUserId(db);

const account = async (spec: AccountSpec) => (await ensureAccount(db, spec)).id;
const wallet = async (currency: 'EUR' | 'DEMO' = 'EUR') =>
  account({ kind: 'wallet', currency, userId: await newUserId() });

async function deposit(to: string, amount: number, currency: 'EUR' | 'DEMO' = 'EUR') {
  const from = await account(
    currency === 'EUR' ? { kind: 'world', currency } : { kind: 'demo_mint', currency },
  );
  return transfer(db, { debitAccountId: from, creditAccountId: to, amount, currency, kind: 'deposit' });
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.status };
    throw err;
  }
  throw new Error('expected the ledger to refuse');
}

async function expectInvariants() {
  const report = await checkLedgerInvariants(db);
  expect(report.violations).toEqual([]);
}

describe('ledger transfers', () => {
  it('credits a deposit to the wallet and balances it against the outside world', async () => {
    const w = await wallet();
    await deposit(w, 12_345);
    expect(await getBalance(db, w)).toEqual({
      posted: 12_345,
      reservedOut: 0,
      pendingIn: 0,
      available: 12_345,
    });
    await expectInvariants();
  });

  it('refuses to overdraw a wallet and writes nothing', async () => {
    const a = await wallet();
    const b = await wallet();
    await deposit(a, 500);
    const r = await refusal(
      transfer(db, { debitAccountId: a, creditAccountId: b, amount: 501, currency: 'EUR', kind: 'test' }),
    );
    expect(r).toEqual({ code: 'insufficientFunds', status: 409 });
    expect((await getBalance(db, a)).available).toBe(500);
    expect((await getBalance(db, b)).posted).toBe(0);
    await expectInvariants();
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53])('refuses the amount %s', async (amount) => {
    const a = await wallet();
    await deposit(a, 1_000);
    const b = await wallet();
    const r = await refusal(
      transfer(db, { debitAccountId: a, creditAccountId: b, amount, currency: 'EUR', kind: 't' }),
    );
    expect(r.code).toBe('amountMustBePositive');
  });

  it('never mixes real and demo euros', async () => {
    const eur = await wallet('EUR');
    const demo = await wallet('DEMO');
    await deposit(eur, 1_000);
    await deposit(demo, 1_000, 'DEMO');
    for (const currency of ['EUR', 'DEMO'] as const) {
      const r = await refusal(
        transfer(db, { debitAccountId: eur, creditAccountId: demo, amount: 10, currency, kind: 't' }),
      );
      expect(r.code).toBe('currencyMismatch');
    }
    // The database refuses it too: a transfer's accounts are keyed by (id, currency).
    await expect(
      db.execute(sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount, currency, kind, phase)
                     values (${eur}, ${demo}, 10, 'EUR', 'raw', 'single')`),
    ).rejects.toThrow();
    await expectInvariants();
  });

  it('reserves, then posts or voids, each pending transfer exactly once', async () => {
    const w = await wallet();
    const escrow = await account({ kind: 'platform', currency: 'EUR' });
    await deposit(w, 1_000);
    const p1 = await reserve(db, {
      debitAccountId: w,
      creditAccountId: escrow,
      amount: 300,
      currency: 'EUR',
      kind: 'investment',
    });
    const p2 = await reserve(db, {
      debitAccountId: w,
      creditAccountId: escrow,
      amount: 200,
      currency: 'EUR',
      kind: 'investment',
    });
    expect(await getBalance(db, w)).toEqual({
      posted: 1_000,
      reservedOut: 500,
      pendingIn: 0,
      available: 500,
    });
    // Reserved money cannot be spent twice.
    const r = await refusal(
      reserve(db, { debitAccountId: w, creditAccountId: escrow, amount: 501, currency: 'EUR', kind: 'x' }),
    );
    expect(r.code).toBe('insufficientFunds');

    const posted = await settle(db, p1.id, 'post');
    expect(await settle(db, p1.id, 'post')).toEqual(posted);
    expect((await refusal(settle(db, p1.id, 'void'))).code).toBe('transferAlreadySettled');
    await settle(db, p2.id, 'void');
    expect((await refusal(settle(db, p2.id, 'post'))).code).toBe('transferAlreadySettled');
    expect(await getBalance(db, w)).toEqual({ posted: 700, reservedOut: 0, pendingIn: 0, available: 700 });
    // Only pending transfers can be settled.
    expect((await refusal(settle(db, posted.id, 'post'))).code).toBe('notFound');
    await expectInvariants();
  });

  it('answers a repeated idempotency key with the first transfer, and refuses it with other details', async () => {
    const a = await wallet();
    const b = await wallet();
    await deposit(a, 1_000);
    const input = {
      debitAccountId: a,
      creditAccountId: b,
      amount: 100,
      currency: 'EUR' as const,
      kind: 't',
      idempotencyKey: randomUUID(),
    };
    const first = await transfer(db, input);
    const again = await transfer(db, input);
    expect(again.id).toBe(first.id);
    expect((await getBalance(db, b)).posted).toBe(100);
    const r = await refusal(transfer(db, { ...input, amount: 101 }));
    expect(r).toEqual({ code: 'idempotencyKeyReused', status: 422 });
    await expectInvariants();
  });

  it('keeps transfers append-only and balances non-negative at the database level', async () => {
    const w = await wallet();
    const tr = await deposit(w, 50);
    const refusedBy = async (query: ReturnType<typeof sql>) => {
      const err = await db.execute(query).then(
        () => undefined,
        (e: { cause?: { message?: string; code?: string } }) => e.cause,
      );
      return err?.message ?? err?.code ?? 'accepted';
    };
    expect(await refusedBy(sql`update ledger_transfers set amount = 1 where id = ${tr.id}`)).toMatch(
      /append-only/,
    );
    expect(await refusedBy(sql`delete from ledger_transfers where id = ${tr.id}`)).toMatch(/append-only/);
    expect(await refusedBy(sql`update ledger_accounts set debits_posted = 51 where id = ${w}`)).toMatch(
      /ledger_accounts_no_overdraft/,
    );
    await expectInvariants();
  });
});

describe('the world cut into shards', () => {
  it('keeps the code of the one world account for shard 0 and names the others', () => {
    expect(accountCode({ kind: 'world', currency: 'EUR' })).toBe('world:EUR');
    expect(accountCode({ kind: 'world', currency: 'EUR', shard: 0 })).toBe('world:EUR');
    expect(accountCode({ kind: 'world', currency: 'EUR', shard: 7 })).toBe('world:7:EUR');
    expect(() => accountCode({ kind: 'world', currency: 'EUR', shard: WORLD_SHARDS })).toThrow();
  });

  it('gives a member always the same shard, and spreads members over every shard', () => {
    const ids = Array.from({ length: 2_000 }, () => randomUUID());
    expect(ids.map(worldShardOf)).toEqual(ids.map(worldShardOf));
    const counts = new Array<number>(WORLD_SHARDS).fill(0);
    for (const id of ids) counts[worldShardOf(id)]!++;
    // 125 expected per shard; none is left empty or takes a quarter of the members.
    expect(Math.min(...counts)).toBeGreaterThan(60);
    expect(Math.max(...counts)).toBeLessThan(500);
  });

  it('balances deposits through different shards: the invariants sum every account', async () => {
    for (const shard of [0, 3, 15]) {
      const world = await account({ kind: 'world', currency: 'EUR', shard });
      const to = await wallet();
      await transfer(db, {
        debitAccountId: world,
        creditAccountId: to,
        amount: 1_000,
        currency: 'EUR',
        kind: 'deposit',
      });
      expect(await getBalance(db, to)).toMatchObject({ available: 1_000 });
    }
    await expectInvariants();
  });
});

describe('ledger under concurrency', () => {
  it('lets 50 racing reservations take exactly what the wallet holds', async () => {
    const w = await wallet();
    const escrow = await account({ kind: 'escrow', currency: 'EUR', campaignId: undefined as never }).catch(
      () => null,
    );
    expect(escrow).toBeNull(); // an escrow needs a campaign
    const target = await wallet();
    await deposit(w, 1_000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        reserve(db, {
          debitAccountId: w,
          creditAccountId: target,
          amount: 100,
          currency: 'EUR',
          kind: 'investment',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.code === 'insufficientFunds',
    );
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(await getBalance(db, w)).toEqual({
      posted: 1_000,
      reservedOut: 1_000,
      pendingIn: 0,
      available: 0,
    });
    await expectInvariants();
  });

  it.runIf(onPostgres)('makes one transfer of the same idempotency key sent 10 times at once', async () => {
    const a = await wallet();
    const b = await wallet();
    await deposit(a, 1_000);
    const input = {
      debitAccountId: a,
      creditAccountId: b,
      amount: 250,
      currency: 'EUR' as const,
      kind: 't',
      idempotencyKey: randomUUID(),
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(db, input)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await getBalance(db, b)).posted).toBe(250);
    expect((await getBalance(db, a)).available).toBe(750);
    await expectInvariants();
  });

  it.runIf(onPostgres)('settles a pending transfer once when posts and voids race', async () => {
    const w = await wallet();
    const target = await wallet();
    await deposit(w, 100);
    const p = await reserve(db, {
      debitAccountId: w,
      creditAccountId: target,
      amount: 100,
      currency: 'EUR',
      kind: 'i',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => settle(db, p.id, i % 2 === 0 ? 'post' : 'void')),
    );
    const settled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    expect(new Set(settled).size).toBe(1);
    const b = await getBalance(db, w);
    expect(b.reservedOut).toBe(0);
    expect([0, 100]).toContain(b.posted);
    await expectInvariants();
  });
});

describe('ledger model (property-based)', () => {
  type Op =
    | { op: 'deposit'; to: number; amount: number }
    | { op: 'withdraw'; from: number; amount: number }
    | { op: 'move'; from: number; to: number; amount: number }
    | { op: 'reserve'; from: number; to: number; amount: number }
    | { op: 'post' | 'void'; pick: number };

  const amount = fc.integer({ min: 1, max: 5_000 });
  const who = fc.integer({ min: 0, max: 2 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('deposit' as const), to: who, amount }),
    fc.record({ op: fc.constant('withdraw' as const), from: who, amount }),
    fc.record({ op: fc.constant('move' as const), from: who, to: who, amount }),
    fc.record({ op: fc.constant('reserve' as const), from: who, to: who, amount }),
    fc.record({ op: fc.constantFrom('post' as const, 'void' as const), pick: fc.nat() }),
  );

  it('keeps every invariant and matches a simple model after each step', async () => {
    const world = await account({ kind: 'world', currency: 'EUR' });
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const wallets = [await wallet(), await wallet(), await wallet()];
        const posted = [0, 0, 0];
        const reserved = [0, 0, 0];
        const open: Array<{ id: number; from: number; to: number; amount: number }> = [];
        for (const op of ops) {
          if (op.op === 'deposit') {
            await transfer(db, {
              debitAccountId: world,
              creditAccountId: wallets[op.to]!,
              amount: op.amount,
              currency: 'EUR',
              kind: 'deposit',
            });
            posted[op.to]! += op.amount;
          } else if (op.op === 'withdraw' || op.op === 'move' || op.op === 'reserve') {
            const to = op.op === 'withdraw' ? world : wallets[op.to]!;
            if (op.op !== 'withdraw' && op.from === op.to) continue;
            const fits = posted[op.from]! - reserved[op.from]! >= op.amount;
            const input = {
              debitAccountId: wallets[op.from]!,
              creditAccountId: to,
              amount: op.amount,
              currency: 'EUR' as const,
              kind: op.op,
            };
            const attempt = op.op === 'reserve' ? reserve(db, input) : transfer(db, input);
            if (!fits) {
              expect((await refusal(attempt)).code).toBe('insufficientFunds');
              continue;
            }
            const row = await attempt;
            if (op.op === 'reserve') {
              reserved[op.from]! += op.amount;
              open.push({ id: row.id, from: op.from, to: op.to, amount: op.amount });
            } else {
              posted[op.from]! -= op.amount;
              if (op.op === 'move') posted[op.to]! += op.amount;
            }
          } else {
            if (open.length === 0) continue;
            const [p] = open.splice(op.pick % open.length, 1);
            await settle(db, p!.id, op.op);
            reserved[p!.from]! -= p!.amount;
            if (op.op === 'post') {
              posted[p!.from]! -= p!.amount;
              posted[p!.to]! += p!.amount;
            }
          }
          for (const [i, w] of wallets.entries()) {
            const b = await getBalance(db, w);
            expect(b.posted).toBe(posted[i]);
            expect(b.reservedOut).toBe(reserved[i]);
          }
          await expectInvariants();
        }
      }),
      { numRuns: 25 },
    );
  });
});
