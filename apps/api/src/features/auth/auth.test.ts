import { CSRF_COOKIE, SESSION_COOKIE } from '@indiesplit/shared/constants';
import { MESSAGES } from '@indiesplit/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  linkIn,
  newUser,
  PUBLIC_URL,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';

// Accounts as a visitor sees them: the CSRF cookie, who am I, login, registration and logout.

const en = MESSAGES.en;
const it_ = MESSAGES.it;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function whoAmI(client: TestClient) {
  return (await client.get('/api/auth/authenticated/')).json();
}

async function userRow(username: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row;
}

describe('GET /api/auth/csrf_cookie', () => {
  it('sets a csrftoken cookie the browser can read and returns the same token', async () => {
    const client = t.client();
    const res = await client.get('/api/auth/csrf_cookie');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.value).toBe(res.json().csrfToken);
    expect(cookie?.value.length).toBeGreaterThan(30);
    expect(cookie?.httpOnly).not.toBe(true);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('hands out a different token on every call', async () => {
    const client = t.client();
    const first = await client.csrf();
    const second = await client.csrf();
    expect(first).not.toBe(second);
  });
});

describe('GET /api/auth/authenticated/', () => {
  it('tells a visitor they are not logged in, with every spec field present and empty', async () => {
    const res = await t.client().get('/api/auth/authenticated/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      isAuthenticated: false,
      username: null,
      email: null,
      id: null,
      isEmailVerified: false,
      profile_picture_url: null,
      staff_role: null,
      termsAcceptanceRequired: false,
    });
  });

  it('describes the logged-in user with the spec field names and nothing secret', async () => {
    const { client, payload, id } = await registerUser(t);
    const res = await client.get('/api/auth/authenticated/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isAuthenticated: true,
      username: payload.username,
      email: payload.email,
      id,
      isEmailVerified: false,
      profile_picture_url: null,
      staff_role: null,
      termsAcceptanceRequired: false,
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it('treats an unknown or oversized session cookie as a visitor', async () => {
    for (const value of ['not-a-session', 'x'.repeat(500)]) {
      const client = t.client();
      client.cookies.set(SESSION_COOKIE, value);
      expect((await whoAmI(client)).isAuthenticated).toBe(false);
    }
  });
});

describe('POST /api/auth/ (login)', () => {
  it('logs in by username and starts an HttpOnly session', async () => {
    const { payload } = await registerUser(t);
    const client = t.client();
    const res = await client.post('/api/auth/', { username: payload.username, password: payload.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: en.loginSuccess, isEmailVerified: false });
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.path).toBe('/');
    expect(await whoAmI(client)).toMatchObject({ isAuthenticated: true, username: payload.username });
  });

  it('accepts the password however its accented letters were encoded (composed or combining)', async () => {
    const composed = 'Perch\u00e9-Cos\u00ec-77';
    const combining = 'Perche\u0301-Cosi\u0300-77';
    expect(composed).not.toBe(combining);
    const { payload } = await registerUser(t, { password: composed, re_password: composed });
    const res = await t.client().post('/api/auth/', { username: payload.username, password: combining });
    expect(res.statusCode).toBe(200);
  });

  it('logs in by username typed in another case', async () => {
    const { payload } = await registerUser(t);
    const client = t.client();
    const res = await client.post('/api/auth/', {
      username: payload.username.toUpperCase(),
      password: payload.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(client)).username).toBe(payload.username);
  });

  it('logs in by email, ignoring case and surrounding spaces', async () => {
    const { payload, id } = await registerUser(t);
    const client = t.client();
    const res = await client.post('/api/auth/', {
      username: `  ${payload.email.toUpperCase()} `,
      password: payload.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(client)).id).toBe(id);
  });

  it('does not match the password case-insensitively', async () => {
    const { payload } = await registerUser(t);
    const res = await t.client().post('/api/auth/', {
      username: payload.username,
      password: payload.password.toLowerCase(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown account with the same 401, revealing nothing', async () => {
    const { payload } = await registerUser(t);
    const wrongPassword = await t.client().post('/api/auth/', {
      username: payload.username,
      password: 'Not-The-Password-1',
    });
    const unknownUser = await t.client().post('/api/auth/', {
      username: `nobody_${Date.now()}`,
      password: 'Not-The-Password-1',
    });
    const unknownEmail = await t.client().post('/api/auth/', {
      username: `nobody_${Date.now()}@example.com`,
      password: 'Not-The-Password-1',
    });
    for (const res of [wrongPassword, unknownUser, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(wrongPassword.json()).toEqual({
      success: false,
      code: 'authenticationFailed',
      message: en.authenticationFailed,
      error: en.authenticationFailed,
    });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('leaves the visitor anonymous after a failed login', async () => {
    const { payload } = await registerUser(t);
    const client = t.client();
    await client.post('/api/auth/', { username: payload.username, password: 'Wrong-Password-9' });
    expect((await whoAmI(client)).isAuthenticated).toBe(false);
  });

  it.each([
    ['the username is missing', { password: 'Sunny-Harbor-42' }, 'username'],
    ['the username is blank', { username: '   ', password: 'Sunny-Harbor-42' }, 'username'],
    ['the password is missing', { username: 'someone' }, 'password'],
    ['the password is empty', { username: 'someone', password: '' }, 'password'],
  ])('refuses a login where %s with 400 fillMandatory', async (_case, body, field) => {
    const res = await t.client().post('/api/auth/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'fillMandatory',
      message: en.fillMandatory,
      errors: { [field]: en.fillMandatory },
    });
  });

  it('reports a verified address at login', async () => {
    const { payload } = await registerUser(t);
    const [mail] = await t.mailbox(payload.email);
    const link = linkIn(mail!.text, '/auth/verify-email/');
    expect((await t.client().get(`/api${link.slice(PUBLIC_URL.length)}/`)).statusCode).toBe(200);
    const res = await t.client().post('/api/auth/', { username: payload.email, password: payload.password });
    expect(res.json()).toMatchObject({ success: true, isEmailVerified: true });
  });

  it('answers in Italian when the browser chose Italian', async () => {
    const client = t.client();
    client.cookies.set('i18next', 'it');
    const res = await client.post('/api/auth/', { username: 'nobody_here', password: 'Wrong-Password-9' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(it_.authenticationFailed);
  });
});

describe('POST /api/auth/register/', () => {
  it('creates the account, logs the person in and emails a verification link', async () => {
    const client = t.client();
    const payload = newUser({ user_types: ['gamer', 'developer'], newsletter: true });
    const res = await client.post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: en.registrationSuccess,
      isEmailVerified: false,
      id: expect.stringMatching(UUID),
    });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    expect(await whoAmI(client)).toEqual({
      isAuthenticated: true,
      username: payload.username,
      email: payload.email,
      id: body.id,
      isEmailVerified: false,
      profile_picture_url: null,
      staff_role: null,
      termsAcceptanceRequired: false,
    });

    const mail = await t.mailbox(payload.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Confirm your email address');
    const link = linkIn(mail[0]!.text, '/auth/verify-email/');
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/auth/verify-email/${body.id}/[A-Za-z0-9_-]{20,}$`));
    expect(mail[0]!.html).toContain(link);

    const row = await userRow(payload.username);
    expect(row).toMatchObject({
      id: body.id,
      email: payload.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      userTypes: ['gamer', 'developer'],
      newsletter: true,
      emailVerifiedAt: null,
      language: 'en',
    });
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.termsAcceptedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a password with any characters beyond the required ones', async () => {
    const password = 'Ünïcødé Pässwörd 9 ✓ <>"';
    const res = await t.client().post('/api/auth/register/', newUser({ password, re_password: password }));
    expect(res.statusCode).toBe(201);
  });

  it('accepts a password of exactly eight characters', async () => {
    const res = await t
      .client()
      .post('/api/auth/register/', newUser({ password: 'Xk7mPq2z', re_password: 'Xk7mPq2z' }));
    expect(res.statusCode).toBe(201);
  });

  const invalidRegistrations = (
    [
      ['a username shorter than 3 characters', { username: 'ab' }, 'username', 'invalidUsername'],
      ['a username with a space and punctuation', { username: 'bad name!' }, 'username', 'invalidUsername'],
      ['a username with a hyphen', { username: 'bad-name' }, 'username', 'invalidUsername'],
      ['a username longer than 30 characters', { username: 'u'.repeat(31) }, 'username', 'usernameTooLong'],
      ['a missing username', { username: undefined }, 'username', 'fillMandatory'],
      ['a blank username', { username: '  ' }, 'username', 'fillMandatory'],
      ['an email without @', { email: 'not-an-email' }, 'email', 'invalidEmail'],
      ['an email without a dot in the domain', { email: 'ada@localhost' }, 'email', 'invalidEmail'],
      ['an email with a space', { email: 'ada lovelace@example.com' }, 'email', 'invalidEmail'],
      ['a missing email', { email: undefined }, 'email', 'fillMandatory'],
      ['an empty email', { email: '' }, 'email', 'fillMandatory'],
      [
        'a password shorter than 8 characters',
        { password: 'Abcde12', re_password: 'Abcde12' },
        'password',
        'passwordRequirements',
      ],
      [
        'a password without an uppercase letter',
        { password: 'lowercase-only-1', re_password: 'lowercase-only-1' },
        'password',
        'passwordRequirements',
      ],
      [
        'a password without a lowercase letter',
        { password: 'UPPERCASE-ONLY-1', re_password: 'UPPERCASE-ONLY-1' },
        'password',
        'passwordRequirements',
      ],
      [
        'a password without a digit',
        { password: 'No-Digits-Here', re_password: 'No-Digits-Here' },
        'password',
        'passwordRequirements',
      ],
      [
        'a password longer than 128 characters',
        { password: `Aa1${'x'.repeat(126)}`, re_password: `Aa1${'x'.repeat(126)}` },
        'password',
        'passwordTooLong',
      ],
      [
        'a very common password',
        { password: 'Password123', re_password: 'Password123' },
        'password',
        'passwordTooCommon',
      ],
      ['a missing password', { password: undefined }, 'password', 'passwordRequired'],
      ['a confirmation that differs', { re_password: 'Sunny-Harbor-43' }, 're_password', 'passwordsMatch'],
      ['a missing confirmation', { re_password: undefined }, 're_password', 'confirmPasswordRequired'],
      ['terms left unticked', { accepted_terms: false }, 'accepted_terms', 'acceptTerms'],
      ['terms acceptance left out', { accepted_terms: undefined }, 'accepted_terms', 'acceptTerms'],
      ['an empty user type list', { user_types: [] }, 'user_types', 'selectUserType'],
      ['missing user types', { user_types: undefined }, 'user_types', 'selectUserType'],
      ['an unknown user type', { user_types: ['admin'] }, 'user_types', 'selectUserType'],
      ['a repeated user type', { user_types: ['gamer', 'gamer'] }, 'user_types', 'selectUserType'],
    ] as const
  ).map(([why, overrides, field, key]) => ({ why, overrides, field, key }));

  it.each(invalidRegistrations)('refuses $why with 400 $key', async ({ overrides, field, key }) => {
    const payload = newUser(overrides);
    const client = t.client();
    const res = await client.post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: key, message: en[key] });
    expect(body.errors[field]).toBe(en[key]);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect((await whoAmI(client)).isAuthenticated).toBe(false);
    if (typeof payload.username === 'string' && payload.username.trim().length >= 3) {
      expect(await userRow(payload.username)).toBeUndefined();
    }
  });

  it('refuses a body that is not JSON with 400 invalidRequest', async () => {
    const res = await t.client().request('POST', '/api/auth/register/', {
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'invalidRequest' });
  });

  it('refuses a common password whatever its case', async () => {
    const res = await t
      .client()
      .post('/api/auth/register/', newUser({ password: 'pASSWORD123', re_password: 'pASSWORD123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passwordTooCommon');
  });

  it('names every invalid field at once', async () => {
    const res = await t.client().post('/api/auth/register/', {
      username: 'ab',
      email: 'nope',
      password: 'weak',
      re_password: 'weak',
      user_types: [],
      accepted_terms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['accepted_terms', 'email', 'password', 'user_types', 'username'].sort(),
    );
  });

  it('refuses a taken username in any case with 409 usernameExists', async () => {
    const { payload: first } = await registerUser(t);
    const second = newUser({ username: first.username.toUpperCase() });
    const res = await t.client().post('/api/auth/register/', second);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 'usernameExists',
      message: en.usernameExists,
      errors: { username: en.usernameExists },
    });
    // The spec's browser reads the English text: "username" + "exist" means usernameExists.
    expect(body.message).toMatch(/Username/);
    expect(body.message).toMatch(/exists/);
    expect(await t.mailbox(second.email)).toHaveLength(0);
  });

  it('refuses a taken email in any case with 409 emailExists', async () => {
    const { payload: first } = await registerUser(t);
    const second = newUser({ email: first.email.toUpperCase() });
    const res = await t.client().post('/api/auth/register/', second);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 'emailExists',
      message: en.emailExists,
      errors: { email: en.emailExists },
    });
    expect(body.message).toMatch(/Email/);
    expect(body.message).toMatch(/exists/);
    expect(await userRow(second.username)).toBeUndefined();
  });

  it('answers validation errors and conflicts in Italian for the i18next=it cookie', async () => {
    const { payload: first } = await registerUser(t);
    const client = t.client();
    client.cookies.set('i18next', 'it');
    const conflict = await client.post('/api/auth/register/', newUser({ username: first.username }));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(it_.usernameExists);
    const invalid = await client.post('/api/auth/register/', newUser({ email: 'nope' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'invalidEmail', errors: { email: it_.invalidEmail } });
  });

  it('answers in Italian for Accept-Language: it and emails the verification in Italian', async () => {
    const client = t.client();
    client.headers['accept-language'] = 'it-IT,it;q=0.9,en;q=0.8';
    const payload = newUser();
    const res = await client.post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(it_.registrationSuccess);
    const [mail] = await t.mailbox(payload.email);
    expect(mail?.subject).toBe('Conferma il tuo indirizzo email');
    expect((await userRow(payload.username))?.language).toBe('it');
    const weak = await client.post('/api/auth/register/', newUser({ password: 'weak', re_password: 'weak' }));
    expect(weak.json().message).toBe(it_.passwordRequirements);
  });

  it('prefers English when Accept-Language ranks English above Italian', async () => {
    const client = t.client();
    client.headers['accept-language'] = 'it;q=0.5,en-GB;q=0.9';
    const res = await client.post('/api/auth/register/', newUser({ email: 'nope' }));
    expect(res.json().message).toBe(en.invalidEmail);
  });

  it('replaces the session of a browser that was logged in as someone else', async () => {
    const { client, payload: first } = await registerUser(t);
    const oldSession = client.cookies.get(SESSION_COOKIE)!;
    const second = newUser();
    expect((await client.post('/api/auth/register/', second)).statusCode).toBe(201);
    expect((await whoAmI(client)).username).toBe(second.username);
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, oldSession);
    expect((await whoAmI(replay)).isAuthenticated).toBe(false);
    expect(first.username).not.toBe(second.username);
  });
});

describe('POST /api/auth/logout/', () => {
  it('ends the session on the server, so replaying the old cookie is anonymous', async () => {
    const { client } = await registerUser(t);
    const stolen = client.cookies.get(SESSION_COOKIE)!;
    const res = await client.post('/api/auth/logout/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: en.logoutSuccess });
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await whoAmI(client)).isAuthenticated).toBe(false);

    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, stolen);
    expect((await whoAmI(replay)).isAuthenticated).toBe(false);
    const me = await replay.get('/api/user/');
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('notAuthenticated');
  });

  it('ends only the session that logs out, not the same user on another device', async () => {
    const { client: laptop, payload } = await registerUser(t);
    const phone = t.client();
    await phone.post('/api/auth/', { username: payload.username, password: payload.password });
    expect((await laptop.post('/api/auth/logout/')).statusCode).toBe(200);
    expect((await whoAmI(phone)).isAuthenticated).toBe(true);
  });

  it('gives the browser a fresh anonymous CSRF token it can use right away', async () => {
    const { client, payload } = await registerUser(t);
    const before = client.cookies.get(CSRF_COOKIE);
    await client.post('/api/auth/logout/');
    expect(client.cookies.get(CSRF_COOKIE)).toBeDefined();
    expect(client.cookies.get(CSRF_COOKIE)).not.toBe(before);
    const again = await client.post('/api/auth/', { username: payload.username, password: payload.password });
    expect(again.statusCode).toBe(200);
  });

  it('answers a visitor with success too', async () => {
    const res = await t.client().post('/api/auth/logout/');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

describe('a row never leaves the server', () => {
  it('keeps the stored user row out of every account answer', async () => {
    const { client, payload } = await registerUser(t);
    const row = await t.database.db.select().from(users).where(eq(users.username, payload.username));
    const login = await client.post('/api/auth/', { username: payload.username, password: payload.password });
    for (const res of [login, await client.get('/api/auth/authenticated/')]) {
      expect(res.body).not.toContain(row[0]!.passwordHash!);
      expect(res.body).not.toMatch(/password_hash|passwordHash|terms_?accepted_?at/i);
    }
  });
});
