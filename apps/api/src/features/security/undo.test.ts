import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, linkIn, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { type GoogleStub, startGoogleStub } from '../../../test/oauth-provider-stubs.ts';
import { undoChange } from '../../app/undo-change.ts';
import { sessions, users } from '../../db/schema.ts';
import { withdrawals } from '../../db/schema-campaigns.ts';
import { oauthIdentities } from '../../db/schema-oauth.ts';
import { sensitiveChanges } from '../../db/schema-security.ts';
import { recordSensitiveChange, registerUndoer } from './changes.ts';

// The notice of a sensitive change goes to the previous address, with a link that undoes it and
// signs out every session: once, for 72 hours (ADR 0015).

let t: TestApp;
let google: GoogleStub;
beforeAll(async () => {
  google = await startGoogleStub();
  t = await createTestApp({ env: { ...google.env } });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

const PASSWORD = 'Sunny-Harbor-42';
const unique = () => randomBytes(5).toString('hex');

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function sessionCount(userId: string) {
  return (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/** The undo link of the newest notice with this subject in the mailbox of `to`. */
async function undoLink(to: string, subject: string) {
  const notice = (await t.mailbox(to)).find((m) => m.subject === subject);
  if (!notice) throw new Error(`no "${subject}" for ${to}`);
  return linkIn(notice.text, '/account/undo/').split('/account/undo/')[1]!;
}

const undo = (client: TestClient, token: string, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/auth/undo-change', { body: { token }, headers });

async function loginAgain(username: string, password = PASSWORD) {
  const c = t.client();
  const res = await c.post('/api/auth/', { username, password });
  return { client: c, status: res.statusCode };
}

describe('undoing an email change', () => {
  it('mails the old address in the member’s language; clicking restores it, verified, and signs out everywhere', async () => {
    const m = await registerUser(t);
    const second = await loginAgain(m.payload.username);
    expect(second.status).toBe(200);
    await m.client.post('/api/user/language/', { language: 'it' });
    const stolen = `thief_${unique()}@example.com`;
    const changed = await m.client.post('/api/user/update/', { username: m.payload.username, email: stolen });
    expect(changed.statusCode).toBe(200);

    const notice = (await t.mailbox(m.payload.email)).find(
      (x) => x.subject === 'Il tuo indirizzo email è stato modificato',
    );
    expect(notice?.text).toContain(stolen);
    expect(notice?.text).toContain('72 ore');
    expect(await t.mailbox(stolen)).not.toContainEqual(
      expect.objectContaining({ text: expect.stringContaining('/account/undo/') }),
    );
    const token = linkIn(notice!.text, '/account/undo/').split('/account/undo/')[1]!;
    // Only the hash is stored.
    const stored = await t.database.db
      .select()
      .from(sensitiveChanges)
      .where(eq(sensitiveChanges.userId, m.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await undo(t.client(), token);
    expect(res.statusCode).toBe(200);
    expect(res.json().password_reset_sent).toBe(false);
    const row = await userRow(m.id);
    expect(row.email).toBe(m.payload.email);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await sessionCount(m.id)).toBe(0);
    expect((await m.client.get('/api/user/')).statusCode).toBe(401);
    expect((await second.client.get('/api/user/')).statusCode).toBe(401);
    // The verification link sent to the thief's address proves nothing any more.
    const verify = (await t.mailbox(stolen)).find((x) => x.text.includes('/auth/verify-email/'));
    const path = linkIn(verify!.text, '/auth/verify-email/').replace('http://indiesplit.test', '');
    expect((await t.client().get(`/api${path}`)).statusCode).toBe(404);

    // Once only.
    const again = await undo(t.client(), token);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('invalidOrExpired');
  });

  it('also locks a password the thief set after taking the address, and mails a reset link to the owner', async () => {
    const m = await registerUser(t);
    const stolen = `thief_${unique()}@example.com`;
    await m.client.post('/api/user/update/', { username: m.payload.username, email: stolen });
    const token = await undoLink(m.payload.email, 'Your email address was changed');
    const changed = await m.client.post('/api/user/change-password/', {
      old_password: PASSWORD,
      new_password: 'Thief-Chosen-77',
      re_new_password: 'Thief-Chosen-77',
    });
    expect(changed.statusCode).toBe(200);

    const res = await undo(t.client(), token);
    expect(res.statusCode).toBe(200);
    expect(res.json().password_reset_sent).toBe(true);
    expect((await loginAgain(m.payload.username, 'Thief-Chosen-77')).status).toBe(401);
    const reset = (await t.mailbox(m.payload.email)).find((x) => x.subject === 'Reset your password');
    expect(reset?.text).toContain('/recover-password/');
  });

  it('is refused after 72 hours and changes nothing', async () => {
    const m = await registerUser(t);
    const stolen = `late_${unique()}@example.com`;
    await m.client.post('/api/user/update/', { username: m.payload.username, email: stolen });
    const token = await undoLink(m.payload.email, 'Your email address was changed');
    await t.database.db
      .update(sensitiveChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sensitiveChanges.userId, m.id));
    const res = await undo(t.client(), token, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Questo link è scaduto. Richiedine uno nuovo.');
    expect((await userRow(m.id)).email).toBe(stolen);
    expect(await sessionCount(m.id)).toBe(1);
  });

  it('answers 404 to a made-up token and 400 to a malformed one', async () => {
    expect((await undo(t.client(), randomBytes(32).toString('base64url'))).statusCode).toBe(404);
    expect((await undo(t.client(), 'short')).statusCode).toBe(400);
  });

  it('limits guessing from one address', async () => {
    const guesser = t.client();
    for (let i = 0; i < 30; i++) await undo(guesser, randomBytes(32).toString('base64url'));
    const res = await undo(guesser, randomBytes(32).toString('base64url'));
    expect(res.statusCode).toBe(429);
  });
});

describe('erasure and deletion', () => {
  it('forget the recorded changes: addresses and IBANs go, and the undo link with them', async () => {
    const m = await registerUser(t);
    await m.client.post('/api/user/update/', {
      username: m.payload.username,
      email: `e_${unique()}@example.com`,
    });
    const token = await undoLink(m.payload.email, 'Your email address was changed');
    const before = await t.database.db
      .select()
      .from(sensitiveChanges)
      .where(eq(sensitiveChanges.userId, m.id));
    expect(before).toHaveLength(1);
    expect((await m.client.request('DELETE', '/api/user/delete/')).statusCode).toBe(200);
    const after = await t.database.db
      .select()
      .from(sensitiveChanges)
      .where(eq(sensitiveChanges.userId, m.id));
    expect(after).toEqual([]);
    expect((await undo(t.client(), token)).statusCode).toBe(404);
  });
});

describe('undoing a password change', () => {
  it('does not restore the old hash: it locks the account to a reset and signs out everywhere', async () => {
    const m = await registerUser(t);
    const res = await m.client.post('/api/user/change-password/', {
      old_password: PASSWORD,
      new_password: 'Thief-Chosen-77',
      re_new_password: 'Thief-Chosen-77',
    });
    expect(res.statusCode).toBe(200);
    const token = await undoLink(m.payload.email, 'Your password was changed');
    const undone = await undo(t.client(), token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toMatch(/sent a link to set a new password/);
    expect((await userRow(m.id)).passwordHash).toBeNull();
    expect(await sessionCount(m.id)).toBe(0);
    expect((await loginAgain(m.payload.username, 'Thief-Chosen-77')).status).toBe(401);
    expect((await loginAgain(m.payload.username, PASSWORD)).status).toBe(401);
    // The reset link in the owner's mailbox sets a new password.
    const reset = (await t.mailbox(m.payload.email)).find((x) => x.subject === 'Reset your password');
    const [userId, userToken] = linkIn(reset!.text, '/recover-password/')
      .split('/recover-password/')[1]!
      .split('/');
    const done = await t.client().post('/api/auth/reset-password/', {
      user_id: userId,
      user_token: userToken,
      new_password: 'Owner-Again-2026',
      re_new_password: 'Owner-Again-2026',
    });
    expect(done.statusCode).toBe(200);
    expect((await loginAgain(m.payload.username, 'Owner-Again-2026')).status).toBe(200);
  });
});

describe('undoing a social link', () => {
  it('unlinks the provider account and signs out everywhere', async () => {
    const m = await registerUser(t);
    const person = { sub: `g-${unique()}`, email: `g_${unique()}@gmail.example`, name: 'Thief' };
    const linked = await m.client.post('/api/user/social-connections/google/', {
      credential: await google.idToken(person),
    });
    expect(linked.statusCode).toBe(200);
    const token = await undoLink(m.payload.email, 'A Google account was linked to yours');
    expect((await undo(t.client(), token)).statusCode).toBe(200);
    const left = await t.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, m.id));
    expect(left).toHaveLength(0);
    // The thief's Google account no longer signs in to it.
    const viaGoogle = await t
      .client()
      .post('/api/auth/google/', { credential: await google.idToken(person) });
    expect(viaGoogle.statusCode).not.toBe(200);
    expect(await sessionCount(m.id)).toBe(0);
  });
});

describe('undoing a withdrawal to a new IBAN', () => {
  it('cancels the pending withdrawal to it: the money is available again', async () => {
    const admin = await member(t, 'admin');
    const m = await registerUser(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.id));
    const reference = (await m.client.get('/api/funds/deposit-instructions/')).json().reference;
    await admin.client.post('/api/backoffice/funds/deposits', {
      reference,
      amount: '100.00',
      bank_transaction_id: `BANK-${unique()}`,
      value_date: '2026-03-02',
      payer_name: 'Ada',
    });
    const w = await m.client.post('/api/funds/withdrawals/', {
      amount: '60.00',
      iban: 'DE89 3704 0044 0532 0130 00',
      account_holder: 'Mallory',
    });
    expect(w.statusCode).toBe(201);
    const token = await undoLink(m.payload.email, 'A withdrawal to a new IBAN');
    expect((await undo(t.client(), token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.json().id));
    expect(row?.status).toBe('cancelled');
    const again = await loginAgain(m.payload.username);
    const wallet = (await again.client.get('/api/wallet/?currency=EUR')).json();
    expect(wallet.balances[0].available_cents).toBe(10000);
  });
});

describe('undoing a second-factor change', () => {
  it('runs the registered handler in the undo transaction and signs out everywhere', async () => {
    const m = await registerUser(t);
    const seen: string[] = [];
    // The app layer's undo (app/undo-change.ts), watched: it runs inside the undo's transaction.
    registerUndoer(async (ctx, tx, user, change) => {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id));
      seen.push(row!.id);
      return undoChange(ctx, tx, user, change);
    });
    await t.database.db.transaction((tx) =>
      recordSensitiveChange(t.app.ctx, tx, {
        userId: m.id,
        undo: { kind: 'second_factor', change: 'totp_enabled' },
      }),
    );
    const token = await undoLink(m.payload.email, 'Account security: second factor changed');
    expect((await undo(t.client(), token)).statusCode).toBe(200);
    registerUndoer(undoChange);
    expect(seen).toEqual([m.id]);
    expect(await sessionCount(m.id)).toBe(0);
  });
});
