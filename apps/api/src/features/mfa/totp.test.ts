import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableAuthenticator, totpCode } from '../../../test/fixtures/mfa.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { sessions, users } from '../../db/schema.ts';
import { mfaRecoveryCodes, mfaTotp } from '../../db/schema-mfa.ts';
import { seed } from '../../seed/seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (client: TestClient, username: string, password: string) =>
  client.post('/api/auth/', { username, password });

const whoAmI = async (client: TestClient) => (await client.get('/api/auth/authenticated/')).json();

/** A member who turned on an authenticator app, plus a fresh browser that knows their password. */
async function withAuthenticator() {
  const m = await registerUser(t);
  const enabled = await enableAuthenticator(m.client, m.payload.password);
  return { ...m, ...enabled };
}

describe('turning the authenticator app on', () => {
  it('shows a QR code and the secret, and stores the secret encrypted', async () => {
    const m = await registerUser(t);
    const res = await m.client.post('/api/mfa/totp/setup');
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain('issuer=IndieSplit');
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [row] = await t.database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, m.id));
    expect(row!.secretEnc).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();
    // Not on yet: login still makes a full session.
    const other = t.client();
    expect((await login(other, m.payload.username, m.payload.password)).json().second_factor).toBeUndefined();
  });

  it('needs the current password and a valid code, and answers ten recovery codes once', async () => {
    const m = await registerUser(t);
    const { secret } = (await m.client.post('/api/mfa/totp/setup')).json();
    const wrongPassword = await m.client.post('/api/mfa/totp/enable', {
      password: 'Not-The-Password-1',
      code: totpCode(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error_codes).toEqual({ password: 'wrongPassword' });
    const wrongCode = await m.client.post(
      '/api/mfa/totp/enable',
      { password: m.payload.password, code: totpCode(secret, 10) },
      { 'accept-language': 'it' },
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('mfaCodeInvalid');
    expect(wrongCode.json().message).toBe('Il codice non è valido. Controllalo e riprova.');
    expect((await m.client.get('/api/mfa/')).json().enabled).toBe(false);

    const ok = await m.client.post('/api/mfa/totp/enable', {
      password: m.payload.password,
      code: totpCode(secret),
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = (await m.client.get('/api/mfa/')).json();
    expect(status).toMatchObject({
      totp_enabled: true,
      enabled: true,
      recovery_codes_left: 10,
      session_verified: true,
    });
    // Stored hashed: no code appears in the table.
    const stored = await t.database.db.execute(sql`select code_hash from mfa_recovery_codes`);
    const text = JSON.stringify(stored);
    for (const code of codes) expect(text).not.toContain(code.replace('-', ''));
    // Setting up again while on is refused.
    expect((await m.client.post('/api/mfa/totp/setup')).statusCode).toBe(409);
    // The owner is told, in their language.
    const mail = await t.mailbox(m.payload.email);
    expect(mail[0]!.subject).toBe('Account security: second factor changed');
    expect(mail[0]!.text).toContain('authenticator app was turned on');
  });

  it('refuses a code the app showed before: each code works once', async () => {
    const m = await registerUser(t);
    const { secret } = (await m.client.post('/api/mfa/totp/setup')).json();
    const code = totpCode(secret);
    expect(
      (await m.client.post('/api/mfa/totp/enable', { password: m.payload.password, code })).statusCode,
    ).toBe(200);
    // The code that turned it on does not also log in.
    const other = t.client();
    await login(other, m.payload.username, m.payload.password);
    const replay = await other.post('/api/mfa/login', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('mfaCodeUsed');
    // Nor does the code of the step before, once a later one was used.
    const next = await other.post('/api/mfa/login', { code: totpCode(secret, 1) });
    expect(next.statusCode).toBe(200);
    const third = t.client();
    await login(third, m.payload.username, m.payload.password);
    expect((await third.post('/api/mfa/login', { code: totpCode(secret, 0) })).json().code).toBe(
      'mfaCodeUsed',
    );
  });
});

describe('login with a second factor', () => {
  it('gives no session after the password, only a pending login the code completes', async () => {
    const m = await withAuthenticator();
    const browser = t.client();
    const first = await login(browser, m.payload.username, m.payload.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().second_factor).toEqual({ methods: ['totp', 'recovery_code'] });
    expect(browser.cookies.has('sessionid')).toBe(false);
    expect((await whoAmI(browser)).isAuthenticated).toBe(false);
    expect((await browser.get('/api/user/')).statusCode).toBe(401);

    const missing = await browser.post('/api/mfa/login', {});
    expect(missing.statusCode).toBe(400);
    const wrong = await browser.post('/api/mfa/login', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toMatch(/mfaCode(Invalid|Used)/);

    const done = await browser.post('/api/mfa/login', { code: totpCode(m.secret, 1) });
    expect(done.statusCode).toBe(200);
    expect((await whoAmI(browser)).username).toBe(m.payload.username);
    expect((await browser.get('/api/mfa/')).json().session_verified).toBe(true);
    // The pending login is spent.
    expect((await browser.post('/api/mfa/login', { code: totpCode(m.secret, 1) })).json().code).toBe(
      'mfaPendingExpired',
    );
  });

  it('rotates the session at completion: an id planted before login is not promoted', async () => {
    const m = await withAuthenticator();
    const planted = await registerUser(t); // the attacker's own session in the victim's browser
    const browser = planted.client;
    const before = browser.cookies.get('sessionid');
    await login(browser, m.payload.username, m.payload.password);
    // Still the attacker's session until the second step...
    expect((await whoAmI(browser)).username).toBe(planted.payload.username);
    await browser.post('/api/mfa/login', { code: totpCode(m.secret, 1) });
    const after = browser.cookies.get('sessionid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const replayed = t.client();
    replayed.cookies.set('sessionid', before!);
    expect((await whoAmI(replayed)).isAuthenticated).toBe(false);
  });

  it('accepts each recovery code once, and shows how many are left', async () => {
    const m = await withAuthenticator();
    const code = m.recoveryCodes[3]!;
    const browser = t.client();
    await login(browser, m.payload.username, m.payload.password);
    expect((await browser.post('/api/mfa/login', { recovery_code: code.toUpperCase() })).statusCode).toBe(
      200,
    );
    expect((await browser.get('/api/mfa/')).json().recovery_codes_left).toBe(9);
    const again = t.client();
    await login(again, m.payload.username, m.payload.password);
    const reused = await again.post('/api/mfa/login', { recovery_code: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('mfaCodeInvalid');
  });

  it('regenerates recovery codes with the password; the old ones stop working', async () => {
    const m = await withAuthenticator();
    const refused = await m.client.post('/api/mfa/recovery-codes', { password: 'Wrong-Password-1' });
    expect(refused.statusCode).toBe(400);
    const res = await m.client.post('/api/mfa/recovery-codes', { password: m.payload.password });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().codes as string[];
    expect(fresh).toHaveLength(10);
    const browser = t.client();
    await login(browser, m.payload.username, m.payload.password);
    expect((await browser.post('/api/mfa/login', { recovery_code: m.recoveryCodes[0] })).statusCode).toBe(
      400,
    );
    expect((await browser.post('/api/mfa/login', { recovery_code: fresh[0] })).statusCode).toBe(200);
  });

  it('voids a pending login after five wrong codes, and backs off the account after ten', async () => {
    const m = await withAuthenticator();
    const browser = t.client();
    await login(browser, m.payload.username, m.payload.password);
    for (let i = 0; i < 5; i++) {
      expect((await browser.post('/api/mfa/login', { recovery_code: 'aaaaa-aaaaa' })).statusCode).toBe(400);
    }
    // Even the right code no longer completes it: the password must be typed again.
    const late = await browser.post('/api/mfa/login', { code: totpCode(m.secret, 1) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('mfaPendingExpired');

    const second = t.client();
    await login(second, m.payload.username, m.payload.password);
    for (let i = 0; i < 5; i++) await second.post('/api/mfa/login', { recovery_code: 'aaaaa-aaaaa' });
    const third = t.client();
    await login(third, m.payload.username, m.payload.password);
    const limited = await third.post('/api/mfa/login', { code: totpCode(m.secret, 1) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('turns off with the password: login is one step again, and the owner is told', async () => {
    const m = await withAuthenticator();
    expect((await m.client.post('/api/mfa/totp/disable', { password: 'Wrong-Password-1' })).statusCode).toBe(
      400,
    );
    expect((await m.client.get('/api/mfa/')).json().totp_enabled).toBe(true);
    const off = await m.client.post('/api/mfa/totp/disable', { password: m.payload.password });
    expect(off.statusCode).toBe(200);
    const status = (await m.client.get('/api/mfa/')).json();
    expect(status).toMatchObject({ enabled: false, recovery_codes_left: 0, session_verified: false });
    const browser = t.client();
    const res = await login(browser, m.payload.username, m.payload.password);
    expect(res.json().second_factor).toBeUndefined();
    expect((await whoAmI(browser)).isAuthenticated).toBe(true);
    const mail = await t.mailbox(m.payload.email);
    expect(mail[0]!.text).toContain('authenticator app was turned off');
  });

  it('sends an undo link with the notice: an authenticator someone else added is turned off, every session signed out', async () => {
    const m = await withAuthenticator();
    const notice = (await t.mailbox(m.payload.email)).find((mail) =>
      mail.text.includes('authenticator app was turned on'),
    );
    const token = notice?.text.match(/\/account\/undo\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const undone = await t.client().post('/api/auth/undo-change', { token });
    expect(undone.statusCode).toBe(200);
    // Signed out: the stolen session is gone.
    expect((await whoAmI(m.client)).isAuthenticated).toBe(false);
    // Turned off: the password alone signs in again, and the owner can set a new app up.
    const browser = t.client();
    const res = await login(browser, m.payload.username, m.payload.password);
    expect(res.json().second_factor).toBeUndefined();
    expect((await browser.get('/api/mfa/')).json()).toMatchObject({ enabled: false, totp_enabled: false });
  });

  it('asks an account without a password for a recent sign-in before its second factor changes', async () => {
    const m = await registerUser(t);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, m.id));
    await t.database.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - interval '11 minutes'`, reauthenticatedAt: null })
      .where(eq(sessions.userId, m.id));
    const { secret } = (await m.client.post('/api/mfa/totp/setup')).json();
    const res = await m.client.post('/api/mfa/totp/enable', { password: '', code: totpCode(secret) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('reauthRequired');
    expect((await m.client.get('/api/mfa/')).json().enabled).toBe(false);
  });

  it('writes to an Italian account in Italian', async () => {
    const m = await registerUser(t);
    await t.database.db.update(users).set({ language: 'it' }).where(eq(users.id, m.id));
    await enableAuthenticator(m.client, m.payload.password);
    const mail = await t.mailbox(m.payload.email);
    expect(mail[0]!.subject).toBe('Sicurezza del tuo account: secondo fattore modificato');
  });
});

describe('the back office', () => {
  it('refuses staff whose session has not proved a second factor, with a translated message', async () => {
    const staff = await registerUser(t);
    await t.database.db.update(users).set({ staffRole: 'reviewer' }).where(eq(users.id, staff.id));
    const res = await staff.client.get('/api/backoffice/pitches', { 'accept-language': 'it' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('staffSecondFactorRequired');
    expect(res.json().message).toContain('Impostazioni → Sicurezza');
    for (const url of [
      '/api/backoffice/funds/withdrawals',
      '/api/backoffice/invariants',
      '/api/backoffice/audit',
    ]) {
      expect((await staff.client.get(url)).json().code).toBe('staffSecondFactorRequired');
    }
    // Members and visitors are answered as before.
    expect((await t.client().get('/api/backoffice/pitches')).statusCode).toBe(401);
    const plain = await registerUser(t);
    expect((await plain.client.get('/api/backoffice/pitches')).json().code).toBe('staffOnly');

    // Turning the app on in this session proves it.
    await enableAuthenticator(staff.client, staff.payload.password);
    expect((await staff.client.get('/api/backoffice/pitches')).statusCode).toBe(200);
  });

  it('lets staff in after a login with the code, not after the password alone', async () => {
    const admin = await member(t, 'admin');
    const browser = t.client();
    const first = await login(browser, admin.payload.username, admin.payload.password);
    expect(first.json().second_factor.methods).toContain('totp');
    expect((await browser.get('/api/backoffice/pitches')).statusCode).toBe(401);
    await browser.post('/api/mfa/login', { code: totpCode(admin.totpSecret!, 1) });
    expect((await browser.get('/api/backoffice/pitches')).statusCode).toBe(200);
  });

  it('shuts staff out again once their last factor is removed', async () => {
    const admin = await member(t, 'admin');
    expect((await admin.client.get('/api/backoffice/pitches')).statusCode).toBe(200);
    await admin.client.post('/api/mfa/totp/disable', { password: admin.payload.password });
    expect((await admin.client.get('/api/backoffice/pitches')).json().code).toBe('staffSecondFactorRequired');
  });
});

describe('withdrawals', () => {
  const IBAN = 'IT60 X054 2811 1010 0000 0123 456';

  async function fundedWithAuthenticator() {
    const admin = await member(t, 'admin');
    const m = await withAuthenticator();
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
    const reference = (await m.client.get('/api/funds/deposit-instructions/')).json().reference;
    const dep = await admin.client.post('/api/backoffice/funds/deposits', {
      reference,
      amount: '100.00',
      bank_transaction_id: `BANK-${randomBytes(6).toString('hex')}`,
      value_date: '2026-03-02',
      payer_name: 'Ada Lovelace',
    });
    expect(dep.statusCode).toBe(201);
    return m;
  }

  const withdraw = (client: TestClient, extra: Record<string, unknown> = {}) =>
    client.post('/api/funds/withdrawals/', {
      amount: '10.00',
      iban: IBAN,
      account_holder: 'Ada Lovelace',
      ...extra,
    });

  it('ask for the second factor again, refuse a wrong one, and reserve nothing until it is right', async () => {
    const m = await fundedWithAuthenticator();
    const missing = await withdraw(m.client);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('mfaSecondFactorRequired');
    const wrong = await withdraw(m.client, { second_factor: { code: '123456' } });
    expect(wrong.statusCode).toBe(400);
    expect((await m.client.get('/api/funds/withdrawals/')).json().withdrawals).toEqual([]);

    const ok = await withdraw(m.client, { second_factor: { code: totpCode(m.secret, 1) } });
    expect(ok.statusCode).toBe(201);
    // The same code cannot approve a second withdrawal.
    const replay = await withdraw(m.client, { second_factor: { code: totpCode(m.secret, 1) } });
    expect(replay.json().code).toBe('mfaCodeUsed');
    expect((await m.client.get('/api/funds/withdrawals/')).json().withdrawals).toHaveLength(1);
  });

  it('need nothing more from an account without a second factor', async () => {
    const admin = await member(t, 'admin');
    const m = await registerUser(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
    const reference = (await m.client.get('/api/funds/deposit-instructions/')).json().reference;
    await admin.client.post('/api/backoffice/funds/deposits', {
      reference,
      amount: '50.00',
      bank_transaction_id: `BANK-${randomBytes(6).toString('hex')}`,
      value_date: '2026-03-02',
      payer_name: 'Ada Lovelace',
    });
    expect((await withdraw(m.client)).statusCode).toBe(201);
  });
});

describe('demo staff', () => {
  it('are seeded with a known authenticator secret, so they can reach the back office', async () => {
    const accounts = await seed(t.database.db, t.config);
    const admin = accounts.find((a) => a.username === 'demo_admin')!;
    expect(admin.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    await seed(t.database.db, t.config); // idempotent
    const browser = t.client();
    const first = await login(browser, admin.username, admin.password);
    expect(first.json().second_factor.methods).toContain('totp');
    expect((await browser.post('/api/mfa/login', { code: totpCode(admin.totpSecret!) })).statusCode).toBe(
      200,
    );
    expect((await browser.get('/api/backoffice/pitches')).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('forgets the authenticator secret and the recovery codes', async () => {
    const m = await withAuthenticator();
    expect((await m.client.delete('/api/user/delete/')).statusCode).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(mfaTotp).where(eq(mfaTotp.userId, m.id))).toEqual([]);
    expect(await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, m.id))).toEqual([]);
  });
});
