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
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { sessions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function addPasskey(client: TestClient, key: SoftwareAuthenticator, name = 'Laptop') {
  const { challenge_id, options } = (await client.post('/api/mfa/passkeys/options')).json();
  return client.post('/api/mfa/passkeys', { challenge_id, name, response: key.register(options) });
}

const whoAmI = async (client: TestClient) => (await client.get('/api/auth/authenticated/')).json();

describe('passkeys', () => {
  it('are registered with a name, listed, and give the first recovery codes', async () => {
    const m = await registerUser(t);
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    const { options } = (await m.client.post('/api/mfa/passkeys/options')).json();
    expect(options.rp).toEqual({ name: 'IndieSplit', id: 'indiesplit.test' });
    expect(options.authenticatorSelection.residentKey).toBe('required');
    const res = await addPasskey(m.client, key, 'Work laptop');
    expect(res.statusCode).toBe(200);
    expect(res.json().recovery_codes).toHaveLength(10);
    const status = (await m.client.get('/api/mfa/')).json();
    expect(status.enabled).toBe(true);
    expect(status.passkeys).toEqual([expect.objectContaining({ name: 'Work laptop', last_used_at: null })]);
    // A second one gets no new codes; the same authenticator twice is refused.
    const second = await addPasskey(m.client, new SoftwareAuthenticator(PUBLIC_URL), 'Phone');
    expect(second.json().recovery_codes).toBeNull();
    const again = await addPasskey(m.client, key, 'Again');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('passkeyAlreadyRegistered');
    const mail = await t.mailbox(m.payload.email);
    expect(mail[0]!.text).toContain('a new passkey was added');
  });

  it('cannot be added with a stolen cookie alone: an old session must give the password first', async () => {
    const m = await registerUser(t);
    await t.database.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - interval '11 minutes'`, reauthenticatedAt: null })
      .where(eq(sessions.userId, m.id));
    const refused = await m.client.post('/api/mfa/passkeys/options');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reauthRequired');
    expect((await m.client.get('/api/mfa/')).json().passkeys).toEqual([]);
    // With the password the owner goes on, and the registration that follows needs nothing more.
    const options = await m.client.post('/api/mfa/passkeys/options', {
      current_password: m.payload.password,
    });
    expect(options.statusCode).toBe(200);
    const { challenge_id, options: o } = options.json();
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    const added = await m.client.post('/api/mfa/passkeys', {
      challenge_id,
      name: 'Mine',
      response: key.register(o),
    });
    expect(added.statusCode).toBe(200);
  });

  it('refuse a registration made for another site or with a spent challenge', async () => {
    const m = await registerUser(t);
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    const { challenge_id, options } = (await m.client.post('/api/mfa/passkeys/options')).json();
    const phishing = await m.client.post('/api/mfa/passkeys', {
      challenge_id,
      name: 'Laptop',
      response: key.register(options, 'https://indiesplit.example'),
    });
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json().code).toBe('passkeyFailed');
    // That challenge was spent by the failed attempt.
    const retry = await m.client.post('/api/mfa/passkeys', {
      challenge_id,
      name: 'Laptop',
      response: key.register(options),
    });
    expect(retry.json().code).toBe('passkeyChallengeExpired');
    const noName = await m.client.post('/api/mfa/passkeys', { challenge_id, name: ' ', response: {} });
    expect(noName.json().error_codes).toEqual({ name: 'passkeyNameRequired' });
    expect((await m.client.get('/api/mfa/')).json().enabled).toBe(false);
  });

  it('sign in without a password, once per challenge', async () => {
    const m = await registerUser(t);
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(m.client, key);
    const browser = t.client();
    const { challenge_id, options } = (await browser.post('/api/mfa/signin/options')).json();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    const response = key.assert(options);
    const res = await browser.post('/api/mfa/signin', { challenge_id, response });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(browser)).username).toBe(m.payload.username);
    expect((await browser.get('/api/mfa/')).json().session_verified).toBe(true);
    // The same signed answer cannot open a second session.
    const thief = t.client();
    const replay = await thief.post('/api/mfa/signin', { challenge_id, response });
    expect(replay.statusCode).toBe(400);
    expect((await whoAmI(thief)).isAuthenticated).toBe(false);
  });

  it('need user verification to sign in without a password', async () => {
    const m = await registerUser(t);
    const key = new SoftwareAuthenticator(PUBLIC_URL, false);
    expect((await addPasskey(m.client, key)).statusCode).toBe(200);
    const browser = t.client();
    const { challenge_id, options } = (await browser.post('/api/mfa/signin/options')).json();
    const res = await browser.post('/api/mfa/signin', { challenge_id, response: key.assert(options) });
    expect(res.statusCode).toBe(400);
    expect((await whoAmI(browser)).isAuthenticated).toBe(false);
  });

  it('serve as the second step after a password, and not for another account', async () => {
    const m = await registerUser(t);
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(m.client, key);
    const intruder = await registerUser(t);
    const intruderKey = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(intruder.client, intruderKey);

    const browser = t.client();
    const first = await browser.post('/api/auth/', {
      username: m.payload.username,
      password: m.payload.password,
    });
    expect(first.json().second_factor.methods).toEqual(['passkey', 'recovery_code']);
    const wrongKey = (await browser.post('/api/mfa/login/passkey-options')).json();
    const refused = await browser.post('/api/mfa/login', {
      passkey: { challenge_id: wrongKey.challenge_id, response: intruderKey.assert(wrongKey.options) },
    });
    expect(refused.statusCode).toBe(400);
    expect((await whoAmI(browser)).isAuthenticated).toBe(false);

    const { challenge_id, options } = (await browser.post('/api/mfa/login/passkey-options')).json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const res = await browser.post('/api/mfa/login', {
      passkey: { challenge_id, response: key.assert(options) },
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(browser)).username).toBe(m.payload.username);
  });

  it('confirm a withdrawal; a challenge made for login does not', async () => {
    const m = await registerUser(t);
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(m.client, key);
    const body = {
      amount: '10.00',
      iban: 'IT60 X054 2811 1010 0000 0123 456',
      account_holder: 'Ada Lovelace',
    };
    expect((await m.client.post('/api/funds/withdrawals/', body)).json().code).toBe(
      'mfaSecondFactorRequired',
    );
    const signin = (await t.client().post('/api/mfa/signin/options')).json();
    const crossPurpose = await m.client.post('/api/funds/withdrawals/', {
      ...body,
      second_factor: { passkey: { challenge_id: signin.challenge_id, response: key.assert(signin.options) } },
    });
    expect(crossPurpose.json().code).toBe('passkeyChallengeExpired');
    const confirm = (await m.client.post('/api/mfa/confirm/options')).json();
    const res = await m.client.post('/api/funds/withdrawals/', {
      ...body,
      second_factor: {
        passkey: { challenge_id: confirm.challenge_id, response: key.assert(confirm.options) },
      },
    });
    // The factor passed: what answers now is the wallet (empty), not the second-factor check.
    expect(res.json().code).not.toMatch(/mfa|passkey/);
  });

  it('are removed with the password; the last one gone, staff are out of the back office', async () => {
    const admin = await member(t, 'admin');
    await admin.client.post('/api/mfa/totp/disable', { password: admin.payload.password });
    const key = new SoftwareAuthenticator(PUBLIC_URL);
    await addPasskey(admin.client, key);
    const browser = t.client();
    await browser.post('/api/auth/', { username: admin.payload.username, password: admin.payload.password });
    const { challenge_id, options } = (await browser.post('/api/mfa/login/passkey-options')).json();
    await browser.post('/api/mfa/login', { passkey: { challenge_id, response: key.assert(options) } });
    expect((await browser.get('/api/backoffice/pitches')).statusCode).toBe(200);

    const [passkey] = (await browser.get('/api/mfa/')).json().passkeys;
    const wrong = await browser.post(`/api/mfa/passkeys/${passkey.id}/remove`, {
      password: 'Wrong-Password-1',
    });
    expect(wrong.statusCode).toBe(400);
    const removed = await browser.post(`/api/mfa/passkeys/${passkey.id}/remove`, {
      password: admin.payload.password,
    });
    expect(removed.statusCode).toBe(200);
    expect((await browser.get('/api/mfa/')).json()).toMatchObject({ enabled: false, passkeys: [] });
    expect((await browser.get('/api/backoffice/pitches')).json().code).toBe('staffSecondFactorRequired');
  });
});
