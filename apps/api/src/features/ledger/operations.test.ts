import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures/ledger.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { preparedRaw } from '../../db/prepared-raw.ts';
import { type AccountSpec, accountCode, accountCodeOf, ownedAccountCodeSql } from './account-code.ts';
import { ensureWallets } from './commands/ensure-wallets.ts';
import { postBatch } from './commands/post-batch.ts';
import { announcePendingCreditSql, reserveOut } from './commands/reserve-out.ts';
import { voidPending } from './commands/void-pending.ts';
import {
  checkLedgerInvariants,
  ensureAccount,
  findWallet,
  getBalance,
  reserve,
  settle,
  transfer,
} from './service.ts';

// The ledger's set-based and hot-path operations (ADR 0022): each writes exactly what the
// one-at-a-time operations would, so the invariants recomputed from the transfers hold after each.

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const newUserId = () => fixtures.newUserId(db);

const account = async (spec: AccountSpec) => (await ensureAccount(db, spec)).id;

async function funded(amount: number): Promise<string> {
  const w = await account({ kind: 'wallet', currency: 'EUR', userId: await newUserId() });
  const world = await account({ kind: 'world', currency: 'EUR' });
  await transfer(db, { debitAccountId: world, creditAccountId: w, amount, currency: 'EUR', kind: 'deposit' });
  return w;
}

async function expectInvariants() {
  expect((await checkLedgerInvariants(db)).violations).toEqual([]);
}

describe('account codes', () => {
  it('names an account the same way in TypeScript and in SQL', async () => {
    const userId = randomUUID();
    const [row] = (
      (await db.execute(
        sql`select ${ownedAccountCodeSql('wallet', sql`${userId}::uuid`, sql`${'EUR'}`)} as code`,
      )) as unknown as { rows: Array<{ code: string }> }
    ).rows;
    expect(row?.code).toBe(accountCode({ kind: 'wallet', userId, currency: 'EUR' }));
    expect(accountCodeOf.wallet(userId, 'EUR')).toBe(`wallet:${userId}:EUR`);
    expect(accountCode({ kind: 'suspense', currency: 'EUR' })).toBe('suspense:EUR');
    expect(accountCode({ kind: 'demo_mint', currency: 'DEMO' })).toBe('demo_mint:DEMO');
    expect(() => accountCode({ kind: 'escrow', currency: 'EUR' })).toThrow();
  });
});

describe('a reservation in two halves', () => {
  it('writes what reserve writes, and refuses more than the available balance', async () => {
    const w = await funded(10_000);
    // Any account that may not go negative stands for the escrow here.
    const escrow = await account({ kind: 'platform', currency: 'EUR' });
    await db.transaction(async (tx) => {
      const id = await reserveOut(tx, {
        debitAccountId: w,
        creditAccountId: escrow,
        amount: 4_000,
        currency: 'EUR',
        kind: 'investment',
        createdBy: null,
      });
      expect(id).toBeTypeOf('number');
      const [moved] = await preparedRaw<{ n: number }>(
        tx,
        'ledger_test_announce',
        `with one as (select 1), e as (${announcePendingCreditSql({ accountId: '$1::uuid', amount: '$2::bigint', after: 'one' })})
         select count(*)::int as n from e`,
        ['account', 'amount'],
      )({ account: escrow, amount: 4_000 });
      expect(Number(moved?.n)).toBe(1);
    });
    expect(await getBalance(db, w)).toMatchObject({ posted: 10_000, reservedOut: 4_000, available: 6_000 });
    await expectInvariants();

    const refused = await reserveOut(db, {
      debitAccountId: w,
      creditAccountId: escrow,
      amount: 6_001,
      currency: 'EUR',
      kind: 'investment',
      createdBy: null,
    });
    expect(refused).toBeUndefined();
    expect(await getBalance(db, w)).toMatchObject({ reservedOut: 4_000, available: 6_000 });
  });
});

describe('voiding a pending transfer', () => {
  it('releases the money once; voiding again, or voiding a posted one, changes nothing', async () => {
    const w = await funded(5_000);
    const platform = await account({ kind: 'platform', currency: 'EUR' });
    const first = await transfer(db, {
      debitAccountId: w,
      creditAccountId: platform,
      amount: 1,
      currency: 'EUR',
      kind: 'fee',
    });
    expect(first.id).toBeGreaterThan(0);
    const pending = await reserve(db, {
      debitAccountId: w,
      creditAccountId: platform,
      amount: 3_000,
      currency: 'EUR',
      kind: 'withdrawal',
    });
    const voided = await voidPending(db, { pendingId: pending.id, createdBy: null });
    expect(voided).toBeTypeOf('number');
    expect(await getBalance(db, w)).toMatchObject({ posted: 4_999, reservedOut: 0, available: 4_999 });
    await expectInvariants();

    expect(await voidPending(db, { pendingId: pending.id, createdBy: null })).toBeUndefined();
    expect(await getBalance(db, w)).toMatchObject({ posted: 4_999, reservedOut: 0, available: 4_999 });

    const other = await reserve(db, {
      debitAccountId: w,
      creditAccountId: platform,
      amount: 2_000,
      currency: 'EUR',
      kind: 'withdrawal',
    });
    await settle(db, other.id, 'post');
    expect(await voidPending(db, { pendingId: other.id, createdBy: null })).toBeUndefined();
    expect(await getBalance(db, w)).toMatchObject({ posted: 2_999, reservedOut: 0, available: 2_999 });
    // A transfer that is not pending is not voided either.
    expect(await voidPending(db, { pendingId: first.id, createdBy: null })).toBeUndefined();
    await expectInvariants();
  });
});

describe('a batch posted from a query', () => {
  it('opens the missing wallets, posts every row and changes each account once by its sum', async () => {
    const pool = await funded(10_000);
    const platform = await account({ kind: 'platform', currency: 'EUR' });
    const a = await newUserId();
    const b = await newUserId();
    const before = await getBalance(db, platform);
    const rows = sql`
      select ${pool}::uuid as debit_account_id, ${platform}::uuid as credit_account_id,
             null::uuid as credit_wallet_of, 1000::bigint as amount, 'fee' as kind, 'batch' as reference,
             ${`batch-platform:${pool}`} as idempotency_key
      union all
      select ${pool}::uuid, null, u.id, 2500::bigint, 'payout', 'batch', 'batch:' || u.id
      from users u where u.id in (${a}::uuid, ${b}::uuid)`;
    await db.transaction(async (tx) => {
      await ensureWallets(
        tx,
        'EUR',
        sql`select id as user_id from users where id in (${a}::uuid, ${b}::uuid)`,
      );
      // Twice: the wallets that exist are left as they are.
      await ensureWallets(tx, 'EUR', sql`select id as user_id from users where id = ${a}::uuid`);
      await postBatch(tx, 'EUR', rows);
    });
    expect((await findWallet(db, a, 'EUR'))?.creditsPosted).toBe(2_500);
    expect((await findWallet(db, b, 'EUR'))?.creditsPosted).toBe(2_500);
    expect((await getBalance(db, platform)).posted - before.posted).toBe(1_000);
    expect(await getBalance(db, pool)).toMatchObject({ posted: 4_000 });
    await expectInvariants();
    // The same keys again: refused by the database, and nothing moves.
    await expect(db.transaction((tx) => postBatch(tx, 'EUR', rows))).rejects.toThrow();
    expect(await getBalance(db, pool)).toMatchObject({ posted: 4_000 });
  });
});
