import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';

// An account holding real money cannot be erased or deleted: the euros must be paid out first
// (ADR 0013). Once nothing is held, both work as before.

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

async function fund(client: TestClient, amount: string) {
  const reference = (await client.get('/api/funds/deposit-instructions/')).json().reference;
  const res = await admin.client.post('/api/backoffice/funds/deposits', {
    reference,
    amount,
    bank_transaction_id: `B-${randomBytes(6).toString('hex')}`,
    value_date: '2026-03-02',
  });
  expect(res.statusCode).toBe(201);
}

const withdraw = (client: TestClient, amount: string) =>
  client.post('/api/funds/withdrawals/', {
    amount,
    iban: 'IT60X0542811101000000123456',
    account_holder: 'Ada Lovelace',
  });

const deletedAt = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.deletedAt ?? null;

describe('deleting an account that holds money', () => {
  it('is refused with a translated error while euros are in the wallet, and changes nothing', async () => {
    const m = await registerUser(t);
    await fund(m.client, '20');
    const res = await m.client.delete('/api/user/delete/');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'accountHoldsMoney',
      message: expect.stringMatching(/^Your account still holds euros/),
    });
    const erase = await m.client.request('DELETE', '/api/user/delete-all-data/', {
      headers: { 'accept-language': 'it' },
    });
    expect(erase.statusCode).toBe(409);
    expect(erase.json().message).toMatch(/^Il tuo account contiene ancora euro/);

    expect(await deletedAt(m.id)).toBeNull();
    const me = (await m.client.get('/api/user/')).json().user;
    expect(me).toMatchObject({ username: m.payload.username, first_name: 'Ada' });
  });

  it('is refused while a withdrawal is open, and allowed once it is paid and the wallet is empty', async () => {
    const m = await member(t);
    await fund(m.client, '20');
    const id = (await withdraw(m.client, '20')).json().id;
    expect((await m.client.delete('/api/user/delete/')).statusCode).toBe(409);

    const paid = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, {
      bank_reference: 'SEPA-9',
    });
    expect(paid.statusCode).toBe(200);
    expect((await m.client.delete('/api/user/delete-all-data/')).statusCode).toBe(200);
    expect((await m.client.delete('/api/user/delete/')).statusCode).toBe(200);
    expect(await deletedAt(m.id)).not.toBeNull();
  });

  it('works as before for a member who never had money', async () => {
    const m = await registerUser(t);
    await m.client.get('/api/funds/deposit-instructions/');
    await m.client.post('/api/wallet/demo/');
    expect((await m.client.delete('/api/user/delete/')).statusCode).toBe(200);
    expect(await deletedAt(m.id)).not.toBeNull();
  });
});
