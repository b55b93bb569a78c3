import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
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
import { RULES } from '../../platform/rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const USER_FIELDS = [
  'date_joined',
  'email',
  'first_name',
  'has_password',
  'id',
  'indie_project_updates',
  'isEmailVerified',
  'language',
  'last_name',
  'newsletter',
  'profile_picture_url',
  'staff_role',
  'userType',
  'user_types',
  'username',
].sort();

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** No response may carry a password hash or a column that only the server should know. */
async function expectNothingInternal(res: LightMyRequestResponse, userId: string) {
  const row = await rowOf(userId);
  const body = res.body;
  expect(body).not.toContain('$argon2');
  if (row.passwordHash) expect(body).not.toContain(row.passwordHash);
  for (const internal of [
    'password_hash',
    'passwordHash',
    'avatar_key',
    'avatarKey',
    'deleted_at',
    'deletedAt',
    'verification_sent_at',
    'verificationSentAt',
    'email_verified_at',
    'emailVerifiedAt',
    'terms_accepted_at',
    'password_changed_at',
    'id_hash',
    'stack',
  ]) {
    expect(body).not.toContain(internal);
  }
}

async function login(username: string, password: string) {
  const client = t.client();
  const res = await client.post('/api/auth/', { username, password });
  return { client, res };
}

async function verifyEmailOf(client: TestClient, email: string) {
  const [mail] = await t.mailbox(email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const link = linkIn(mail.text, '/auth/verify-email/');
  const res = await client.get(`/api${link.slice(PUBLIC_URL.length)}/`);
  expect(res.statusCode).toBe(200);
}

function profileOf(payload: ReturnType<typeof newUser>, changes: Record<string, unknown> = {}) {
  return {
    first_name: payload.name,
    last_name: payload.surname,
    username: payload.username,
    email: payload.email,
    ...changes,
  };
}

describe('GET /api/user/', () => {
  it('answers 401 notAuthenticated to a visitor without a session', async () => {
    const res = await t.client().get('/api/user/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'notAuthenticated' });
  });

  it('answers 401 to a session cookie the server never issued', async () => {
    const client = t.client();
    client.cookies.set('sessionid', 'A'.repeat(43));
    const res = await client.get('/api/user/');
    expect(res.statusCode).toBe(401);
  });

  it('returns the logged-in user with the spec field names and no internal column', async () => {
    const { client, payload, id } = await registerUser(t, { user_types: ['gamer', 'developer'] });
    const res = await client.get('/api/user/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.user).sort()).toEqual(USER_FIELDS);
    expect(body.user).toMatchObject({
      id,
      username: payload.username,
      email: payload.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      user_types: ['gamer', 'developer'],
      userType: 'gamer',
      isEmailVerified: false,
      profile_picture_url: null,
      newsletter: false,
      has_password: true,
    });
    await expectNothingInternal(res, id);
  });

  it('never leaks internals in any answer of the user endpoints, errors included', async () => {
    const { client, payload, id } = await registerUser(t);
    const answers = [
      await client.get('/api/user/'),
      await client.post('/api/user/update/', profileOf(payload, { first_name: 'Grace' })),
      await client.post('/api/user/update/', profileOf(payload, { username: '' })),
      await client.post('/api/user/change-password/', {
        old_password: 'Wrong-Password-1',
        new_password: 'Another-Pass-77',
        re_new_password: 'Another-Pass-77',
      }),
      await client.get('/api/user/subscriptions/'),
      await client.post('/api/user/subscriptions/', { newsletter: true, indie_project_updates: true }),
      await client.get('/api/auth/authenticated/'),
    ];
    for (const res of answers) await expectNothingInternal(res, id);
  });
});

describe('POST /api/user/update/', () => {
  it('updates name, surname and username and answers the updated user', async () => {
    const { client, payload, id } = await registerUser(t);
    const username = `${payload.username}_x`;
    const res = await client.post(
      '/api/user/update/',
      profileOf(payload, { first_name: 'Grace', last_name: 'Hopper', username }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your profile has been updated.',
      user: { id, first_name: 'Grace', last_name: 'Hopper', username, email: payload.email },
    });
    const again = await client.get('/api/user/');
    expect(again.json().user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', username });
    // The new username logs in, the old one no longer names anybody.
    expect((await login(username, payload.password)).res.statusCode).toBe(200);
    expect((await login(payload.username, payload.password)).res.statusCode).toBe(401);
  });

  it('keeps name and surname when an update leaves them out, and clears them when sent empty', async () => {
    const { client, payload, id } = await registerUser(t);
    const username = `${payload.username}_y`;
    const res = await client.post('/api/user/update/', { username, email: payload.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username, first_name: payload.name, last_name: payload.surname });
    const cleared = await client.post('/api/user/update/', {
      username,
      email: payload.email,
      first_name: '',
      last_name: '',
    });
    expect(cleared.json().user).toMatchObject({ first_name: '', last_name: '' });
    expect((await rowOf(id)).firstName).toBe('');
  });

  it.each([
    ['an empty username', { username: '' }],
    ['a username of spaces', { username: '   ' }],
    ['an empty email', { email: '' }],
    ['an email of spaces', { email: '  ' }],
    ['no username at all', { username: undefined }],
    ['no email at all', { email: undefined }],
  ])('refuses %s with "Username and email are required"', async (_label, change) => {
    const { client, payload, id } = await registerUser(t);
    const res = await client.post('/api/user/update/', profileOf(payload, change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'usernameEmailRequired',
      message: 'Username and email are required',
    });
    const row = await rowOf(id);
    expect(row.username).toBe(payload.username);
    expect(row.email).toBe(payload.email);
  });

  it('refuses a malformed username or email with the field rule that failed', async () => {
    const { client, payload } = await registerUser(t);
    const badName = await client.post('/api/user/update/', profileOf(payload, { username: 'no spaces!' }));
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({
      code: 'invalidUsername',
      errors: { username: expect.any(String) },
    });
    const badEmail = await client.post('/api/user/update/', profileOf(payload, { email: 'not-an-address' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'invalidEmail', errors: { email: expect.any(String) } });
  });

  it('answers 409 usernameExists when another account holds the username in any case', async () => {
    const other = await registerUser(t);
    const { client, payload, id } = await registerUser(t);
    const res = await client.post(
      '/api/user/update/',
      profileOf(payload, { username: other.payload.username.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'usernameExists',
      message: 'Username already exists. Please choose a different username.',
      errors: { username: expect.any(String) },
    });
    expect((await rowOf(id)).username).toBe(payload.username);
  });

  it('answers 409 emailExists when another account holds the email in any case', async () => {
    const other = await registerUser(t);
    const { client, payload, id } = await registerUser(t);
    const res = await client.post(
      '/api/user/update/',
      profileOf(payload, { email: ` ${other.payload.email.toUpperCase()} ` }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'emailExists',
      message: 'Email already exists. Please use a different email address.',
    });
    expect((await rowOf(id)).email).toBe(payload.email);
    expect(await t.mailbox(other.payload.email)).toHaveLength(1); // only its own verification mail
  });

  it('lets a user change the case of their own username', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post(
      '/api/user/update/',
      profileOf(payload, { username: payload.username.toUpperCase() }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(payload.username.toUpperCase());
  });

  it('ignores privileged and internal fields in the body (mass assignment)', async () => {
    const victim = await registerUser(t);
    const { client, payload, id } = await registerUser(t);
    const before = await rowOf(id);
    const res = await client.post(
      '/api/user/update/',
      profileOf(payload, {
        first_name: 'Mallory',
        is_staff: true,
        is_superuser: true,
        isEmailVerified: true,
        email_verified_at: new Date().toISOString(),
        emailVerifiedAt: new Date().toISOString(),
        id: victim.id,
        user_id: victim.id,
        password: 'Taken-Over-123',
        password_hash: 'x',
        profile_picture_url: '/media/avatars/0123456789abcdef0123456789abcdef.webp',
        avatar_key: 'avatars/0123456789abcdef0123456789abcdef.webp',
        deleted_at: new Date().toISOString(),
        user_types: ['developer'],
        language: 'it',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id,
      first_name: 'Mallory',
      isEmailVerified: false,
      profile_picture_url: null,
      user_types: ['investor'],
      language: 'en',
    });
    const after = await rowOf(id);
    expect(after.emailVerifiedAt).toBeNull();
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.avatarKey).toBeNull();
    expect(after.deletedAt).toBeNull();
    expect((await rowOf(victim.id)).firstName).toBe('Ada');
    expect((await login(payload.username, 'Taken-Over-123')).res.statusCode).toBe(401);
    expect((await login(payload.username, payload.password)).res.statusCode).toBe(200);
  });

  it('treats a new email as unverified, mails a link to it and a notice to the old address', async () => {
    const { client, payload, id } = await registerUser(t);
    await verifyEmailOf(client, payload.email);
    expect((await client.get('/api/user/')).json().user.isEmailVerified).toBe(true);

    const newEmail = `moved_${payload.username}@Example.org`;
    const res = await client.post('/api/user/update/', profileOf(payload, { email: `  ${newEmail}  ` }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your profile has been updated. We have sent a verification email to your new address.',
      user: { email: newEmail, isEmailVerified: false },
    });
    expect((await rowOf(id)).emailVerifiedAt).toBeNull();

    const [verification] = await t.mailbox(newEmail);
    expect(verification?.subject).toBe('Confirm your email address');
    const link = linkIn(verification!.text, `/auth/verify-email/${id}/`);

    const notices = await t.mailbox(payload.email);
    expect(notices[0]?.subject).toBe('Your email address was changed');
    expect(notices[0]?.text).toContain(newEmail);
    // The old address gets a notice, never a link that would verify the new one.
    expect(notices[0]?.text).not.toContain('/auth/verify-email/');

    const verified = await client.get(`/api${link.slice(PUBLIC_URL.length)}/`);
    expect(verified.statusCode).toBe(200);
    expect((await client.get('/api/user/')).json().user.isEmailVerified).toBe(true);
    expect((await login(newEmail, payload.password)).res.statusCode).toBe(200);
  });

  it('does not count a change of case or surrounding spaces in the email as a change', async () => {
    const { client, payload, id } = await registerUser(t);
    await verifyEmailOf(client, payload.email);
    const mailsBefore = (await t.mailbox(payload.email)).length;
    const res = await client.post(
      '/api/user/update/',
      profileOf(payload, { email: `  ${payload.email.toUpperCase()}  ` }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your profile has been updated.',
      user: { isEmailVerified: true },
    });
    expect((await rowOf(id)).emailVerifiedAt).not.toBeNull();
    expect(await t.mailbox(payload.email)).toHaveLength(mailsBefore);
  });

  it('refuses the update without the CSRF header or from a foreign origin', async () => {
    const { client, payload, id } = await registerUser(t);
    const noToken = await client.request('POST', '/api/user/update/', {
      body: profileOf(payload, { first_name: 'Eve' }),
      csrf: false,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('csrfFailed');
    const foreign = await client.request('POST', '/api/user/update/', {
      body: profileOf(payload, { first_name: 'Eve' }),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await rowOf(id)).firstName).toBe('Ada');
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.client().post('/api/user/update/', profileOf(newUser()));
    expect(res.statusCode).toBe(401);
  });

  it('answers in Italian to a browser that asks for it', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/user/update/', profileOf(payload, { email: '' }), {
      'accept-language': 'it-IT,it;q=0.9,en;q=0.5',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'usernameEmailRequired',
      message: 'Nome utente ed email sono obbligatori',
    });
  });
});

describe('POST /api/user/change-password/', () => {
  const NEW_PASSWORD = 'Brand-New-Pass-77';

  it('refuses a wrong previous password with 400 wrongOldPassword and keeps the password', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/user/change-password/', {
      old_password: 'Not-My-Password-1',
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'wrongOldPassword',
      errors: { old_password: 'Your previous password is not correct.' },
    });
    expect((await login(payload.username, payload.password)).res.statusCode).toBe(200);
    expect((await login(payload.username, NEW_PASSWORD)).res.statusCode).toBe(401);
  });

  it.each([
    ['a missing previous password', { old_password: '' }, 'oldPasswordRequired'],
    ['a short new password', { new_password: 'Ab1cdef', re_new_password: 'Ab1cdef' }, 'passwordRequirements'],
    [
      'a new password without an uppercase letter',
      { new_password: 'lowercase-only-1', re_new_password: 'lowercase-only-1' },
      'passwordRequirements',
    ],
    [
      'a new password without a digit',
      { new_password: 'No-Digits-Here', re_new_password: 'No-Digits-Here' },
      'passwordRequirements',
    ],
    [
      'a common password',
      { new_password: 'Password123', re_new_password: 'Password123' },
      'passwordTooCommon',
    ],
    ['a confirmation that differs', { re_new_password: 'Brand-New-Pass-78' }, 'passwordsMatch'],
    ['a missing confirmation', { re_new_password: '' }, 'confirmPasswordRequired'],
  ])('refuses %s with %s', async (_label, change, code) => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/user/change-password/', {
      old_password: payload.password,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect((await login(payload.username, payload.password)).res.statusCode).toBe(200);
  });

  it('refuses a new password equal to the previous one', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/user/change-password/', {
      old_password: payload.password,
      new_password: payload.password,
      re_new_password: payload.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('samePassword');
  });

  it('changes the password, ends the other sessions, keeps this one and sends a notice', async () => {
    const { client, payload } = await registerUser(t);
    const other = await login(payload.email, payload.password);
    expect(other.res.statusCode).toBe(200);
    expect((await other.client.get('/api/user/')).statusCode).toBe(200);

    const res = await client.post('/api/user/change-password/', {
      old_password: payload.password,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been changed.' });

    expect((await other.client.get('/api/user/')).statusCode).toBe(401);
    expect((await client.get('/api/user/')).statusCode).toBe(200);
    // The kept session can still make state-changing calls with its CSRF token.
    const stillWorks = await client.post('/api/user/subscriptions/', {
      newsletter: true,
      indie_project_updates: false,
    });
    expect(stillWorks.statusCode).toBe(200);

    expect((await login(payload.username, payload.password)).res.statusCode).toBe(401);
    expect((await login(payload.username, NEW_PASSWORD)).res.statusCode).toBe(200);

    const [notice] = await t.mailbox(payload.email);
    expect(notice?.subject).toBe('Your password was changed');
    // The notice carries the link that undoes the change (ADR 0015).
    expect(notice?.text).toContain(`${PUBLIC_URL}/account/undo/`);
  });

  it('stops guessing of the previous password after repeated failures', async () => {
    const { client, payload } = await registerUser(t);
    const attempt = (old_password: string) =>
      client.post('/api/user/change-password/', {
        old_password,
        new_password: NEW_PASSWORD,
        re_new_password: NEW_PASSWORD,
      });
    const { limit } = RULES.passwordChangeFailuresPerAccount;
    for (let i = 0; i < limit; i++) expect((await attempt(`Guess-Number-${i}`)).statusCode).toBe(400);
    const blocked = await attempt(payload.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(payload.username, NEW_PASSWORD)).res.statusCode).toBe(401);
  });

  it('answers 401 to a visitor and 403 without the CSRF header', async () => {
    const body = {
      old_password: 'Sunny-Harbor-42',
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    };
    expect((await t.client().post('/api/user/change-password/', body)).statusCode).toBe(401);
    const { client, payload } = await registerUser(t);
    const res = await client.request('POST', '/api/user/change-password/', { body, csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await login(payload.username, payload.password)).res.statusCode).toBe(200);
  });
});

describe('POST /api/user/language/', () => {
  it("stores the language, and the account's next emails are written in it", async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/user/language/', { language: 'it' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, language: 'it' });
    expect((await client.get('/api/user/')).json().user.language).toBe('it');
    const moved = `it_${payload.email}`;
    expect(
      (await client.post('/api/user/update/', { username: payload.username, email: moved })).statusCode,
    ).toBe(200);
    const [verification] = await t.mailbox(moved);
    expect(verification?.subject).toBe('Conferma il tuo indirizzo email');
  });

  it('refuses a language the platform does not speak, and a visitor', async () => {
    const { client } = await registerUser(t);
    const bad = await client.post('/api/user/language/', { language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalidValue');
    expect((await client.get('/api/user/')).json().user.language).toBe('en');
    expect((await t.client().post('/api/user/language/', { language: 'it' })).statusCode).toBe(401);
  });
});

describe('subscriptions', () => {
  it('reports the newsletter choice made at registration', async () => {
    const { client } = await registerUser(t, { newsletter: true });
    const res = await client.get('/api/user/subscriptions/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, newsletter: true, indie_project_updates: false });
  });

  it('persists newsletter and indie_project_updates', async () => {
    const { client, id } = await registerUser(t);
    const set = await client.post('/api/user/subscriptions/', {
      newsletter: true,
      indie_project_updates: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true, newsletter: true, indie_project_updates: true });
    expect((await client.get('/api/user/subscriptions/')).json()).toEqual({
      success: true,
      newsletter: true,
      indie_project_updates: true,
    });
    const row = await rowOf(id);
    expect([row.newsletter, row.indieProjectUpdates]).toEqual([true, true]);

    await client.post('/api/user/subscriptions/', { newsletter: false, indie_project_updates: true });
    expect((await client.get('/api/user/')).json().user).toMatchObject({
      newsletter: false,
      indie_project_updates: true,
    });
  });

  it('refuses values that are not booleans and keeps the stored choice', async () => {
    const { client, id } = await registerUser(t, { newsletter: true });
    const res = await client.post('/api/user/subscriptions/', { newsletter: 'no', indie_project_updates: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalidValue');
    const missing = await client.post('/api/user/subscriptions/', { newsletter: false });
    expect(missing.statusCode).toBe(400);
    expect((await rowOf(id)).newsletter).toBe(true);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.client().get('/api/user/subscriptions/')).statusCode).toBe(401);
    const res = await t
      .client()
      .post('/api/user/subscriptions/', { newsletter: true, indie_project_updates: true });
    expect(res.statusCode).toBe(401);
  });
});

describe('one user cannot read or change another user’s data', () => {
  it('answers with the caller’s own data whatever id is passed in the query', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    for (const url of [
      `/api/user/?id=${alice.id}`,
      `/api/user/?user_id=${alice.id}`,
      `/api/user/subscriptions/?id=${alice.id}`,
    ]) {
      const res = await bob.client.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(alice.payload.email);
      expect(res.body).not.toContain(alice.id);
    }
    expect((await bob.client.get(`/api/user/${alice.id}/`)).statusCode).toBe(404);
  });

  it('changes only the caller’s account when another id is passed to update, password or subscriptions', async () => {
    const alice = await registerUser(t, { newsletter: true });
    const bob = await registerUser(t);
    const aliceBefore = await rowOf(alice.id);

    const update = await bob.client.post(`/api/user/update/?id=${alice.id}`, {
      ...profileOf(bob.payload, { first_name: 'Bobby' }),
      id: alice.id,
      user_id: alice.id,
      pk: alice.id,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().user.id).toBe(bob.id);

    const password = await bob.client.post(`/api/user/change-password/?user_id=${alice.id}`, {
      user_id: alice.id,
      old_password: bob.payload.password,
      new_password: 'Bobs-New-Pass-99',
      re_new_password: 'Bobs-New-Pass-99',
    });
    expect(password.statusCode).toBe(200);

    const subs = await bob.client.post(`/api/user/subscriptions/?id=${alice.id}`, {
      id: alice.id,
      newsletter: false,
      indie_project_updates: true,
    });
    expect(subs.statusCode).toBe(200);

    const aliceAfter = await rowOf(alice.id);
    expect(aliceAfter).toMatchObject({
      firstName: aliceBefore.firstName,
      passwordHash: aliceBefore.passwordHash,
      newsletter: true,
      indieProjectUpdates: false,
    });
    expect((await rowOf(bob.id)).firstName).toBe('Bobby');
    expect((await alice.client.get('/api/user/')).statusCode).toBe(200);
    expect((await login(alice.payload.username, alice.payload.password)).res.statusCode).toBe(200);
  });

  it('cannot take over another account’s username or email through an update', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const res = await bob.client.post(
      '/api/user/update/',
      profileOf(bob.payload, { username: alice.payload.username, email: alice.payload.email }),
    );
    expect(res.statusCode).toBe(409);
    expect((await login(alice.payload.username, alice.payload.password)).res.statusCode).toBe(200);
  });

  it('deletes or erases only the caller’s account whatever id is passed', async () => {
    const alice = await registerUser(t, { newsletter: true });
    const bob = await registerUser(t);
    const erase = await bob.client.request('DELETE', `/api/user/delete-all-data/?id=${alice.id}`, {
      headers: { 'x-user-id': alice.id },
    });
    expect(erase.statusCode).toBe(200);
    const remove = await bob.client.request('DELETE', `/api/user/delete/?user_id=${alice.id}`);
    expect(remove.statusCode).toBe(200);

    expect(await rowOf(alice.id)).toMatchObject({ firstName: 'Ada', newsletter: true, deletedAt: null });
    expect((await rowOf(bob.id)).deletedAt).not.toBeNull();
    expect((await alice.client.get('/api/user/')).statusCode).toBe(200);
  });
});
