import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@indiesplit/shared/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { expectAllInvariants, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import { registerUser, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { verifiedReport } from '../revenue/verified-report.ts';

// A bank does not tell RT-1 from rt-1: one transfer typed twice, in another case or with other
// spaces, is credited once, whichever path records it (deposit, CSV import, pool payment).

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

const suffix = () => randomBytes(4).toString('hex');

async function payerAndAdmin() {
  const admin = await member(t, 'admin');
  const payer = await registerUser(t);
  const reference = (await payer.client.get('/api/funds/deposit-instructions/')).json().reference as string;
  const deposit = (bank: string) =>
    admin.client.post('/api/backoffice/funds/deposits', {
      reference,
      amount: '25.00',
      bank_transaction_id: bank,
      value_date: '2026-03-02',
    });
  return { admin, payer, reference, deposit };
}

describe('bank transaction ids compared without case or spacing', () => {
  it('refuses the second deposit of RT-1 typed as rt-1, and credits once', async () => {
    const { payer, deposit } = await payerAndAdmin();
    const id = `rt-${suffix()}`;
    const first = await deposit(id.toUpperCase());
    expect(first.statusCode).toBe(201);
    expect(first.json().bank_transaction_id).toBe(id.toUpperCase());

    for (const variant of [id, `  ${id}  `, `\t${id.toLowerCase()}\n`]) {
      const again = await deposit(variant);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'depositAlreadyRecorded',
        errors: { bank_transaction_id: MESSAGES.en.depositAlreadyRecorded },
      });
    }
    expect((await walletOf(db, payer.id)).posted).toBe(2_500);
    await expectAllInvariants(db);
  });

  it('treats inner whitespace as one space', async () => {
    const { deposit } = await payerAndAdmin();
    const id = `tx ${suffix()}`;
    expect((await deposit(`TX \t  ${id.slice(3)}`)).statusCode).toBe(201);
    expect((await deposit(id)).statusCode).toBe(409);
  });

  it('reports a case variant in the bank CSV import as a duplicate', async () => {
    const { admin, reference, deposit } = await payerAndAdmin();
    const id = `csv-${suffix()}`;
    expect((await deposit(id.toUpperCase())).statusCode).toBe(201);
    const csv = `date,amount,reference,bank_transaction_id,payer\n2026-03-01,50,${reference},${id},X\n2026-03-01,50,${reference},NEW-${id},X\n2026-03-01,50,${reference},new-${id},X`;
    const res = await admin.client.post('/api/backoffice/funds/deposits/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { result: string }) => r.result)).toEqual([
      'duplicate',
      'credited',
      'duplicate',
    ]);
  });

  it('refuses a pool payment whose id is a deposit in another case', async () => {
    const { admin, deposit } = await payerAndAdmin();
    const id = `pool-${suffix()}`;
    expect((await deposit(id)).statusCode).toBe(201);
    const { campaign } = await launchedCampaign(ctx, { investments: [10_000] });
    const { distribution } = await verifiedReport(db, campaign.id, {
      periodStart: '2026-02-01',
      netCents: 100_000,
    });
    const res = await admin.client.post(`/api/backoffice/distributions/${distribution.id}/funding`, {
      bank_transaction_id: ` ${id.toUpperCase()} `,
      amount_cents: distribution.poolCents,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('depositAlreadyRecorded');
    await expectAllInvariants(db);
  });

  it('holds in the database too: a row recorded before ids were normalised still blocks its variants', async () => {
    const { deposit } = await payerAndAdmin();
    const id = `legacy-${suffix()}`;
    expect((await deposit(id)).statusCode).toBe(201);
    // As an older version stored it: as typed, lower case.
    await db.execute(
      sql`update deposits set bank_transaction_id = ${id} where bank_transaction_id = ${id.toUpperCase()}`,
    );
    await db.execute(
      sql`update bank_transactions set bank_transaction_id = ${id} where bank_transaction_id = ${id.toUpperCase()}`,
    );
    const again = await deposit(id.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('depositAlreadyRecorded');
    await expect(
      db.execute(
        sql`insert into bank_transactions (bank_transaction_id, used_for, deposit_id)
            select ${id.toUpperCase()}, 'deposit', id from deposits where bank_transaction_id = ${id}`,
      ),
    ).rejects.toThrow();
  });
});
