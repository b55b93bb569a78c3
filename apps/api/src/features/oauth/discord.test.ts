import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@indiesplit/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAtDiscord, callback, discordReference } from '../../../test/fixtures/oauth.ts';
import {
  createTestApp,
  PUBLIC_URL,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import {
  DISCORD_CLIENT_ID,
  DISCORD_CLIENT_SECRET,
  type DiscordStub,
  startDiscordStub,
} from '../../../test/oauth-provider-stubs.ts';
import { users } from '../../db/schema.ts';
import { oauthFlows, oauthIdentities, oauthReferences } from '../../db/schema-oauth.ts';

// Discord sign-in against a real authorization server on localhost: the code exchange happens on
// our server with the secret and the PKCE verifier; the browser only carries a one-time reference.

const REDIRECT_URI = `${PUBLIC_URL}/api/auth/discord/callback`;

let t: TestApp;
let discord: DiscordStub;
beforeAll(async () => {
  discord = await startDiscordStub(REDIRECT_URI);
  t = await createTestApp({ env: discord.env });
});
afterAll(async () => {
  await t?.close();
  await discord?.stop();
});

let n = 0;
function player(overrides: Record<string, unknown> = {}) {
  n++;
  const id = `${randomBytes(4).toString('hex')}${n}`;
  return {
    id: `${900000 + n}${randomBytes(3).readUIntBE(0, 3)}`,
    username: `pixel_${id}`,
    global_name: 'Pixel Knight',
    email: `pixel_${id}@discord.example`,
    verified: true,
    avatar: 'a1b2c3',
    ...overrides,
  };
}

const signUpBody = (ref: string, email: string, overrides: Record<string, unknown> = {}) => ({
  access_token: ref,
  username: `knight_${randomBytes(4).toString('hex')}`,
  email,
  newsletter: false,
  user_types: ['investor', 'gamer'],
  accepted_terms: true,
  ...overrides,
});

async function whoAmI(client: TestClient) {
  return (await client.get('/api/auth/authenticated/')).json();
}

async function userCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe('GET /api/auth/discord/start', () => {
  it('sends the browser to Discord with state, S256 PKCE and our callback, binding a HttpOnly cookie', async () => {
    const client = t.client();
    const res = await client.get('/api/auth/discord/start?from=welcome');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(discord.env.DISCORD_AUTHORIZE_URL);
    expect(url.searchParams.get('client_id')).toBe(DISCORD_CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('identify email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);
    expect(String(res.headers.location)).not.toContain(DISCORD_CLIENT_SECRET);
    const cookie = res.cookies.find((c) => c.name === 'oauth_browser');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    // Only hashes of the state and the cookie are stored.
    const rows = await t.database.db.select().from(oauthFlows);
    expect(rows.some((r) => r.stateHash === url.searchParams.get('state'))).toBe(false);
    expect(rows.some((r) => r.browserHash === cookie!.value)).toBe(false);
  });

  it('a link needs a session: a visitor is sent to the login page', async () => {
    const res = await t.client().get('/api/auth/discord/start?purpose=link');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('first Discord sign-in', () => {
  it('ends on /register with discord_user_info, then signs up with the same reference', async () => {
    const me = player();
    const client = t.client();
    const { callback: path } = await authorizeAtDiscord(client, discord, me);
    const back = await callback(client, path);
    expect(back.url.pathname).toBe('/register/welcome');
    expect(back.ref).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The GET changed no login state.
    expect((await whoAmI(client)).isAuthenticated).toBe(false);
    // The exchange carried the secret and the verifier, server to server.
    const exchange = discord.tokenRequests.at(-1)!;
    expect(exchange).toMatchObject({
      client_secret: DISCORD_CLIENT_SECRET,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    });
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    const login = await client.post('/api/auth/discord/', { access_token: back.ref });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({
      code: 'socialAccountNotFound',
      discord_user_info: {
        username: me.username,
        global_name: 'Pixel Knight',
        email: me.email,
        avatar: 'a1b2c3',
      },
    });
    expect(JSON.stringify(login.json())).not.toContain(me.id);

    const body = signUpBody(back.ref!, me.email);
    const signup = await client.post('/api/auth/discord/signup/', body);
    expect(signup.statusCode).toBe(201);
    expect(await whoAmI(client)).toMatchObject({
      isAuthenticated: true,
      username: body.username,
      isEmailVerified: true,
    });
    const [identity] = await t.database.db
      .select()
      .from(oauthIdentities)
      .where(eq(oauthIdentities.subject, me.id));
    expect(identity).toMatchObject({ provider: 'discord', email: me.email, displayName: 'Pixel Knight' });

    // Single use: the reference is spent.
    const again = await t.client().post('/api/auth/discord/signup/', signUpBody(back.ref!, me.email));
    expect(again.statusCode).toBe(400);
    const reused = await client.post('/api/auth/discord/signup/', signUpBody(back.ref!, me.email));
    expect(reused.json().code).toBe('oauthSessionExpired');
    expect(reused.json().message).toBe(MESSAGES.en.oauthSessionExpired);
  });

  it('stores the reference hashed and lets it expire', async () => {
    const client = t.client();
    const ref = await discordReference(client, discord, player());
    const rows = await t.database.db.select().from(oauthReferences);
    expect(rows.some((r) => r.refHash === ref)).toBe(false);
    await t.database.db
      .update(oauthReferences)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`true`);
    const res = await client.post('/api/auth/discord/', { access_token: ref });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('oauthSessionExpired');
  });

  it('a reference is useless in another browser', async () => {
    const ref = await discordReference(t.client(), discord, player());
    const res = await t.client().post('/api/auth/discord/', { access_token: ref });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('oauthSessionExpired');
  });
});

describe('returning Discord sign-in', () => {
  it('logs in the account holding the Discord identity', async () => {
    const me = player();
    const first = t.client();
    const ref = await discordReference(first, discord, me);
    await first.post('/api/auth/discord/signup/', signUpBody(ref, me.email));
    const id = (await whoAmI(first)).id;

    const client = t.client();
    const again = await discordReference(
      client,
      discord,
      { ...me, email: 'changed@discord.example' },
      'from=login',
    );
    const res = await client.post('/api/auth/discord/', { access_token: again });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, isEmailVerified: true });
    expect((await whoAmI(client)).id).toBe(id);
    // Logging in spent it.
    expect((await client.post('/api/auth/discord/', { access_token: again })).statusCode).toBe(400);
  });
});

describe('the callback refuses what does not belong to a flow of this browser', () => {
  it('missing state: oauthSessionExpired, nobody exchanges anything', async () => {
    const client = t.client();
    const { code } = await authorizeAtDiscord(client, discord, player());
    const before = discord.tokenRequests.length;
    const back = await callback(client, `/api/auth/discord/callback?code=${code}`);
    expect(back.error).toBe('oauthSessionExpired');
    expect(back.url.pathname).toBe('/login');
    expect(discord.tokenRequests.length).toBe(before);
  });

  it('wrong state: oauthSessionExpired', async () => {
    const client = t.client();
    const { code } = await authorizeAtDiscord(client, discord, player());
    const back = await callback(client, `/api/auth/discord/callback?code=${code}&state=forged-state-value`);
    expect(back.error).toBe('oauthSessionExpired');
  });

  it('the right state in another browser (no binding cookie): refused', async () => {
    const { callback: path } = await authorizeAtDiscord(t.client(), discord, player());
    const back = await callback(t.client(), path);
    expect(back.error).toBe('oauthSessionExpired');
    expect(back.ref).toBeNull();
  });

  it('an expired flow: refused', async () => {
    const client = t.client();
    const { callback: path, state } = await authorizeAtDiscord(client, discord, player());
    await t.database.db
      .update(oauthFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`true`);
    const back = await callback(client, path);
    expect(back.error).toBe('oauthSessionExpired');
    expect(state).not.toBe('');
  });

  it('a replayed callback (same code and state): the second is refused', async () => {
    const client = t.client();
    const { callback: path } = await authorizeAtDiscord(client, discord, player());
    const first = await callback(client, path);
    expect(first.ref).toBeTruthy();
    const second = await callback(client, path);
    expect(second.error).toBe('oauthSessionExpired');
    expect(second.ref).toBeNull();
  });

  it('a code replayed into a new flow is refused by the provider: discordAuthFailed', async () => {
    const client = t.client();
    const used = await authorizeAtDiscord(client, discord, player());
    expect((await callback(client, used.callback)).ref).toBeTruthy();
    const fresh = await authorizeAtDiscord(client, discord, player());
    const back = await callback(client, `/api/auth/discord/callback?code=${used.code}&state=${fresh.state}`);
    expect(back.error).toBe('discordAuthFailed');
  });

  it('a code injected from another flow fails PKCE: discordAuthFailed', async () => {
    // An attacker's code (their own challenge) pasted into the victim's callback with the victim's
    // state: the victim's verifier does not match, so the provider refuses the exchange.
    const attacker = await authorizeAtDiscord(t.client(), discord, player({ username: 'mallory_x' }));
    const victim = t.client();
    const own = await authorizeAtDiscord(victim, discord, player());
    const back = await callback(
      victim,
      `/api/auth/discord/callback?code=${attacker.code}&state=${own.state}`,
    );
    expect(back.error).toBe('discordAuthFailed');
    expect(back.ref).toBeNull();
  });

  it('a refusal at Discord comes back as its code only, for "Discord authorization failed: …"', async () => {
    const client = t.client();
    const { state } = await authorizeAtDiscord(client, discord, player());
    const back = await callback(
      client,
      `/api/auth/discord/callback?error=access_denied&error_description=${encodeURIComponent('The resource owner denied the request')}&state=${state}`,
    );
    expect(back.url.pathname).toBe('/register/welcome');
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('error_description')).toBeNull();
  });

  it('user information Discord will not give: discordUserInfoFailed', async () => {
    const client = t.client();
    const { callback: path } = await authorizeAtDiscord(client, discord, null);
    const back = await callback(client, path);
    expect(back.error).toBe('discordUserInfoFailed');
  });
});

describe('no silent takeover through Discord', () => {
  it('an account with the same address is not logged in or linked: 409 socialEmailInUse', async () => {
    const { payload, id } = await registerUser(t);
    const client = t.client();
    const ref = await discordReference(client, discord, player({ email: payload.email.toUpperCase() }));
    const login = await client.post('/api/auth/discord/', { access_token: ref });
    expect(login.statusCode).toBe(409);
    expect(login.json().code).toBe('socialEmailInUse');
    const signup = await client.post('/api/auth/discord/signup/', signUpBody(ref, payload.email));
    expect(signup.statusCode).toBe(409);
    expect((await whoAmI(client)).isAuthenticated).toBe(false);
    expect(await t.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, id))).toEqual(
      [],
    );
  });

  it('an unverified Discord address creates nothing', async () => {
    const me = player({ verified: false });
    const client = t.client();
    const ref = await discordReference(client, discord, me);
    const before = await userCount();
    const login = await client.post('/api/auth/discord/', { access_token: ref });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('socialEmailUnverified');
    const signup = await client.post('/api/auth/discord/signup/', signUpBody(ref, me.email));
    expect(signup.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });
});
