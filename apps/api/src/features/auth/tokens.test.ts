import { randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES } from '@indiesplit/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  linkIn,
  newUser,
  PUBLIC_URL,
  registerUser,
  type TestApp,
} from '../../../test/harness.ts';
import { emailTokens, users } from '../../db/schema.ts';

// The emailed links: verification, password recovery and reset, and resending the verification.

const en = MESSAGES.en;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The API call behind a web link: /auth/verify-email/{id}/{code} -> GET /api/auth/verify-email/{id}/{code}/ */
const verifyCall = (link: string) => `/api${link.slice(PUBLIC_URL.length)}/`;

async function latestLink(email: string, pathPrefix: string): Promise<string> {
  const mail = await t.mailbox(email);
  const found = mail.find((m) => m.text.includes(`${PUBLIC_URL}${pathPrefix}`));
  if (!found) throw new Error(`no ${pathPrefix} mail for ${email}`);
  return linkIn(found.text, pathPrefix);
}

const verificationLink = (email: string) => latestLink(email, '/auth/verify-email/');

async function resetParams(email: string): Promise<{ user_id: string; user_token: string }> {
  const link = await latestLink(email, '/recover-password/');
  const [user_id = '', user_token = ''] = link.slice(`${PUBLIC_URL}/recover-password/`.length).split('/');
  return { user_id, user_token };
}

async function requestReset(email: string) {
  const res = await t.client().post('/api/auth/recover-password/', { email });
  expect(res.statusCode).toBe(200);
  return resetParams(email);
}

async function isVerified(userId: string): Promise<boolean> {
  const [row] = await t.database.db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at != null;
}

async function expireTokens(userId: string, purpose: 'verify_email' | 'reset_password') {
  await t.database.db
    .update(emailTokens)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
}

async function canLogIn(username: string, password: string): Promise<boolean> {
  const res = await t.client().post('/api/auth/', { username, password });
  return res.statusCode === 200;
}

const NEW_PASSWORD = 'Brand-New-Lantern-77';

describe('GET /api/auth/verify-email/{user_id}/{code}/', () => {
  it('verifies the address from the emailed link, with the message the web app looks for', async () => {
    const { client, payload, id } = await registerUser(t);
    const link = await verificationLink(payload.email);
    const res = await client.get(verifyCall(link));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Email verified successfully' });
    expect(await isVerified(id)).toBe(true);
    expect((await client.get('/api/auth/authenticated/')).json().isEmailVerified).toBe(true);
  });

  it('verifies from a browser that is not logged in', async () => {
    const { payload, id } = await registerUser(t);
    const res = await t.client().get(verifyCall(await verificationLink(payload.email)));
    expect(res.statusCode).toBe(200);
    expect(await isVerified(id)).toBe(true);
  });

  it('answers success again when the same link is clicked twice', async () => {
    const { payload, id } = await registerUser(t);
    const call = verifyCall(await verificationLink(payload.email));
    expect((await t.client().get(call)).statusCode).toBe(200);
    const second = await t.client().get(call);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true, message: en.emailVerified });
    expect(await isVerified(id)).toBe(true);
  });

  it('answers 410 codeExpired for an expired link and leaves the address unverified', async () => {
    const { payload, id } = await registerUser(t);
    const call = verifyCall(await verificationLink(payload.email));
    await expireTokens(id, 'verify_email');
    const res = await t.client().get(call);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, code: 'codeExpired', message: en.codeExpired });
    expect(await isVerified(id)).toBe(false);
  });

  it('answers success to an unused, expired link once the address was verified another way', async () => {
    const { payload, id } = await registerUser(t);
    const call = verifyCall(await verificationLink(payload.email));
    // A completed password reset proves the mailbox and verifies the address.
    const params = await requestReset(payload.email);
    expect(
      (await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect(await isVerified(id)).toBe(true);
    await expireTokens(id, 'verify_email');
    const res = await t.client().get(call);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: en.emailVerified });
  });

  it('answers a code longer than any we issue in the API error shape, not the framework one', async () => {
    const { id } = await registerUser(t);
    for (const length of [250, 400]) {
      const res = await t.client().get(`/api/auth/verify-email/${id}/${'a'.repeat(length)}/`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, code: 'invalidRequest' });
    }
  });

  it('answers 404 invalidCode for a code that was never issued', async () => {
    const { id } = await registerUser(t);
    const res = await t
      .client()
      .get(`/api/auth/verify-email/${id}/${randomBytes(32).toString('base64url')}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'invalidCode', message: en.invalidCode });
    expect(await isVerified(id)).toBe(false);
  });

  it('answers 400 for a user id that is not an id at all', async () => {
    const { payload } = await registerUser(t);
    const link = await verificationLink(payload.email);
    const code = link.split('/').pop();
    const res = await t.client().get(`/api/auth/verify-email/not-a-user-id/${code}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'invalidRequest' });
  });

  it("answers 404 when my code is sent with another user's id, and verifies nobody", async () => {
    const mine = await registerUser(t);
    const theirs = await registerUser(t);
    const code = (await verificationLink(mine.payload.email)).split('/').pop();
    const res = await t.client().get(`/api/auth/verify-email/${theirs.id}/${code}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalidCode');
    expect(await isVerified(theirs.id)).toBe(false);
    expect(await isVerified(mine.id)).toBe(false);
    // The code itself is still good for its owner.
    expect((await t.client().get(`/api/auth/verify-email/${mine.id}/${code}/`)).statusCode).toBe(200);
  });

  it('answers 404 to a password-reset token used as a verification code', async () => {
    const { payload, id } = await registerUser(t);
    const { user_token } = await requestReset(payload.email);
    const res = await t.client().get(`/api/auth/verify-email/${id}/${user_token}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalidCode');
    expect(await isVerified(id)).toBe(false);
  });

  it('answers 404 to a link for an address the user has since changed, and the new link works', async () => {
    const { client, payload, id } = await registerUser(t);
    const oldCall = verifyCall(await verificationLink(payload.email));
    const newEmail = `moved_${randomBytes(4).toString('hex')}@example.com`;
    const update = await client.post('/api/user/update/', {
      first_name: payload.name,
      last_name: payload.surname,
      username: payload.username,
      email: newEmail,
    });
    expect(update.statusCode).toBe(200);
    const res = await t.client().get(oldCall);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalidCode');
    expect(await isVerified(id)).toBe(false);

    const fresh = await t.client().get(verifyCall(await verificationLink(newEmail)));
    expect(fresh.statusCode).toBe(200);
    expect(await isVerified(id)).toBe(true);
  });

  it('does not let an already used link vouch for an address changed afterwards', async () => {
    const { client, payload, id } = await registerUser(t);
    const call = verifyCall(await verificationLink(payload.email));
    expect((await t.client().get(call)).statusCode).toBe(200);
    await client.post('/api/user/update/', {
      first_name: payload.name,
      last_name: payload.surname,
      username: payload.username,
      email: `moved_${randomBytes(4).toString('hex')}@example.com`,
    });
    expect(await isVerified(id)).toBe(false);
    const again = await t.client().get(call);
    expect(again.statusCode).toBe(404);
    expect(await isVerified(id)).toBe(false);
  });
});

describe('POST /api/auth/recover-password/', () => {
  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    const { payload, id } = await registerUser(t);
    const unknown = `nobody_${randomBytes(4).toString('hex')}@example.com`;
    const known = await t.client().post('/api/auth/recover-password/', { email: payload.email });
    const missing = await t.client().post('/api/auth/recover-password/', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(known.json()).toEqual({
      success: true,
      message: "If an account with that email exists, we've sent you a password reset link.",
    });
    expect(missing.body).toBe(known.body);

    expect(await t.mailbox(unknown)).toHaveLength(0);
    const mail = (await t.mailbox(payload.email)).filter((m) => m.subject === 'Reset your password');
    expect(mail).toHaveLength(1);
    const link = linkIn(mail[0]!.text, '/recover-password/');
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/recover-password/${id}/[A-Za-z0-9_-]{40,}$`));
  });

  it('finds the account whatever the case of the typed address, mailing the stored address', async () => {
    const { payload, id } = await registerUser(t);
    const res = await t.client().post('/api/auth/recover-password/', {
      email: ` ${payload.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect((await resetParams(payload.email)).user_id).toBe(id);
  });

  it('mails the link in the language the account chose', async () => {
    const client = t.client();
    client.cookies.set('i18next', 'it');
    const payload = newUser();
    expect((await client.post('/api/auth/register/', payload)).statusCode).toBe(201);
    await t.client().post('/api/auth/recover-password/', { email: payload.email });
    const [latest] = await t.mailbox(payload.email);
    expect(latest?.subject).toBe('Reimposta la tua password');
  });

  it.each([
    ['an invalid address', { email: 'not-an-email' }, 'invalidEmail'],
    ['an empty address', { email: '' }, 'fillMandatory'],
    ['no address', {}, 'fillMandatory'],
  ])('refuses %s with 400', async (_case, body, code) => {
    const res = await t.client().post('/api/auth/recover-password/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code, errors: { email: expect.any(String) } });
  });
});

describe('POST /api/auth/reset-password/', () => {
  it('sets the new password: the new one logs in, the old one no longer does', async () => {
    const { payload } = await registerUser(t);
    const params = await requestReset(payload.email);
    const res = await t.client().post('/api/auth/reset-password/', {
      ...params,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: en.passwordReset });
    expect(await canLogIn(payload.username, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(payload.username, payload.password)).toBe(false);
    const [latest] = await t.mailbox(payload.email);
    expect(latest?.subject).toBe('Your password was changed');
  });

  it('accepts the spec payload without a confirmation field', async () => {
    const { payload } = await registerUser(t);
    const params = await requestReset(payload.email);
    const res = await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await canLogIn(payload.email, NEW_PASSWORD)).toBe(true);
  });

  it("ends every one of the user's sessions", async () => {
    const { client: laptop, payload } = await registerUser(t);
    const phone = t.client();
    expect(
      (await phone.post('/api/auth/', { username: payload.username, password: payload.password })).statusCode,
    ).toBe(200);
    const params = await requestReset(payload.email);
    await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD });
    for (const device of [laptop, phone]) {
      expect((await device.get('/api/auth/authenticated/')).json().isAuthenticated).toBe(false);
      expect((await device.get('/api/user/')).statusCode).toBe(401);
    }
  });

  it('refuses a link used once already with 404 invalidOrExpired', async () => {
    const { payload } = await registerUser(t);
    const params = await requestReset(payload.email);
    expect(
      (await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const reuse = await t.client().post('/api/auth/reset-password/', {
      ...params,
      new_password: 'Attacker-Chosen-99',
    });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toMatchObject({
      success: false,
      code: 'invalidOrExpired',
      message: en.invalidOrExpired,
    });
    expect(await canLogIn(payload.username, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(payload.username, 'Attacker-Chosen-99')).toBe(false);
  });

  it('refuses an expired link with 410 linkExpired and keeps the old password', async () => {
    const { payload, id } = await registerUser(t);
    const params = await requestReset(payload.email);
    await expireTokens(id, 'reset_password');
    const res = await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, code: 'linkExpired', message: en.linkExpired });
    expect(await canLogIn(payload.username, payload.password)).toBe(true);
  });

  it('voids an older link when a newer reset is requested', async () => {
    const { payload } = await registerUser(t);
    const older = await requestReset(payload.email);
    const newer = await requestReset(payload.email);
    expect(newer.user_token).not.toBe(older.user_token);
    const stale = await t
      .client()
      .post('/api/auth/reset-password/', { ...older, new_password: NEW_PASSWORD });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().code).toBe('invalidOrExpired');
    const fresh = await t
      .client()
      .post('/api/auth/reset-password/', { ...newer, new_password: NEW_PASSWORD });
    expect(fresh.statusCode).toBe(200);
  });

  it('voids outstanding links when the password is changed in the settings', async () => {
    const { client, payload } = await registerUser(t);
    const params = await requestReset(payload.email);
    const change = await client.post('/api/user/change-password/', {
      old_password: payload.password,
      new_password: 'Changed-In-Settings-5',
      re_new_password: 'Changed-In-Settings-5',
    });
    expect(change.statusCode).toBe(200);
    const res = await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalidOrExpired');
    expect(await canLogIn(payload.username, 'Changed-In-Settings-5')).toBe(true);
  });

  it('voids outstanding links when the account moves to another email address', async () => {
    const { client, payload } = await registerUser(t);
    const params = await requestReset(payload.email);
    const moved = await client.post('/api/user/update/', {
      username: payload.username,
      email: `moved_${payload.email}`,
    });
    expect(moved.statusCode).toBe(200);
    const res = await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalidOrExpired');
    expect(await canLogIn(payload.username, payload.password)).toBe(true);
  });

  it.each([
    [
      'a password that misses the requirements',
      'weakpass',
      undefined,
      'new_password',
      'passwordRequirements',
    ],
    ['a very common password', 'Password123', undefined, 'new_password', 'passwordTooCommon'],
    ['an empty password', '', undefined, 'new_password', 'passwordRequired'],
    ['a confirmation that differs', NEW_PASSWORD, 'Other-Password-12', 're_new_password', 'passwordsMatch'],
  ] as const)(
    'refuses %s with 400 and leaves the link usable',
    async (_case, password, confirm, field, code) => {
      const { payload } = await registerUser(t);
      const params = await requestReset(payload.email);
      const res = await t.client().post('/api/auth/reset-password/', {
        ...params,
        new_password: password,
        ...(confirm ? { re_new_password: confirm } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code, errors: { [field]: en[code] } });
      expect(await canLogIn(payload.username, payload.password)).toBe(true);
      const retry = await t.client().post('/api/auth/reset-password/', {
        ...params,
        new_password: NEW_PASSWORD,
      });
      expect(retry.statusCode).toBe(200);
    },
  );

  it("refuses user A's token presented with user B's id, changing neither password", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const { user_token } = await requestReset(a.payload.email);
    const res = await t.client().post('/api/auth/reset-password/', {
      user_id: b.id,
      user_token,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalidOrExpired');
    expect(await canLogIn(b.payload.username, b.payload.password)).toBe(true);
    expect(await canLogIn(a.payload.username, a.payload.password)).toBe(true);
  });

  it('refuses a verification code used as a reset token', async () => {
    const { payload, id } = await registerUser(t);
    const code = (await verificationLink(payload.email)).split('/').pop()!;
    const res = await t.client().post('/api/auth/reset-password/', {
      user_id: id,
      user_token: code,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(404);
    expect(await canLogIn(payload.username, payload.password)).toBe(true);
  });

  it('refuses an unknown token and a malformed user id with 404 invalidOrExpired', async () => {
    const { id } = await registerUser(t);
    for (const body of [
      { user_id: id, user_token: randomBytes(32).toString('base64url') },
      { user_id: 'not-a-user-id', user_token: randomBytes(32).toString('base64url') },
      { user_id: randomUUID(), user_token: randomBytes(32).toString('base64url') },
    ]) {
      const res = await t.client().post('/api/auth/reset-password/', { ...body, new_password: NEW_PASSWORD });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('invalidOrExpired');
    }
  });

  it('refuses a request without user id or token with 400', async () => {
    const res = await t.client().post('/api/auth/reset-password/', { new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'invalidRequest' });
  });

  it('confirms an unverified address, since the link proved the mailbox', async () => {
    const { payload, id } = await registerUser(t);
    const params = await requestReset(payload.email);
    await t.client().post('/api/auth/reset-password/', { ...params, new_password: NEW_PASSWORD });
    expect(await isVerified(id)).toBe(true);
  });
});

describe('POST /api/auth/resend-verification-email/', () => {
  async function moveLastSendBack(userId: string, seconds: number) {
    await t.database.db
      .update(users)
      .set({ verificationSentAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(users.id, userId));
  }

  it('needs a session: a visitor gets 401', async () => {
    const res = await t.client().post('/api/auth/resend-verification-email/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'notAuthenticated' });
  });

  it('refuses right after registration with 429 and the seconds left, sending nothing', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/auth/resend-verification-email/');
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'resendCooldown' });
    expect(body.retry_after).toBeGreaterThan(170);
    expect(body.retry_after).toBeLessThanOrEqual(180);
    expect(res.headers['retry-after']).toBe(String(body.retry_after));
    expect(body.message).toBe(en.resendCooldown.replace('{seconds}', String(body.retry_after)));
    expect(await t.mailbox(payload.email)).toHaveLength(1);
  });

  it("takes the spec's empty payload: no body and no content type at all", async () => {
    const { client } = await registerUser(t);
    const res = await client.request('POST', '/api/auth/resend-verification-email/', { payload: '' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('resendCooldown');
  });

  it('counts down the cooldown from the last send', async () => {
    const { client, id } = await registerUser(t);
    await moveLastSendBack(id, 120);
    const res = await client.post('/api/auth/resend-verification-email/');
    expect(res.statusCode).toBe(429);
    expect(res.json().retry_after).toBeGreaterThan(50);
    expect(res.json().retry_after).toBeLessThanOrEqual(60);
  });

  it('sends a new link once 180 seconds have passed, voiding the earlier link', async () => {
    const { client, payload, id } = await registerUser(t);
    const firstCall = verifyCall(await verificationLink(payload.email));
    await moveLastSendBack(id, 181);
    const res = await client.post('/api/auth/resend-verification-email/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: en.verificationSent });

    const mail = await t.mailbox(payload.email);
    expect(mail).toHaveLength(2);
    const secondCall = verifyCall(linkIn(mail[0]!.text, '/auth/verify-email/'));
    expect(secondCall).not.toBe(firstCall);
    expect((await t.client().get(firstCall)).statusCode).toBe(404);
    expect((await t.client().get(secondCall)).statusCode).toBe(200);
    expect(await isVerified(id)).toBe(true);
  });

  it('starts a new cooldown after a send', async () => {
    const { client, id } = await registerUser(t);
    await moveLastSendBack(id, 181);
    expect((await client.post('/api/auth/resend-verification-email/')).statusCode).toBe(200);
    const again = await client.post('/api/auth/resend-verification-email/');
    expect(again.statusCode).toBe(429);
    expect(again.json().retry_after).toBeGreaterThan(170);
  });

  it("answers 400 with error 'Email already verified' once verified", async () => {
    const { client, payload, id } = await registerUser(t);
    expect((await client.get(verifyCall(await verificationLink(payload.email)))).statusCode).toBe(200);
    await moveLastSendBack(id, 181);
    const res = await client.post('/api/auth/resend-verification-email/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'emailAlreadyVerified',
      error: 'Email already verified',
    });
    expect(await t.mailbox(payload.email)).toHaveLength(1);
  });
});

describe('tokens at rest', () => {
  it('stores only a hash of each emailed token', async () => {
    const { payload, id } = await registerUser(t);
    const code = (await verificationLink(payload.email)).split('/').pop()!;
    const { user_token } = await requestReset(payload.email);
    const rows = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.tokenHash).not.toBe(code);
      expect(row.tokenHash).not.toBe(user_token);
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
