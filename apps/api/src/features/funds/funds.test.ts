import { randomBytes } from 'node:crypto';
import { MAX_OPEN_WITHDRAWALS, REFERENCE_ALPHABET } from '@indiesplit/shared/funds';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import {
  createTestApp,
  onPostgres,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import { ConfigError, parseConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { isPgError } from '../../platform/pg-errors.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { countOpenWithdrawals } from './repo.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

const bankId = () => `BANK-${randomBytes(6).toString('hex')}`;
const REFERENCE = new RegExp(`^IS-[${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{4}$`);

async function referenceOf(client: TestClient): Promise<string> {
  const res = await client.get('/api/funds/deposit-instructions/');
  expect(res.statusCode).toBe(200);
  return res.json().reference;
}

async function eur(client: TestClient) {
  const res = await client.get('/api/wallet/?currency=EUR');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    balances: Array<{ posted_cents: number; reserved_cents: number; available_cents: number }>;
    transactions: Array<{ amount_cents: number; kind: string; phase: string }>;
  };
}

const available = async (client: TestClient) => (await eur(client)).balances[0]!.available_cents;

function deposit(body: Record<string, unknown>, as: TestClient = admin.client) {
  return as.post('/api/backoffice/funds/deposits', {
    amount: '100.00',
    bank_transaction_id: bankId(),
    value_date: '2026-03-02',
    payer_name: 'Ada Lovelace',
    ...body,
  });
}

const verify = (userId: string) =>
  t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));

/** A member with a verified address whose EUR wallet holds `euros` through a recorded deposit. */
async function funded(euros: string, overrides: Record<string, unknown> = {}) {
  const m = await registerUser(t, overrides);
  await verify(m.id);
  const res = await deposit({ reference: await referenceOf(m.client), amount: euros });
  expect(res.statusCode).toBe(201);
  return m;
}

const withdraw = (client: TestClient, body: Record<string, unknown> = {}) =>
  client.post('/api/funds/withdrawals/', {
    amount: '10.00',
    iban: 'IT60 X054 2811 1010 0000 0123 456',
    account_holder: 'Ada Lovelace',
    ...body,
  });

const invariantsHold = async () =>
  expect((await checkLedgerInvariants(t.database.db)).violations).toEqual([]);

describe('deposit instructions', () => {
  it('show the platform account and a personal reference made once, unique and unambiguous', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const [first, again] = await Promise.all([
      a.client.get('/api/funds/deposit-instructions/'),
      a.client.get('/api/funds/deposit-instructions/'),
    ]);
    expect(first.json()).toEqual({
      currency: 'EUR',
      iban: 'IT60X0542811101000000123456',
      bic: 'XXXXITXXXXX',
      beneficiary: expect.stringMatching(/DEVELOPMENT/),
      reference: expect.stringMatching(REFERENCE),
    });
    expect(again.json().reference).toBe(first.json().reference);
    expect(await referenceOf(a.client)).toBe(first.json().reference);
    expect(await referenceOf(b.client)).not.toBe(first.json().reference);
    expect(first.headers['cache-control']).toContain('no-store');
  });

  it('need a session', async () => {
    expect((await t.client().get('/api/funds/deposit-instructions/')).statusCode).toBe(401);
    expect((await t.client().get('/api/funds/withdrawals/')).statusCode).toBe(401);
    expect((await withdraw(t.client(), { iban: 'nonsense' })).statusCode).toBe(401);
  });
});

describe('the back office is for admins only', () => {
  it('answers a visitor 401, a member 403 staffOnly and a reviewer 403 adminOnly, and credits nothing', async () => {
    const target = await registerUser(t);
    const reference = await referenceOf(target.client);
    const plain = await registerUser(t);
    const reviewer = await member(t, 'reviewer');
    const calls = (c: TestClient) => [
      deposit({ reference }, c),
      c.post('/api/backoffice/funds/deposits/import', {
        csv: `date,amount,reference,bank_transaction_id,payer\n2026-03-01,50,${reference},${bankId()},X`,
      }),
      c.get('/api/backoffice/funds/deposits'),
      c.get('/api/backoffice/funds/withdrawals?status=requested'),
      c.post(`/api/backoffice/funds/withdrawals/${crypto.randomUUID()}/processing`),
      c.post(`/api/backoffice/funds/withdrawals/${crypto.randomUUID()}/paid`, { bank_reference: 'x' }),
      c.post(`/api/backoffice/funds/withdrawals/${crypto.randomUUID()}/reject`, { note: 'x' }),
    ];
    for (const res of await Promise.all(calls(t.client()))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(calls(plain.client))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('staffOnly');
    }
    for (const res of await Promise.all(calls(reviewer.client))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('adminOnly');
    }
    expect(await available(target.client)).toBe(0);
  });
});

describe('recording a deposit', () => {
  it('credits the wallet the reference names, shows it in its movements and tells the member', async () => {
    const payer = await registerUser(t, { email: `payer_${randomBytes(3).toString('hex')}@example.com` });
    const bystander = await registerUser(t);
    await referenceOf(bystander.client);
    const reference = await referenceOf(payer.client);
    // Banks pass the description on as they like: lower case, dashes lost, words around it.
    const res = await deposit({
      reference: `Bonifico ${reference.toLowerCase().replaceAll('-', '')} grazie`,
      amount: '1250,50',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      member: { id: payer.id, username: payer.payload.username },
      amount_cents: 125_050,
      value_date: '2026-03-02',
      payer_name: 'Ada Lovelace',
      recorded_by: admin.payload.username,
    });

    const wallet = await eur(payer.client);
    expect(wallet.balances[0]).toEqual({
      currency: 'EUR',
      posted_cents: 125_050,
      reserved_cents: 0,
      available_cents: 125_050,
    });
    expect(wallet.transactions).toEqual([
      expect.objectContaining({ amount_cents: 125_050, kind: 'deposit', phase: 'single', currency: 'EUR' }),
    ]);
    expect(await available(bystander.client)).toBe(0);

    const mail = await t.mailbox(payer.payload.email);
    expect(mail[0]?.subject).toBe('We credited €1,250.50 to your wallet');
    const list = (await admin.client.get('/api/backoffice/funds/deposits')).json().deposits;
    expect(list[0]).toMatchObject({ id: res.json().id, amount_cents: 125_050 });
    await invariantsHold();
  });

  it('notifies the member in the app, and sends the credit’s email by their preference', async () => {
    const hasIt = await registerUser(t, { email: `n1_${randomBytes(3).toString('hex')}@example.com` });
    const digest = await registerUser(t, { email: `n2_${randomBytes(3).toString('hex')}@example.com` });
    const prefs = await digest.client.request('PUT', '/api/notifications/preferences/', {
      body: { preferences: [{ type: 'deposit_credited', delivery: 'daily' }] },
    });
    expect(prefs.statusCode).toBe(200);
    for (const m of [hasIt, digest])
      expect((await deposit({ reference: await referenceOf(m.client), amount: '42' })).statusCode).toBe(201);

    for (const m of [hasIt, digest]) {
      const list = (await m.client.get('/api/notifications/')).json();
      expect(list.results.map((n: { type: string; data: unknown }) => [n.type, n.data])).toEqual([
        ['deposit_credited', { amount_cents: 4_200, currency: 'EUR' }],
      ]);
    }
    // The credit's own email, once, for the member who takes it at once; none yet for the digest.
    const subjects = async (m: typeof hasIt) =>
      (await t.mailbox(m.payload.email)).map((x) => x.subject).filter((x) => x.includes('credited'));
    expect(await subjects(hasIt)).toEqual(['We credited €42.00 to your wallet']);
    expect(await subjects(digest)).toEqual([]);
  });

  it('credits a bank transaction once: the same id again is a clear 409 that moves nothing', async () => {
    const m = await registerUser(t);
    const reference = await referenceOf(m.client);
    const id = bankId();
    expect((await deposit({ reference, bank_transaction_id: id, amount: '40' })).statusCode).toBe(201);
    const again = await deposit({ reference, bank_transaction_id: id, amount: '40' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'depositAlreadyRecorded',
      message: 'This bank transfer has already been recorded; nothing was credited again.',
      error_codes: { bank_transaction_id: 'depositAlreadyRecorded' },
    });

    // Two admins recording the same transfer at the same moment: one credit.
    const racing = bankId();
    const answers = await Promise.all([
      deposit({ reference, bank_transaction_id: racing, amount: '7' }),
      deposit({ reference, bank_transaction_id: racing, amount: '7' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await available(m.client)).toBe(4_700);
    await invariantsHold();
  });

  it('refuses an unknown reference, a bad amount or a bad date with field errors', async () => {
    const m = await registerUser(t);
    const reference = await referenceOf(m.client);
    const unknown = await deposit({ reference: 'IS-2222-2222' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error_codes).toEqual({ reference: 'unknownDepositReference' });
    const noReference = await deposit({ reference: 'rent for March' });
    expect(noReference.json().code).toBe('unknownDepositReference');

    for (const amount of ['-5', '0', '12.345', 'ten', '1e3']) {
      const res = await deposit({ reference, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({
        amount: amount === '12.345' ? 'amountAmbiguous' : 'invalidEuroAmount',
      });
    }
    const badDate = await deposit({ reference, value_date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error_codes).toEqual({ value_date: 'invalidValueDate' });
    const italian = await admin.client.request('POST', '/api/backoffice/funds/deposits', {
      body: { reference, amount: 'dieci', bank_transaction_id: bankId(), value_date: '2026-03-01' },
      headers: { 'accept-language': 'it' },
    });
    expect(italian.json().errors.amount).toBe(
      'Inserisci un importo in euro maggiore di zero, per esempio 250 o 250,50.',
    );
    expect(await available(m.client)).toBe(0);
  });
});

describe('importing the bank CSV', () => {
  it('credits the good rows and reports every bad one by line, each row on its own', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const refA = await referenceOf(a.client);
    const refB = await referenceOf(b.client);
    const earlier = bankId();
    expect((await deposit({ reference: refA, bank_transaction_id: earlier, amount: '5' })).statusCode).toBe(
      201,
    );
    const [id1, id2, id3, id4, id5, id6] = [bankId(), bankId(), bankId(), bankId(), bankId(), bankId()];
    const csv = [
      'Date,Amount,Reference,Bank_Transaction_ID,Payer',
      `2026-03-01,100.00,${refA},${id1},Ada Lovelace`,
      `2026-03-01,20.00,${refB},${earlier},Grace Hopper`,
      `2026-03-02,30.00,IS-2222-3333,${id2},Nobody`,
      `2026-03-02,-15.00,${refB},${id3},Grace Hopper`,
      `31/02/2026,15.00,${refB},${id4},Grace Hopper`,
      '',
      `02/03/2026,"1,250.50","Payment ${refB}, thanks",${id5},"Hopper, Grace"`,
      `2026-03-03,100.00,${refA},${id1},Ada again (same bank id)`,
      `2026-03-03,abc,${refA},${id6},Ada`,
    ].join('\r\n');
    const res = await admin.client.post('/api/backoffice/funds/deposits/import', { csv });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.rows.map((r: { row: number; result: string }) => [r.row, r.result])).toEqual([
      [2, 'credited'],
      [3, 'duplicate'],
      [4, 'unknown_reference'],
      [5, 'invalid_amount'],
      [6, 'invalid_row'],
      [8, 'credited'],
      [9, 'duplicate'],
      [10, 'invalid_amount'],
    ]);
    expect(report).toMatchObject({ credited: 2, credited_cents: 10_000 + 125_050, skipped: 6 });
    expect(report.rows[5]).toMatchObject({ reference: refB, username: b.payload.username });
    expect(await available(a.client)).toBe(500 + 10_000);
    expect(await available(b.client)).toBe(125_050);

    // The same file again credits nothing.
    const again = (await admin.client.post('/api/backoffice/funds/deposits/import', { csv })).json();
    expect(again.credited).toBe(0);
    expect(await available(b.client)).toBe(125_050);
    await invariantsHold();
  });

  it('reads semicolon exports and refuses a file without the expected header', async () => {
    const m = await registerUser(t);
    const reference = await referenceOf(m.client);
    const csv = `\uFEFFdate;amount;reference;bank_transaction_id;payer\n05.03.2026;1.000,25;${reference};${bankId()};Rossi\n`;
    const ok = (await admin.client.post('/api/backoffice/funds/deposits/import', { csv })).json();
    expect(ok.rows).toEqual([expect.objectContaining({ row: 2, result: 'credited', amount_cents: 100_025 })]);

    const bad = await admin.client.post('/api/backoffice/funds/deposits/import', {
      csv: `when,how much\n2026-03-01,10`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalidDepositCsv');
  });

  it('reads 1.250,00 and 1,250.00 as their locales mean them, and refuses 1.250 by line', async () => {
    const m = await registerUser(t);
    const reference = await referenceOf(m.client);
    const csv = [
      'date;amount;reference;bank_transaction_id;payer',
      `2026-03-01;"1.250,00";${reference};${bankId()};Rossi`,
      `2026-03-01;"1,250.00";${reference};${bankId()};Smith`,
      `2026-03-01;1.250;${reference};${bankId()};Bianchi`,
      `2026-03-01;1250,5;${reference};${bankId()};Verdi`,
    ].join('\n');
    const res = await admin.client.post('/api/backoffice/funds/deposits/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .rows.map((r: { row: number; result: string; amount_cents: number | null }) => [
          r.row,
          r.result,
          r.amount_cents,
        ]),
    ).toEqual([
      [2, 'credited', 125_000],
      [3, 'credited', 125_000],
      [4, 'ambiguous_amount', null],
      [5, 'credited', 125_050],
    ]);
    expect(await available(m.client)).toBe(375_050);
  });

  it('refuses a file it cannot read, naming the line, and credits nothing from it', async () => {
    const m = await registerUser(t);
    const reference = await referenceOf(m.client);
    const csv = [
      'date,amount,reference,bank_transaction_id,payer',
      `2026-03-01,10.00,${reference},${bankId()},Rossi`,
      `2026-03-01,10.00,${reference},${bankId()},"Ro"ssi`,
    ].join('\r\n');
    for (const [lang, text] of [
      ['en', 'Line 3 of the file cannot be read'],
      ['it', 'Non riusciamo a leggere la riga 3 del file'],
    ] as const) {
      const res = await admin.client.post(
        '/api/backoffice/funds/deposits/import',
        { csv },
        { 'accept-language': lang },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'csvLineUnreadable',
        error_codes: { csv: 'csvLineUnreadable' },
      });
      expect(res.json().errors.csv).toContain(text);
    }
    expect(await available(m.client)).toBe(0);
  });
});

describe('withdrawals', () => {
  it('validates the IBAN (country length and mod-97 check) next to the field', async () => {
    const m = await funded('500');
    for (const iban of [
      'IT61X0542811101000000123456', // checksum
      'DE8937040044053201300', // one digit short
      'ZZ12345', // no such country
    ]) {
      const res = await withdraw(m.client, { iban });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({ iban: 'invalidIban' });
    }
    const empty = await withdraw(m.client, { iban: '', account_holder: '' });
    expect(empty.json().error_codes).toEqual({ iban: 'fillMandatory', account_holder: 'fillMandatory' });
    expect(await available(m.client)).toBe(50_000);

    for (const iban of ['de89 3704 0044 0532 0130 00', 'FR1420041010050500013M02606']) {
      const ok = await withdraw(m.client, { iban });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().iban).toBe(iban.replaceAll(' ', '').toUpperCase());
    }
  });

  it('reserves the amount at once and refuses more than the available balance', async () => {
    const m = await funded('100');
    const tooMuch = await withdraw(m.client, { amount: '100.01' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('insufficientFunds');

    const res = await withdraw(m.client, { amount: '60' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount_cents: 6_000,
      status: 'requested',
      account_holder: 'Ada Lovelace',
    });
    const wallet = await eur(m.client);
    expect(wallet.balances[0]).toMatchObject({
      posted_cents: 10_000,
      reserved_cents: 6_000,
      available_cents: 4_000,
    });
    expect(wallet.transactions[0]).toMatchObject({
      amount_cents: -6_000,
      kind: 'withdrawal',
      phase: 'pending',
    });
    expect((await withdraw(m.client, { amount: '40.01' })).statusCode).toBe(409);
    const mine = (await m.client.get('/api/funds/withdrawals/')).json().withdrawals;
    expect(mine).toHaveLength(1);
    await invariantsHold();
  });

  it('lets two requests racing for the same money leave no overdraft', async () => {
    const m = await funded('100');
    const answers = await Promise.all([
      withdraw(m.client, { amount: '70' }),
      withdraw(m.client, { amount: '70' }),
      withdraw(m.client, { amount: '70' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await available(m.client)).toBe(3_000);
    await invariantsHold();
  });

  it('needs a verified address: before that nothing is reserved and no request exists', async () => {
    const m = await registerUser(t);
    const res = await deposit({ reference: await referenceOf(m.client), amount: '100' });
    expect(res.statusCode).toBe(201);
    const refused = await withdraw(m.client, { amount: '50' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'emailNotVerifiedToWithdraw',
      message: 'Please verify your email address before withdrawing money.',
    });
    expect(await available(m.client)).toBe(10_000);
    expect((await m.client.get('/api/funds/withdrawals/')).json().withdrawals).toEqual([]);
    await verify(m.id);
    expect((await withdraw(m.client, { amount: '50' })).statusCode).toBe(201);
    await invariantsHold();
  });

  it.runIf(onPostgres)(
    `keeps at most ${MAX_OPEN_WITHDRAWALS} requests open, even when they race`,
    async () => {
      const m = await funded('100');
      const answers = await Promise.all(
        Array.from({ length: MAX_OPEN_WITHDRAWALS + 2 }, () => withdraw(m.client, { amount: '5' })),
      );
      const created = answers.filter((r) => r.statusCode === 201);
      const refused = answers.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(MAX_OPEN_WITHDRAWALS);
      expect(refused).toHaveLength(2);
      for (const r of refused) {
        expect(r.json()).toMatchObject({ code: 'tooManyOpenWithdrawals' });
        expect(r.json().message).toContain(`already have ${MAX_OPEN_WITHDRAWALS} withdrawal requests`);
      }
      // Only the accepted requests hold money back.
      expect(await available(m.client)).toBe(10_000 - MAX_OPEN_WITHDRAWALS * 500);
      expect((await m.client.get('/api/funds/withdrawals/')).json().withdrawals).toHaveLength(
        MAX_OPEN_WITHDRAWALS,
      );
      // Once one is closed, the member may ask again.
      expect((await m.client.post(`/api/funds/withdrawals/${created[0]!.json().id}/cancel`)).statusCode).toBe(
        200,
      );
      expect((await withdraw(m.client, { amount: '5' })).statusCode).toBe(201);
      await invariantsHold();
    },
  );

  it('tells the member of every request at once, so a request they did not make can be cancelled', async () => {
    const m = await funded('100', { email: `q_${randomBytes(3).toString('hex')}@example.com` });
    expect((await withdraw(m.client, { amount: '12.34' })).statusCode).toBe(201);
    const [mail] = await t.mailbox(m.payload.email);
    expect(mail?.subject).toBe('We received your request to withdraw €12.34');
    expect(mail?.text).toContain('to the account IT60 •••• 3456');
    expect(mail?.text).toContain('Was this not you? Cancel the request in your wallet');
    expect(mail?.text).not.toContain('0542811101');
  });

  it('lets the member cancel an open request of their own, once', async () => {
    const m = await funded('100');
    const other = await registerUser(t);
    const id = (await withdraw(m.client, { amount: '25' })).json().id;
    expect((await other.client.post(`/api/funds/withdrawals/${id}/cancel`)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/funds/withdrawals/${id}/cancel`)).statusCode).toBe(404);
    const cancelled = await m.client.post(`/api/funds/withdrawals/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await available(m.client)).toBe(10_000);
    const again = await m.client.post(`/api/funds/withdrawals/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('withdrawalNotOpen');
    expect((await m.client.post('/api/funds/withdrawals/not-a-uuid/cancel')).statusCode).toBe(404);
    await invariantsHold();
  });

  it('has no bank account to confirm with a provider in manual mode (a translated 409)', async () => {
    const m = await funded('100');
    const asked = await withdraw(m.client, { amount: '25' });
    expect(asked.json()).toMatchObject({ status: 'requested', account_confirmation: null });
    const id = asked.json().id as string;
    const confirm = await m.client.request('POST', `/api/payments/withdrawals/${id}/confirm-account/`, {
      headers: { 'accept-language': 'it' },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toMatchObject({
      code: 'withdrawalAccountManual',
      message: expect.stringMatching(/non c’è alcun conto bancario da confermare/),
    });
    const [listed] = (await m.client.get('/api/funds/withdrawals/')).json().withdrawals;
    expect(listed).toMatchObject({ id, status: 'requested', account_confirmation: null });
  });

  it('is paid exactly once: the money leaves for good and the member is told', async () => {
    const m = await funded('100', { email: `w_${randomBytes(3).toString('hex')}@example.com` });
    const id = (await withdraw(m.client, { amount: '80' })).json().id;
    const queue = (await admin.client.get('/api/backoffice/funds/withdrawals?status=requested')).json();
    expect(queue.withdrawals.find((w: { id: string }) => w.id === id)).toMatchObject({
      member: { id: m.id, username: m.payload.username },
      iban: 'IT60X0542811101000000123456',
    });
    const noRef = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, {
      bank_reference: ' ',
    });
    expect(noRef.json().error_codes).toEqual({ bank_reference: 'fillMandatory' });

    const answers = await Promise.all([
      admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, { bank_reference: 'SEPA-001' }),
      admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, { bank_reference: 'SEPA-001' }),
      admin.client.post(`/api/backoffice/funds/withdrawals/${id}/reject`, { note: 'Too late' }),
    ]);
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(
      answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'withdrawalNotOpen'),
    ).toBe(true);
    expect((await m.client.post(`/api/funds/withdrawals/${id}/cancel`)).statusCode).toBe(409);

    const wallet = await eur(m.client);
    const paid = ok[0]!.json().status === 'paid';
    expect(wallet.balances[0]).toMatchObject(
      paid
        ? { posted_cents: 2_000, reserved_cents: 0, available_cents: 2_000 }
        : { posted_cents: 10_000, reserved_cents: 0, available_cents: 10_000 },
    );
    const mail = await t.mailbox(m.payload.email);
    expect(mail[0]?.subject).toBe(
      paid ? 'Your withdrawal of €80.00 has been paid' : 'Your withdrawal request of €80.00 was rejected',
    );
    await invariantsHold();
  });

  it('notifies the member of a paid withdrawal in the app, the paid email by their preference, a rejection by email only', async () => {
    const m = await funded('100', { email: `wn_${randomBytes(3).toString('hex')}@example.com` });
    const quiet = await funded('100', { email: `wq_${randomBytes(3).toString('hex')}@example.com` });
    const off = await quiet.client.request('PUT', '/api/notifications/preferences/', {
      body: { preferences: [{ type: 'withdrawal_paid', delivery: 'off' }] },
    });
    expect(off.statusCode).toBe(200);
    for (const who of [m, quiet]) {
      const id = (await withdraw(who.client, { amount: '30' })).json().id;
      const res = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, {
        bank_reference: 'SEPA-N1',
      });
      expect(res.statusCode).toBe(200);
      const list = (await who.client.get('/api/notifications/')).json();
      expect(list.results[0]).toMatchObject({
        type: 'withdrawal_paid',
        data: { amount_cents: 3_000, currency: 'EUR' },
      });
    }
    const paidMails = async (who: typeof m) =>
      (await t.mailbox(who.payload.email)).filter((x) => x.subject.includes('has been paid'));
    expect(await paidMails(m)).toHaveLength(1);
    expect(await paidMails(quiet)).toHaveLength(0);

    const rejected = (await withdraw(m.client, { amount: '10' })).json().id;
    expect(
      (await admin.client.post(`/api/backoffice/funds/withdrawals/${rejected}/reject`, { note: 'No' }))
        .statusCode,
    ).toBe(200);
    const types = (await m.client.get('/api/notifications/'))
      .json()
      .results.map((n: { type: string }) => n.type);
    expect(types.filter((x: string) => x === 'withdrawal_paid')).toHaveLength(1);
  });

  it('is rejected with a note the member reads in their language, and the money is available again', async () => {
    const m = await funded('100', { email: `r_${randomBytes(3).toString('hex')}@example.com` });
    await t.database.db.update(users).set({ language: 'it' }).where(eq(users.id, m.id));
    const id = (await withdraw(m.client, { amount: '80' })).json().id;
    const noNote = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/reject`, {});
    expect(noNote.json().error_codes).toEqual({ note: 'rejectionNoteRequired' });

    const res = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/reject`, {
      note: 'The IBAN belongs to <someone else>.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', note: 'The IBAN belongs to <someone else>.' });
    expect(
      (await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, { bank_reference: 'X' }))
        .statusCode,
    ).toBe(409);
    expect(await available(m.client)).toBe(10_000);
    const wallet = await eur(m.client);
    expect(wallet.transactions.map((x) => [x.kind, x.phase, x.amount_cents])).toEqual([
      ['withdrawal', 'void', -8_000],
      ['withdrawal', 'pending', -8_000],
      ['deposit', 'single', 10_000],
    ]);
    const [mail] = await t.mailbox(m.payload.email);
    expect(mail?.subject).toMatch(/^La tua richiesta di prelievo di 80,00\s€ è stata rifiutata$/);
    expect(mail?.html).toContain('&#60;someone else&#62;');
    expect(mail?.html).not.toContain('<someone else>');
    const mine = (await m.client.get('/api/funds/withdrawals/')).json().withdrawals;
    expect(mine[0]).toMatchObject({ id, status: 'rejected', note: 'The IBAN belongs to <someone else>.' });
    await invariantsHold();
  });
});

describe('platform bank configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: '/nonexistent',
    SESSION_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://indiesplit.example',
    SMTP_URL: 'smtps://user:pass@smtp.indiesplit.example:465',
    PLATFORM_IBAN: 'DE89 3704 0044 0532 0130 00',
    PLATFORM_BIC: 'COBADEFFXXX',
    PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
  };
  const errorOf = (env: Record<string, string>) => {
    try {
      parseConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('configuration was accepted');
  };

  it('is required in production, validated, and normalised', () => {
    expect(parseConfig(production).platformBank).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      beneficiary: 'IndieSplit S.r.l.',
    });
    for (const name of ['PLATFORM_IBAN', 'PLATFORM_BIC', 'PLATFORM_BENEFICIARY'] as const) {
      const { [name]: _omitted, ...without } = production;
      expect(errorOf(without)).toMatch(new RegExp(`${name}: .*required.*production`));
    }
    expect(errorOf({ ...production, PLATFORM_IBAN: 'DE88370400440532013000' })).toMatch(
      /PLATFORM_IBAN: must be a valid IBAN/,
    );
    expect(errorOf({ ...production, PLATFORM_BIC: 'bank' })).toMatch(/PLATFORM_BIC/);
  });
});

describe('starting the payment of a withdrawal', () => {
  const start = (id: string, as: TestClient = admin.client) =>
    as.post(`/api/backoffice/funds/withdrawals/${id}/processing`);
  const statusOf = async (client: TestClient, id: string) =>
    (await client.get('/api/funds/withdrawals/')).json().withdrawals.find((w: { id: string }) => w.id === id)
      ?.status;

  it('stops the member from cancelling: the money stays reserved until it is paid', async () => {
    const m = await funded('100', { email: `p_${randomBytes(3).toString('hex')}@example.com` });
    const id = (await withdraw(m.client, { amount: '30' })).json().id;
    const started = await start(id);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      id,
      status: 'processing',
      decided_at: null,
      started_at: expect.any(String),
      // Who started it, for the record.
      started_by: admin.payload.username,
      member: { id: m.id, username: m.payload.username },
    });
    const mine = (await m.client.get('/api/funds/withdrawals/')).json().withdrawals;
    expect(mine.find((w: { id: string }) => w.id === id)).toMatchObject({
      started_at: started.json().started_at,
    });
    expect(mine[0]).not.toHaveProperty('started_by');
    expect(await statusOf(m.client, id)).toBe('processing');

    const cancel = await m.client.post(`/api/funds/withdrawals/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({
      code: 'withdrawalBeingPaid',
      message:
        'We have already started paying this withdrawal, so it can no longer be cancelled. We will email you when it is paid.',
    });
    const italian = await m.client.request('POST', `/api/funds/withdrawals/${id}/cancel`, {
      body: {},
      headers: { 'accept-language': 'it' },
    });
    expect(italian.json().message).toBe(
      'Abbiamo già avviato il pagamento di questo prelievo, quindi non è più possibile annullarlo. Ti avviseremo per email quando sarà pagato.',
    );

    // Still reserved, and nothing moved in the ledger when the payment started.
    const wallet = await eur(m.client);
    expect(wallet.balances[0]).toMatchObject({
      posted_cents: 10_000,
      reserved_cents: 3_000,
      available_cents: 7_000,
    });
    expect(wallet.transactions.map((x) => [x.kind, x.phase, x.amount_cents])).toEqual([
      ['withdrawal', 'pending', -3_000],
      ['deposit', 'single', 10_000],
    ]);
    expect(await statusOf(m.client, id)).toBe('processing');

    const queue = (await admin.client.get('/api/backoffice/funds/withdrawals?status=processing')).json();
    expect(queue.withdrawals.find((w: { id: string }) => w.id === id)).toMatchObject({
      status: 'processing',
      started_by: admin.payload.username,
    });
    const waiting = (await admin.client.get('/api/backoffice/funds/withdrawals?status=requested')).json();
    expect(waiting.withdrawals.some((w: { id: string }) => w.id === id)).toBe(false);

    const paid = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, {
      bank_reference: 'SEPA-PROC-1',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', bank_reference: 'SEPA-PROC-1' });
    expect((await eur(m.client)).balances[0]).toMatchObject({
      posted_cents: 7_000,
      reserved_cents: 0,
      available_cents: 7_000,
    });
    const [mail] = await t.mailbox(m.payload.email);
    expect(mail?.subject).toBe('Your withdrawal of €30.00 has been paid');
    await invariantsHold();
  });

  it('may still be rejected once started (the bank refused it): the money is available again', async () => {
    const m = await funded('100');
    const id = (await withdraw(m.client, { amount: '45' })).json().id;
    expect((await start(id)).statusCode).toBe(200);
    const rejected = await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/reject`, {
      note: 'The bank returned the transfer.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', note: 'The bank returned the transfer.' });
    expect(await available(m.client)).toBe(10_000);
    expect((await m.client.post(`/api/funds/withdrawals/${id}/cancel`)).json().code).toBe(
      'withdrawalNotOpen',
    );
    await invariantsHold();
  });

  it('starts only a requested withdrawal, once: twice, or once closed, is 409 and changes nothing', async () => {
    const m = await funded('100');
    const id = (await withdraw(m.client, { amount: '10' })).json().id;
    const answers = await Promise.all([start(id), start(id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('withdrawalPaymentStarted');
    const again = await start(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'withdrawalPaymentStarted',
      message: 'The payment of this withdrawal has already been started.',
    });
    expect(await statusOf(m.client, id)).toBe('processing');

    const cancelled = (await withdraw(m.client, { amount: '10' })).json().id;
    expect((await m.client.post(`/api/funds/withdrawals/${cancelled}/cancel`)).statusCode).toBe(200);
    expect((await start(cancelled)).json().code).toBe('withdrawalNotOpen');
    expect(await statusOf(m.client, cancelled)).toBe('cancelled');

    expect(
      (await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, { bank_reference: 'S-1' }))
        .statusCode,
    ).toBe(200);
    expect((await start(id)).statusCode).toBe(409);
    expect(await statusOf(m.client, id)).toBe('paid');
    expect((await start(crypto.randomUUID())).statusCode).toBe(404);
    expect((await start('not-a-uuid')).statusCode).toBe(404);
    expect(await available(m.client)).toBe(9_000);
    await invariantsHold();
  });

  it('is for admins only: the owner, a stranger and a reviewer are refused and nothing changes', async () => {
    const m = await funded('100');
    const id = (await withdraw(m.client, { amount: '10' })).json().id;
    expect((await start(id, t.client())).statusCode).toBe(401);
    for (const client of [m.client, (await registerUser(t)).client]) {
      const res = await start(id, client);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('staffOnly');
    }
    const reviewer = await member(t, 'reviewer');
    const res = await start(id, reviewer.client);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('adminOnly');
    expect(await statusOf(m.client, id)).toBe('requested');
    // Still the member's to cancel.
    expect((await m.client.post(`/api/funds/withdrawals/${id}/cancel`)).statusCode).toBe(200);
  });

  it('decides between the member cancelling and an admin starting at the same moment: one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await funded('100');
      const id = (await withdraw(m.client, { amount: '20' })).json().id;
      const [cancel, started] = await Promise.all([
        m.client.post(`/api/funds/withdrawals/${id}/cancel`),
        start(id),
      ]);
      expect([cancel.statusCode, started.statusCode].sort()).toEqual([200, 409]);
      if (cancel.statusCode === 200) {
        expect(started.json().code).toBe('withdrawalNotOpen');
        expect(await available(m.client)).toBe(10_000);
      } else {
        expect(cancel.json().code).toBe('withdrawalBeingPaid');
        expect((await eur(m.client)).balances[0]).toMatchObject({
          reserved_cents: 2_000,
          available_cents: 8_000,
        });
      }
    }
    await invariantsHold();
  });

  it('counts a processing request as open: the limit of open requests and closing the account', async () => {
    const m = await funded('100');
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_WITHDRAWALS; i++)
      ids.push((await withdraw(m.client, { amount: '5' })).json().id);
    for (const id of ids) expect((await start(id)).statusCode).toBe(200);
    expect(await countOpenWithdrawals(t.database.db, m.id)).toBe(MAX_OPEN_WITHDRAWALS);
    const fourth = await withdraw(m.client, { amount: '5' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('tooManyOpenWithdrawals');
    expect(await available(m.client)).toBe(10_000 - MAX_OPEN_WITHDRAWALS * 500);

    await admin.client.post(`/api/backoffice/funds/withdrawals/${ids[0]}/reject`, { note: 'Wrong IBAN.' });
    expect(await countOpenWithdrawals(t.database.db, m.id)).toBe(MAX_OPEN_WITHDRAWALS - 1);
    expect((await withdraw(m.client, { amount: '5' })).statusCode).toBe(201);
    await invariantsHold();
  });

  it('is guarded by the database too: a processing row must have no settling transfer', async () => {
    const m = await funded('100');
    const id = (await withdraw(m.client, { amount: '10' })).json().id;
    await admin.client.post(`/api/backoffice/funds/withdrawals/${id}/paid`, { bank_reference: 'S-2' });
    const violation = (query: ReturnType<typeof sql>) =>
      t.database.db.execute(query).then(
        () => 'accepted',
        (err) => (isPgError(err, '23514', 'withdrawals_final_state_settled') ? 'refused' : String(err)),
      );
    expect(await violation(sql`update withdrawals set status = 'processing' where id = ${id}::uuid`)).toBe(
      'refused',
    );
    const open = (await withdraw(m.client, { amount: '10' })).json().id;
    expect(
      await violation(
        sql`update withdrawals set status = 'processing', settle_transfer_id = reserve_transfer_id where id = ${open}::uuid`,
      ),
    ).toBe('refused');
    expect(
      await t.database.db
        .execute(
          sql`update withdrawals set status = 'sending', settle_transfer_id = reserve_transfer_id where id = ${open}::uuid`,
        )
        .then(
          () => 'accepted',
          (err) => (isPgError(err, '23514', 'withdrawals_status_valid') ? 'refused' : String(err)),
        ),
    ).toBe('refused');
    expect(await statusOf(m.client, id)).toBe('paid');
  });
});
