import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import {
  createTestApp,
  PUBLIC_URL,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import { type GoogleStub, startGoogleStub } from '../../../test/oauth-provider-stubs.ts';
import { sessions, users } from '../../db/schema.ts';
import { sensitiveChanges } from '../../db/schema-security.ts';

// Step-up (ADR 0015): with only a session cookie older than ten minutes, no sensitive action goes
// through; the password in the request, or POST /auth/reauth, lets it. Runs on PostgreSQL in CI.

let t: TestApp;
let google: GoogleStub;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  google = await startGoogleStub();
  t = await createTestApp({ env: { ...google.env } });
  admin = await member(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

const PASSWORD = 'Sunny-Harbor-42';
const unique = () => randomBytes(5).toString('hex');

/** Makes every session of the user look as if it logged in `minutes` ago (the clock is the DB's). */
async function signedInAgo(userId: string, minutes: number) {
  await t.database.db
    .update(sessions)
    .set({
      authenticatedAt: sql`now() - make_interval(mins => ${minutes})`,
      reauthenticatedAt: null,
    })
    .where(eq(sessions.userId, userId));
}

async function stale() {
  const m = await registerUser(t);
  await signedInAgo(m.id, 11);
  return m;
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const updateEmail = (client: TestClient, username: string, email: string, extra: object = {}) =>
  client.post('/api/user/update/', { username, email, first_name: 'Ada', last_name: 'Lovelace', ...extra });

function expectReauthRequired(res: { statusCode: number; json(): { code: string; message: string } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json().code).toBe('reauthRequired');
  expect(res.json().message).toMatch(/confirm your password/);
}

describe('changing the email address', () => {
  it('with an 11-minute-old session and no password is refused, and nothing changes', async () => {
    const m = await stale();
    const res = await updateEmail(m.client, m.payload.username, `new_${unique()}@example.com`);
    expectReauthRequired(res);
    expect((await userRow(m.id)).email).toBe(m.payload.email);
    expect(await t.mailbox(m.payload.email)).toHaveLength(1); // the verification at sign-up only
  });

  it('answers in Italian for an Italian browser', async () => {
    const m = await stale();
    const res = await m.client.request('POST', '/api/user/update/', {
      body: { username: m.payload.username, email: `it_${unique()}@example.com` },
      headers: { 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Per la tua sicurezza, conferma la password per continuare.');
  });

  it('goes through with the current password in the request', async () => {
    const m = await stale();
    const email = `new_${unique()}@example.com`;
    const res = await updateEmail(m.client, m.payload.username, email, { current_password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await userRow(m.id)).email).toBe(email);
  });

  it('refuses a wrong password in the request with a field error', async () => {
    const m = await stale();
    const res = await updateEmail(m.client, m.payload.username, `x_${unique()}@example.com`, {
      current_password: 'Wrong-Password-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('reauthWrongPassword');
    expect(res.json().errors.current_password).toBe('That password is not correct.');
    expect((await userRow(m.id)).email).toBe(m.payload.email);
  });

  it('goes through within ten minutes of logging in, and needs a step-up again 11 minutes later', async () => {
    const m = await registerUser(t);
    await signedInAgo(m.id, 9);
    const first = await updateEmail(m.client, m.payload.username, `a_${unique()}@example.com`);
    expect(first.statusCode).toBe(200);
    await signedInAgo(m.id, 11);
    expectReauthRequired(await updateEmail(m.client, m.payload.username, `b_${unique()}@example.com`));
  });

  it('the name alone changes without a step-up', async () => {
    const m = await stale();
    const res = await m.client.post('/api/user/update/', {
      username: m.payload.username,
      email: m.payload.email.toUpperCase(),
      first_name: 'Grace',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /auth/reauth', () => {
  it('marks the session: the retried change goes through; 11 minutes later it is required again', async () => {
    const m = await stale();
    const email = `r_${unique()}@example.com`;
    expectReauthRequired(await updateEmail(m.client, m.payload.username, email));
    const ok = await m.client.post('/api/auth/reauth', { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await updateEmail(m.client, m.payload.username, email)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.userId, m.id));
    expectReauthRequired(await updateEmail(m.client, m.payload.username, `s_${unique()}@example.com`));
  });

  it('refuses a wrong password, a missing CSRF token and a visitor', async () => {
    const m = await stale();
    const wrong = await m.client.post('/api/auth/reauth', { password: 'Nope-Nope-11' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toBe('That password is not correct.');
    const forged = await m.client.request('POST', '/api/auth/reauth', {
      body: { password: PASSWORD },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('csrfFailed');
    expect((await t.client().post('/api/auth/reauth', { password: PASSWORD })).statusCode).toBe(401);
    // None of these marked the session.
    expectReauthRequired(await updateEmail(m.client, m.payload.username, `w_${unique()}@example.com`));
  });

  it('is rate limited per account after ten wrong passwords, even with the right one', async () => {
    const m = await stale();
    for (let i = 0; i < 10; i++) await m.client.post('/api/auth/reauth', { password: `Wrong-${i}-Password` });
    const res = await m.client.post('/api/auth/reauth', { password: PASSWORD });
    expect(res.statusCode).toBe(429);
  });
});

describe('the other sensitive actions', () => {
  it('setting a first password, linking and unlinking a social account, deleting data and the account', async () => {
    const m = await stale();
    const person = { sub: `g-${unique()}`, email: `g_${unique()}@gmail.example`, name: 'G' };
    const credential = await google.idToken(person);
    expectReauthRequired(await m.client.post('/api/user/social-connections/google/', { credential }));
    expectReauthRequired(await m.client.request('DELETE', '/api/user/social-connections/google/'));
    expectReauthRequired(await m.client.request('DELETE', '/api/user/delete-all-data/'));
    expectReauthRequired(await m.client.request('DELETE', '/api/user/delete/'));
    expect((await userRow(m.id)).deletedAt).toBeNull();

    // With the password in the request, each goes through.
    const linked = await m.client.post('/api/user/social-connections/google/', {
      credential,
      current_password: PASSWORD,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().connections).toHaveLength(1);
    await signedInAgo(m.id, 11);
    const unlinked = await m.client.request('DELETE', '/api/user/social-connections/google/', {
      body: { current_password: PASSWORD },
    });
    expect(unlinked.statusCode).toBe(200);
    await signedInAgo(m.id, 11);
    const deleted = await m.client.request('DELETE', '/api/user/delete/', {
      body: { current_password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await userRow(m.id)).deletedAt).not.toBeNull();
  });

  it('a social-only account sets its first password only soon after signing in with the provider', async () => {
    const person = { sub: `g-${unique()}`, email: `g_${unique()}@gmail.example`, name: 'G' };
    const client = t.client();
    const signup = await client.post('/api/auth/google/signup/', {
      credential: await google.idToken(person),
      username: `g_${unique()}`,
      email: person.email,
      user_types: ['investor'],
      accepted_terms: true,
    });
    expect(signup.statusCode).toBe(201);
    const id = signup.json().id as string;
    await signedInAgo(id, 11);
    const body = { old_password: '', new_password: 'Brand-New-Pass-9', re_new_password: 'Brand-New-Pass-9' };
    expectReauthRequired(await client.post('/api/user/change-password/', body));
    // No password to give: the reauth endpoint says so too.
    expectReauthRequired(await client.post('/api/auth/reauth', { password: 'anything-at-all' }));
    // A fresh sign-in with the provider is the step-up.
    const again = await client.post('/api/auth/google/', { credential: await google.idToken(person) });
    expect(again.statusCode).toBe(200);
    expect((await client.post('/api/user/change-password/', body)).statusCode).toBe(200);
  });

  it('changing the password with the previous one needs nothing more', async () => {
    const m = await stale();
    const res = await m.client.post('/api/user/change-password/', {
      old_password: PASSWORD,
      new_password: 'Other-Harbor-43',
      re_new_password: 'Other-Harbor-43',
    });
    expect(res.statusCode).toBe(200);
  });
});

// ---- withdrawals ------------------------------------------------------------------------------

const IBAN_A = 'IT60 X054 2811 1010 0000 0123 456';
const IBAN_B = 'DE89 3704 0044 0532 0130 00';

async function funded(euros = '100.00') {
  const m = await registerUser(t);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
  const reference = (await m.client.get('/api/funds/deposit-instructions/')).json().reference;
  const res = await admin.client.post('/api/backoffice/funds/deposits', {
    reference,
    amount: euros,
    bank_transaction_id: `BANK-${unique()}`,
    value_date: '2026-03-02',
    payer_name: 'Ada Lovelace',
  });
  expect(res.statusCode).toBe(201);
  return m;
}

const withdraw = (client: TestClient, iban: string, extra: object = {}) =>
  client.post('/api/funds/withdrawals/', { amount: '10.00', iban, account_holder: 'Ada Lovelace', ...extra });

async function paid(withdrawalId: string) {
  const res = await admin.client.post(`/api/backoffice/funds/withdrawals/${withdrawalId}/paid`, {
    bank_reference: `SEPA-${unique()}`,
  });
  expect(res.statusCode).toBe(200);
}

describe('withdrawals', () => {
  it('to an IBAN never paid before need a step-up; once paid there, the IBAN needs none', async () => {
    const m = await funded();
    await signedInAgo(m.id, 11);
    expectReauthRequired(await withdraw(m.client, IBAN_A));
    const first = await withdraw(m.client, IBAN_A, { current_password: PASSWORD });
    expect(first.statusCode).toBe(201);
    await paid(first.json().id);
    await signedInAgo(m.id, 11);
    expect((await withdraw(m.client, IBAN_A)).statusCode).toBe(201);
    expectReauthRequired(await withdraw(m.client, IBAN_B));
  });

  it('to a new IBAN tell the account address, with an undo link', async () => {
    const m = await funded();
    expect((await withdraw(m.client, IBAN_B)).statusCode).toBe(201);
    const notice = (await t.mailbox(m.payload.email)).find((x) => x.subject === 'A withdrawal to a new IBAN');
    expect(notice?.text).toContain(`${PUBLIC_URL}/account/undo/`);
    expect(notice?.text).not.toContain('DE89370400440532013000');
  });

  it('to a new IBAN wait 72 hours after an email change, with a translated date; a known IBAN does not', async () => {
    const m = await funded();
    const known = await withdraw(m.client, IBAN_A);
    await paid(known.json().id);
    const email = `moved_${unique()}@example.com`;
    expect((await updateEmail(m.client, m.payload.username, email)).statusCode).toBe(200);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));

    const held = await withdraw(m.client, IBAN_B, { current_password: PASSWORD });
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('newIbanHeld');
    const [change] = await t.database.db
      .select()
      .from(sensitiveChanges)
      .where(eq(sensitiveChanges.userId, m.id));
    const until = new Date(change!.createdAt.getTime() + 72 * 3600_000);
    expect(held.json().message).toContain(String(until.getUTCFullYear()));
    expect(held.json().message).toContain('72 hours');
    const italian = await m.client.request('POST', '/api/funds/withdrawals/', {
      body: { amount: '10.00', iban: IBAN_B, account_holder: 'Ada Lovelace' },
      headers: { 'accept-language': 'it' },
    });
    expect(italian.json().message).toMatch(/^Per la tua sicurezza, i prelievi verso un nuovo IBAN/);
    // Nothing was reserved for the refused requests.
    const wallet = (await m.client.get('/api/wallet/?currency=EUR')).json();
    expect(wallet.balances[0].available_cents).toBe(9000);

    expect((await withdraw(m.client, IBAN_A)).statusCode).toBe(201);

    // 72 hours later the hold is over.
    await t.database.db
      .update(sensitiveChanges)
      .set({ createdAt: sql`now() - interval '72 hours 1 minute'` })
      .where(eq(sensitiveChanges.userId, m.id));
    expect((await withdraw(m.client, IBAN_B)).statusCode).toBe(201);
  });

  it('to a new IBAN wait 72 hours after a password change too', async () => {
    const m = await funded();
    const changed = await m.client.post('/api/user/change-password/', {
      old_password: PASSWORD,
      new_password: 'Other-Harbor-43',
      re_new_password: 'Other-Harbor-43',
    });
    expect(changed.statusCode).toBe(200);
    expect((await withdraw(m.client, IBAN_B)).json().code).toBe('newIbanHeld');
  });
});
