import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';
import { sessions } from '../../db/schema.ts';
import { describeUserAgent } from './user-agent.ts';

// Settings -> Security: the member's sessions, each signed out on its own or all but this one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function phoneLogin(username: string) {
  const phone = t.client();
  phone.headers['user-agent'] = SAFARI_IPHONE;
  const res = await phone.post('/api/auth/', { username, password: 'Sunny-Harbor-42' });
  expect(res.statusCode).toBe(200);
  return phone;
}

describe('the list of sessions', () => {
  it('shows each device, browser, times and which one is this one — nothing of another member', async () => {
    const m = await registerUser(t);
    m.client.headers['user-agent'] = FIREFOX_LINUX;
    await phoneLogin(m.payload.username);
    await registerUser(t); // someone else's session
    const res = await m.client.get('/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().sessions;
    expect(list).toHaveLength(2);
    const phone = list.find((s: { current: boolean }) => !s.current);
    expect(phone).toMatchObject({ browser: 'Safari', os: 'iOS', device: 'mobile', current: false });
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(Object.keys(phone).sort()).toEqual(
      ['browser', 'created_at', 'current', 'device', 'id', 'last_seen_at', 'os'].sort(),
    );
    // Never the id hash that stands for the cookie, nor the address.
    const hashes = await t.database.db.select({ h: sessions.idHash, ip: sessions.ip }).from(sessions);
    for (const { h } of hashes) expect(res.body).not.toContain(h);
    expect(res.body).not.toContain(m.client.address);
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/auth/sessions')).statusCode).toBe(401);
  });

  it('updates last seen at most once a minute', async () => {
    const m = await registerUser(t);
    const old = sql`now() - interval '30 seconds'`;
    await t.database.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, m.id));
    const [before] = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    await m.client.get('/api/user/');
    const [same] = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    expect(same!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '61 seconds'` })
      .where(eq(sessions.userId, m.id));
    await m.client.get('/api/user/');
    const [seen] = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    expect(Date.now() - seen!.lastSeenAt.getTime()).toBeLessThan(10_000);
  });
});

describe('signing sessions out', () => {
  it('one other session: that device is signed out, this one stays', async () => {
    const m = await registerUser(t);
    const phone = await phoneLogin(m.payload.username);
    const list = (await m.client.get('/api/auth/sessions')).json().sessions;
    const other = list.find((s: { current: boolean }) => !s.current);
    const res = await m.client.delete(`/api/auth/sessions/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect((await phone.get('/api/user/')).statusCode).toBe(401);
    expect((await m.client.get('/api/user/')).statusCode).toBe(200);
  });

  it('a session of another member cannot be named: 404, and it stays', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = (await b.client.get('/api/auth/sessions')).json().sessions[0].id;
    expect((await a.client.delete(`/api/auth/sessions/${theirs}`)).statusCode).toBe(404);
    expect((await a.client.delete('/api/auth/sessions/not-a-uuid')).statusCode).toBe(404);
    expect((await b.client.get('/api/user/')).statusCode).toBe(200);
  });

  it('this session: signed out like a logout', async () => {
    const m = await registerUser(t);
    const mine = (await m.client.get('/api/auth/sessions')).json().sessions[0].id;
    expect((await m.client.delete(`/api/auth/sessions/${mine}`)).statusCode).toBe(200);
    expect((await m.client.get('/api/user/')).statusCode).toBe(401);
  });

  it('all others, with a CSRF token only', async () => {
    const m = await registerUser(t);
    const phone = await phoneLogin(m.payload.username);
    const tablet = await phoneLogin(m.payload.username);
    const forged = await m.client.request('POST', '/api/auth/sessions/revoke-others', { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await phone.get('/api/user/')).statusCode).toBe(200);
    const res = await m.client.post('/api/auth/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Every other session has been signed out.');
    expect((await phone.get('/api/user/')).statusCode).toBe(401);
    expect((await tablet.get('/api/user/')).statusCode).toBe(401);
    expect((await m.client.get('/api/auth/sessions')).json().sessions).toHaveLength(1);
  });
});

describe('reading a User-Agent', () => {
  it('names common browsers and systems, and nothing for what it does not know', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows', device: 'desktop' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Android', device: 'mobile' });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox', os: 'Linux', device: 'desktop' });
    expect(describeUserAgent('')).toEqual({ browser: null, os: null, device: 'unknown' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, device: 'unknown' });
  });
});
