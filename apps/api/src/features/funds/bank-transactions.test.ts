import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { expectAllInvariants, useTestApp } from '../../../test/fixtures/settlement.ts';
import { registerUser, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordDeveloperPayment } from '../revenue/distribution.ts';
import { checkRevenueInvariants } from '../revenue/revenue-invariants.ts';
import { verifiedReport } from '../revenue/verified-report.ts';

// The migration that made bank_transactions filled it from the deposits and the developers' pool
// payments recorded before. Its backfill is run again here, on rows the code wrote, and must give
// back exactly the claims the code made.

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

const bankId = () => `BANK-${randomBytes(6).toString('hex').toUpperCase()}`;

async function backfillStatements(): Promise<string[]> {
  const folder = migrationsFolder();
  const file = (await readdir(folder)).find((f) => /^0005_.*\.sql$/.test(f));
  if (!file) throw new Error('migration 0005 not found');
  const text = await readFile(path.join(folder, file), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .filter((statement) => statement.includes('INSERT INTO "bank_transactions"'));
}

type Claim = { id: string; used_for: string; deposit_id: string | null; distribution_id: string | null };

async function claims(tx: Db): Promise<Claim[]> {
  const result = await tx.execute(
    sql`select bank_transaction_id as id, used_for, deposit_id, distribution_id
        from bank_transactions order by bank_transaction_id`,
  );
  return (result as unknown as { rows: Claim[] }).rows;
}

class Rollback extends Error {}

/** Runs `work` in a transaction that is always rolled back, and returns what it returned. */
async function rolledBack<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await db
    .transaction(async (tx) => {
      out = await work(tx);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out as T;
}

/** A verified report of the campaign and the distribution awaiting the developer's payment. */
async function awaitingFunds(campaignId: string, periodStart: string, netCents: number) {
  return (await verifiedReport(db, campaignId, { periodStart, netCents })).distribution;
}

describe('the backfill of bank_transactions', () => {
  it('claims every deposit and every pool payment already recorded, the deposit first on a clash', async () => {
    const admin = await member(t, 'admin');
    const payer = await registerUser(t);
    const reference = (await payer.client.get('/api/funds/deposit-instructions/')).json().reference;
    const depositIds = [bankId(), bankId()];
    for (const bank of depositIds) {
      const res = await admin.client.post('/api/backoffice/funds/deposits', {
        reference,
        amount: '12.00',
        bank_transaction_id: bank,
        value_date: '2026-03-02',
      });
      expect(res.statusCode).toBe(201);
    }
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    const paidIn = await awaitingFunds(campaign.id, '2026-02-01', 100_000);
    const poolBank = bankId();
    await recordDeveloperPayment(ctx, paidIn.id, {
      bankTransactionId: poolBank,
      amountCents: 10_000,
      actorId: admin.id,
    });
    const unpaid = await awaitingFunds(campaign.id, '2026-03-01', 50_000);
    await expectAllInvariants(db);

    const statements = await backfillStatements();
    expect(statements).toHaveLength(2);
    const written = await claims(db);
    expect(written.filter((c) => [...depositIds, poolBank].includes(c.id))).toHaveLength(3);
    expect(written.some((c) => c.distribution_id === unpaid.id)).toBe(false);

    // Run on the rows as they are: the same claims as the code made.
    const again = await rolledBack(async (tx) => {
      await tx.execute(sql`delete from bank_transactions`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      return claims(tx);
    });
    expect(again).toEqual(written);

    // An id used by both before the table existed: the migration does not fail, the deposit keeps it.
    const clash = await rolledBack(async (tx) => {
      await tx.execute(sql`delete from bank_transactions`);
      await tx.execute(
        sql`update revenue_distributions set bank_transaction_id = ${depositIds[0]} where id = ${paidIn.id}::uuid`,
      );
      for (const statement of statements) await tx.execute(sql.raw(statement));
      return { claimed: await claims(tx), report: await checkRevenueInvariants(tx) };
    });
    expect(clash.claimed.filter((c) => c.id === depositIds[0])).toEqual([
      expect.objectContaining({ used_for: 'deposit', distribution_id: null }),
    ]);
    expect(clash.claimed.some((c) => c.distribution_id === paidIn.id)).toBe(false);
    // The back office's ledger check names the double use for a person to sort out.
    expect(clash.report.violations).toEqual([
      `distribution ${paidIn.id}: bank transfer ${depositIds[0]} is not claimed by it (used twice?)`,
    ]);
    expect(await claims(db)).toEqual(written);
  });
});
