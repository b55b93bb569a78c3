import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
import { auditEvents, emailTokens, outbox, sessions, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function multipartPng(data: Buffer) {
  const boundary = `----IndieSplit${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadAvatar(client: TestClient): Promise<{ url: string; key: string }> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const res = await client.request('POST', '/api/user/update-profile-picture/', multipartPng(png));
  expect(res.statusCode).toBe(200);
  const url: string = res.json().user.profile_picture_url;
  return { url, key: url.replace(/^\/media\//, '') };
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const auditOf = (id: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.userId, id));
const sessionsOf = (id: string) => t.database.db.select().from(sessions).where(eq(sessions.userId, id));
const outboxOf = (id: string) => t.database.db.select().from(outbox).where(eq(outbox.userId, id));

async function login(username: string, password: string) {
  const client = t.client();
  const res = await client.post('/api/auth/', { username, password });
  return { client, status: res.statusCode };
}

/** A user with everything erasure must reach: names, avatar, subscriptions, mail, logged IPs. */
async function fullyUsedAccount() {
  const user = await registerUser(t, { newsletter: true, name: 'Margaret', surname: 'Hamilton' });
  await user.client.post('/api/user/subscriptions/', { newsletter: true, indie_project_updates: true });
  const avatar = await uploadAvatar(user.client);
  expect(await login(user.payload.username, user.payload.password)).toMatchObject({ status: 200 });
  expect((await t.mailbox(user.payload.email)).length).toBeGreaterThan(0);
  expect((await auditOf(user.id)).some((e) => e.ip !== null)).toBe(true);
  return { ...user, avatar };
}

describe('DELETE /api/user/delete-all-data/', () => {
  it('erases names, avatar, subscriptions, mail and logged IPs but keeps a working account', async () => {
    const bystander = await registerUser(t);
    const user = await fullyUsedAccount();

    const res = await user.client.delete('/api/user/delete-all-data/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your personal data has been deleted.' });

    const me = await user.client.get('/api/user/');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      username: user.payload.username,
      email: user.payload.email,
      first_name: '',
      last_name: '',
      profile_picture_url: null,
      newsletter: false,
      indie_project_updates: false,
    });
    expect(await user.client.get('/api/user/subscriptions/').then((r) => r.json())).toEqual({
      success: true,
      newsletter: false,
      indie_project_updates: false,
    });

    expect(await t.app.ctx.storage.get(user.avatar.key)).toBeNull();
    expect((await t.client().get(`/api${user.avatar.url}`)).statusCode).toBe(404);

    expect(await t.mailbox(user.payload.email)).toEqual([]);
    expect(await outboxOf(user.id)).toEqual([]);
    const audit = await auditOf(user.id);
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((e) => e.ip === null)).toBe(true);
    const userSessions = await sessionsOf(user.id);
    expect(userSessions.length).toBeGreaterThan(0);
    expect(userSessions.every((s) => s.ip === null && s.userAgent === null)).toBe(true);

    // Nobody else's data is touched.
    expect((await t.mailbox(bystander.payload.email)).length).toBe(1);
    expect((await auditOf(bystander.id)).every((e) => e.ip !== null)).toBe(true);
    expect((await rowOf(bystander.id)).firstName).toBe('Ada');

    // The account itself remains and logs in.
    expect((await login(user.payload.username, user.payload.password)).status).toBe(200);
  });

  it('also erases the mail sent to an address the account used before', async () => {
    const user = await registerUser(t);
    const newEmail = `next_${user.payload.username}@example.org`;
    const change = await user.client.post('/api/user/update/', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: user.payload.username,
      email: newEmail,
    });
    expect(change.statusCode).toBe(200);
    expect((await t.mailbox(user.payload.email)).map((m) => m.subject)).toContain(
      'Your email address was changed',
    );

    expect((await user.client.delete('/api/user/delete-all-data/')).statusCode).toBe(200);
    expect(await t.mailbox(newEmail)).toEqual([]);
    expect(await t.mailbox(user.payload.email)).toEqual([]);
  });

  it('answers 401 to a visitor and 403 without the CSRF header, erasing nothing', async () => {
    expect((await t.client().delete('/api/user/delete-all-data/')).statusCode).toBe(401);
    const user = await registerUser(t, { newsletter: true });
    const res = await user.client.request('DELETE', '/api/user/delete-all-data/', { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(await rowOf(user.id)).toMatchObject({ firstName: 'Ada', newsletter: true });
  });
});

describe('DELETE /api/user/delete/', () => {
  it('ends every session of the account and refuses its credentials afterwards', async () => {
    const user = await fullyUsedAccount();
    const other = await login(user.payload.email, user.payload.password);

    const res = await user.client.delete('/api/user/delete/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your account has been deleted.' });
    const cleared = res.cookies.find((c) => c.name === 'sessionid');
    expect(cleared?.value).toBe('');

    expect((await user.client.get('/api/user/')).statusCode).toBe(401);
    expect((await other.client.get('/api/user/')).statusCode).toBe(401);
    expect((await other.client.get('/api/auth/authenticated/')).json().isAuthenticated).toBe(false);
    expect(await sessionsOf(user.id)).toEqual([]);

    expect((await login(user.payload.username, user.payload.password)).status).toBe(401);
    expect((await login(user.payload.email, user.payload.password)).status).toBe(401);
    // Even with a fresh CSRF token, the old cookie has no session left to act on.
    await other.client.csrf();
    expect((await other.client.delete('/api/user/delete/')).statusCode).toBe(401);
  });

  it('keeps the audit trail pointing at a tombstone that holds no personal data', async () => {
    const user = await fullyUsedAccount();
    const kindsBefore = (await auditOf(user.id)).map((e) => e.kind);
    expect((await user.client.delete('/api/user/delete/')).statusCode).toBe(200);

    const audit = await auditOf(user.id);
    expect(audit.map((e) => e.kind).sort()).toEqual([...kindsBefore, 'account_deleted'].sort());
    expect(audit.every((e) => e.ip === null)).toBe(true);

    const tombstone = await rowOf(user.id);
    expect(tombstone).toMatchObject({
      firstName: '',
      lastName: '',
      passwordHash: null,
      avatarKey: null,
      emailVerifiedAt: null,
      newsletter: false,
      indieProjectUpdates: false,
    });
    expect(tombstone.deletedAt).not.toBeNull();
    const stored = JSON.stringify({ tombstone, audit }).toLowerCase();
    for (const personal of [
      user.payload.username,
      user.payload.email,
      'margaret',
      'hamilton',
      user.client.address,
    ]) {
      expect(stored).not.toContain(personal.toLowerCase());
    }
    expect(await t.app.ctx.storage.get(user.avatar.key)).toBeNull();
    expect((await t.client().get(`/api${user.avatar.url}`)).statusCode).toBe(404);
    // Every earlier mail is erased; the one left is the confirmation of the deletion, bound to no
    // account and purged with the delivered mail.
    const [goodbye, ...others] = await t.mailbox(user.payload.email);
    expect(others).toEqual([]);
    expect(goodbye!.subject).toBe('Your IndieSplit account is deleted');
    expect(goodbye!.text).toContain('you can no longer log in');
    expect(await outboxOf(user.id)).toEqual([]);
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toEqual([]);
  });

  it('frees the username and email for a new registration, in any case', async () => {
    const user = await registerUser(t);
    expect((await user.client.delete('/api/user/delete/')).statusCode).toBe(200);
    const again = await t
      .client()
      .post(
        '/api/auth/register/',
        newUser({ username: user.payload.username.toUpperCase(), email: user.payload.email.toUpperCase() }),
      );
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(user.id);
  });

  it('voids reset and verification links sent before the deletion', async () => {
    const user = await registerUser(t);
    const [verification] = await t.mailbox(user.payload.email);
    const verifyLink = linkIn(verification!.text, '/auth/verify-email/');
    await t.client().post('/api/auth/recover-password/', { email: user.payload.email });
    const [reset] = await t.mailbox(user.payload.email);
    const resetLink = linkIn(reset!.text, '/recover-password/');
    const [userId, token] = resetLink.slice(`${PUBLIC_URL}/recover-password/`.length).split('/');

    expect((await user.client.delete('/api/user/delete/')).statusCode).toBe(200);

    const resetRes = await t.client().post('/api/auth/reset-password/', {
      user_id: userId,
      user_token: token,
      new_password: 'Came-Back-Again-7',
      re_new_password: 'Came-Back-Again-7',
    });
    expect(resetRes.statusCode).toBe(404);
    const verifyRes = await t.client().get(`/api${verifyLink.slice(PUBLIC_URL.length)}/`);
    expect(verifyRes.statusCode).toBe(404);
    expect((await login(user.payload.username, 'Came-Back-Again-7')).status).toBe(401);
  });

  it('answers 401 to a visitor and 403 without the CSRF header, deleting nothing', async () => {
    expect((await t.client().delete('/api/user/delete/')).statusCode).toBe(401);
    const user = await registerUser(t);
    const forged = await user.client.request('DELETE', '/api/user/delete/', { csrf: false });
    expect(forged.statusCode).toBe(403);
    const foreign = await user.client.request('DELETE', '/api/user/delete/', {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await rowOf(user.id)).deletedAt).toBeNull();
    expect((await user.client.get('/api/user/')).statusCode).toBe(200);
  });
});
