import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@indiesplit/shared/constants';
import { MESSAGES } from '@indiesplit/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  newUser,
  ORIGIN,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';

// What an attacker tries against the session: forged cross-site requests and fixed session ids.

const en = MESSAGES.en;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function isLoggedIn(client: TestClient): Promise<boolean> {
  return (await client.get('/api/auth/authenticated/')).json().isAuthenticated;
}

function expectCsrfRefusal(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    success: false,
    code: 'csrfFailed',
    message: en.csrfFailed,
    error: en.csrfFailed,
  });
}

/** A logged-in victim whose browser holds a valid session and CSRF token. */
async function victim() {
  const { client, payload } = await registerUser(t);
  await client.csrf();
  return { client, payload };
}

describe('CSRF protection on unsafe methods', () => {
  it('refuses a POST without the X-CSRFToken header and changes nothing', async () => {
    const { client } = await victim();
    const res = await client.request('POST', '/api/auth/logout/', { body: {}, csrf: false });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses a POST whose header does not match the cookie', async () => {
    const { client } = await victim();
    const other = await t.client().csrf();
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      csrf: false,
      headers: { [CSRF_HEADER]: other },
    });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses a header that merely repeats a cookie the attacker planted', async () => {
    const { client } = await victim();
    const forged = 'attackerNonce.attackerSignature';
    client.cookies.set(CSRF_COOKIE, forged);
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      csrf: false,
      headers: { [CSRF_HEADER]: forged },
    });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it("refuses a valid token that was issued to another user's session", async () => {
    const { client } = await victim();
    const attacker = await victim();
    const attackerToken = attacker.client.cookies.get(CSRF_COOKIE)!;
    client.cookies.set(CSRF_COOKIE, attackerToken);
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      csrf: false,
      headers: { [CSRF_HEADER]: attackerToken },
    });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses an anonymous token presented with a logged-in session', async () => {
    const { client } = await victim();
    const anonymousToken = await t.client().csrf();
    client.cookies.set(CSRF_COOKIE, anonymousToken);
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      csrf: false,
      headers: { [CSRF_HEADER]: anonymousToken },
    });
    expectCsrfRefusal(res);
  });

  it('refuses a DELETE without the header and keeps the account', async () => {
    const { client, payload } = await victim();
    const res = await client.request('DELETE', '/api/user/delete/', { csrf: false });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
    const login = await t.client().post('/api/auth/', {
      username: payload.username,
      password: payload.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a DELETE carrying a token of another session', async () => {
    const { client } = await victim();
    const attacker = await victim();
    const token = attacker.client.cookies.get(CSRF_COOKIE)!;
    client.cookies.set(CSRF_COOKIE, token);
    const res = await client.request('DELETE', '/api/user/delete/', {
      csrf: false,
      headers: { [CSRF_HEADER]: token },
    });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses a login posted by a visitor without a token (login CSRF)', async () => {
    const { payload } = await registerUser(t);
    const target = t.client();
    const res = await target.request('POST', '/api/auth/', {
      body: { username: payload.username, password: payload.password },
      csrf: false,
    });
    expectCsrfRefusal(res);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a registration posted without a token', async () => {
    const res = await t.client().request('POST', '/api/auth/register/', { body: {}, csrf: false });
    expectCsrfRefusal(res);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an Origin that only shares a prefix with ours', { origin: `${ORIGIN}.evil.example` }],
    ['an opaque null Origin', { origin: 'null' }],
  ])('refuses a POST with a valid token from %s', async (_case, headers) => {
    const { client } = await victim();
    const res = await client.request('POST', '/api/auth/logout/', { body: {}, headers });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses a DELETE with a valid token from a foreign Origin', async () => {
    const { client } = await victim();
    const res = await client.request('DELETE', '/api/user/delete/', {
      headers: { origin: 'https://evil.example' },
    });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses a POST without Origin whose Referer is a foreign page', async () => {
    const { client } = await victim();
    delete client.headers.origin;
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      headers: { referer: 'https://evil.example/cute-cats' },
    });
    expectCsrfRefusal(res);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses a POST without Origin whose Referer cannot be parsed', async () => {
    const { client } = await victim();
    delete client.headers.origin;
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      headers: { referer: 'not a url' },
    });
    expectCsrfRefusal(res);
  });

  it('accepts a POST without Origin whose Referer is one of our pages', async () => {
    const { client } = await victim();
    delete client.headers.origin;
    const res = await client.request('POST', '/api/auth/logout/', {
      body: {},
      headers: { referer: `${ORIGIN}/settings` },
    });
    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn(client)).toBe(false);
  });

  it('never blocks a GET, whatever its Origin and without any token', async () => {
    const { client } = await victim();
    client.cookies.delete(CSRF_COOKIE);
    const headers = { origin: 'https://evil.example', referer: 'https://evil.example/' };
    const who = await client.get('/api/auth/authenticated/', headers);
    expect(who.statusCode).toBe(200);
    expect(who.json().isAuthenticated).toBe(true);
    expect((await client.get('/api/auth/csrf_cookie', headers)).statusCode).toBe(200);
    expect((await client.get('/api/user/', headers)).statusCode).toBe(200);
  });

  it('accepts the token from /api/auth/csrf_cookie for the current session', async () => {
    const { client } = await victim();
    const res = await client.post('/api/auth/logout/');
    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn(client)).toBe(false);
  });
});

describe('session fixation and rotation at login', () => {
  it('never promotes a session id planted before login', async () => {
    const { payload } = await registerUser(t);
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    const target = t.client();
    target.cookies.set(SESSION_COOKIE, planted);
    const res = await target.post('/api/auth/', { username: payload.username, password: payload.password });
    expect(res.statusCode).toBe(200);
    const issued = target.cookies.get(SESSION_COOKIE);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect(await isLoggedIn(target)).toBe(true);

    const attacker = t.client();
    attacker.cookies.set(SESSION_COOKIE, planted);
    expect(await isLoggedIn(attacker)).toBe(false);
  });

  it("replaces a real session the browser already held, so the attacker's copy dies", async () => {
    // The attacker logs the victim's browser into the attacker's own account and keeps the id.
    const attacker = await registerUser(t);
    const planted = attacker.client.cookies.get(SESSION_COOKIE)!;
    const { payload } = await registerUser(t);
    const target = t.client();
    target.cookies.set(SESSION_COOKIE, planted);
    await target.csrf();
    const res = await target.post('/api/auth/', { username: payload.username, password: payload.password });
    expect(res.statusCode).toBe(200);
    expect(target.cookies.get(SESSION_COOKIE)).not.toBe(planted);
    const who = (await target.get('/api/auth/authenticated/')).json();
    expect(who.username).toBe(payload.username);

    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, planted);
    expect(await isLoggedIn(replay)).toBe(false);
  });

  it('gives a new session id at every login and ends the previous one', async () => {
    const { client, payload } = await registerUser(t);
    const first = client.cookies.get(SESSION_COOKIE)!;
    await client.post('/api/auth/', { username: payload.username, password: payload.password });
    const second = client.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect(second.length).toBeGreaterThanOrEqual(22); // at least 128 bits in base64url
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, first);
    expect(await isLoggedIn(replay)).toBe(false);
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('rotates the CSRF token at login and refuses the pre-login token afterwards', async () => {
    const { payload } = await registerUser(t);
    const client = t.client();
    const before = await client.csrf();
    const login = await client.post('/api/auth/', { username: payload.username, password: payload.password });
    expect(login.statusCode).toBe(200);
    const after = client.cookies.get(CSRF_COOKIE);
    expect(login.cookies.find((c) => c.name === CSRF_COOKIE)).toBeDefined();
    expect(after).not.toBe(before);

    // The browser presents the pre-login token consistently, in both cookie and header.
    client.cookies.set(CSRF_COOKIE, before);
    const stale = await client.post('/api/auth/logout/');
    expectCsrfRefusal(stale);
    expect(await isLoggedIn(client)).toBe(true);

    client.cookies.set(CSRF_COOKIE, after!);
    const fresh = await client.post('/api/auth/logout/');
    expect(fresh.statusCode).toBe(200);
  });

  it('rotates the CSRF token at registration as well', async () => {
    const client = t.client();
    const before = await client.csrf();
    const res = await client.post('/api/auth/register/', newUser());
    expect(res.statusCode).toBe(201);
    expect(client.cookies.get(CSRF_COOKIE)).not.toBe(before);
    client.cookies.set(CSRF_COOKIE, before);
    expectCsrfRefusal(await client.post('/api/auth/logout/'));
    expect(await isLoggedIn(client)).toBe(true);
  });

  it('refuses the logged-in token once the session has ended', async () => {
    const { client } = await victim();
    const sessionToken = client.cookies.get(CSRF_COOKIE)!;
    const session = client.cookies.get(SESSION_COOKIE)!;
    expect((await client.post('/api/auth/logout/')).statusCode).toBe(200);
    // Replaying the old pair: the session is gone, so the token is judged as an anonymous one.
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, session);
    replay.cookies.set(CSRF_COOKIE, sessionToken);
    const res = await replay.request('POST', '/api/auth/logout/', {
      body: {},
      csrf: false,
      headers: { [CSRF_HEADER]: sessionToken },
    });
    expectCsrfRefusal(res);
  });
});
