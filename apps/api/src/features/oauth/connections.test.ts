import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordReference } from '../../../test/fixtures/oauth.ts';
import {
  createTestApp,
  PUBLIC_URL,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import {
  type DiscordStub,
  type GoogleStub,
  startDiscordStub,
  startGoogleStub,
} from '../../../test/oauth-provider-stubs.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { oauthIdentities } from '../../db/schema-oauth.ts';

// Settings' social media connections: list, connect, disconnect (never the last way in), the first
// password of a social-only account, and what erasure and deletion do to identities.

let t: TestApp;
let google: GoogleStub;
let discord: DiscordStub;
beforeAll(async () => {
  google = await startGoogleStub();
  discord = await startDiscordStub(`${PUBLIC_URL}/api/auth/discord/callback`);
  t = await createTestApp({ env: { ...google.env, ...discord.env } });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
  await discord?.stop();
});

const unique = () => randomBytes(5).toString('hex');
const googlePerson = () => {
  const id = unique();
  return { sub: `g-${id}`, email: `g_${id}@gmail.example`, name: 'Gina' };
};
const discordPlayer = () => {
  const id = unique();
  return { id: `d${id}`, username: `d_${id}`, global_name: 'Dee', email: `d_${id}@discord.example` };
};

/** A member who signed up with Google only (no password). */
async function googleOnlyMember() {
  const p = googlePerson();
  const client = t.client();
  const res = await client.post('/api/auth/google/signup/', {
    credential: await google.idToken(p),
    username: `g_${unique()}`,
    email: p.email,
    user_types: ['investor'],
    accepted_terms: true,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { client, person: p, id: res.json().id as string };
}

async function connections(client: TestClient) {
  return (await client.get('/api/user/social-connections/')).json();
}

describe('GET /api/user/social-connections/', () => {
  it('needs a session', async () => {
    expect((await t.client().get('/api/user/social-connections/')).statusCode).toBe(401);
  });

  it('lists nothing for a password account', async () => {
    const { client } = await registerUser(t);
    expect(await connections(client)).toEqual({ success: true, connections: [], has_password: true });
  });
});

describe('connecting', () => {
  it('links Google to a password account, which then logs in with it', async () => {
    const { client, id } = await registerUser(t);
    const p = googlePerson();
    const res = await client.post('/api/user/social-connections/google/', {
      credential: await google.idToken(p),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your social account is now connected.',
      has_password: true,
      connections: [{ provider: 'google', email: p.email, display_name: 'Gina' }],
    });
    const other = t.client();
    await other.post('/api/auth/google/', { credential: await google.idToken(p) });
    expect((await other.get('/api/auth/authenticated/')).json().id).toBe(id);
    const kinds = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.userId, id))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['social_linked', 'social_login']));
  });

  it('links Discord through a flow started with purpose=link, back to settings', async () => {
    const { client } = await registerUser(t);
    const me = discordPlayer();
    const start = await client.get('/api/auth/discord/start?purpose=link');
    expect(start.statusCode).toBe(302);
    discord.nextUser = me;
    const atDiscord = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(String(atDiscord.headers.get('location')));
    const cb = await client.get(`${back.pathname}${back.search}`);
    const landing = new URL(String(cb.headers.location), 'http://web.invalid');
    expect(landing.pathname).toBe('/settings');
    expect(landing.hash).toBe('#social');
    const ref = landing.searchParams.get('discord_ref')!;
    // A link reference does not log anyone in.
    expect((await t.client().post('/api/auth/discord/', { access_token: ref })).statusCode).toBe(400);
    const res = await client.post('/api/user/social-connections/discord/', { access_token: ref });
    expect(res.statusCode).toBe(200);
    expect(res.json().connections).toMatchObject([
      { provider: 'discord', email: me.email, display_name: 'Dee' },
    ]);
  });

  it('a login reference cannot link', async () => {
    const { client } = await registerUser(t);
    const ref = await discordReference(client, discord, discordPlayer());
    const res = await client.post('/api/user/social-connections/discord/', { access_token: ref });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('oauthSessionExpired');
  });

  it('refuses an identity that belongs to another account', async () => {
    const owner = await googleOnlyMember();
    const { client } = await registerUser(t);
    const res = await client.post('/api/user/social-connections/google/', {
      credential: await google.idToken(owner.person),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('socialIdentityInUse');
  });

  it('refuses a second Google account while one is connected', async () => {
    const { client } = await registerUser(t);
    await client.post('/api/user/social-connections/google/', {
      credential: await google.idToken(googlePerson()),
    });
    const res = await client.post('/api/user/social-connections/google/', {
      credential: await google.idToken(googlePerson()),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('socialAlreadyLinked');
  });

  it('refuses an unverified provider address', async () => {
    const { client, id } = await registerUser(t);
    const res = await client.post('/api/user/social-connections/google/', {
      credential: await google.idToken({ ...googlePerson(), email_verified: false }),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, id))).toEqual(
      [],
    );
  });

  it('refuses a forged Google token', async () => {
    const { client } = await registerUser(t);
    const res = await client.post('/api/user/social-connections/google/', { credential: 'a.b.c' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('googleLoginFailed');
  });
});

describe('disconnecting', () => {
  it('refuses to remove the only way in (no password, one identity): 409 socialLastSignIn', async () => {
    const { client } = await googleOnlyMember();
    const res = await client.delete('/api/user/social-connections/google/');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'socialLastSignIn' });
    expect(res.json().message).toContain('only way to log in');
    expect((await connections(client)).connections).toHaveLength(1);
  });

  it('allows it once another way in exists, then refuses the last', async () => {
    const { client } = await googleOnlyMember();
    const ref = await discordReference(client, discord, discordPlayer(), 'purpose=link');
    expect(
      (await client.post('/api/user/social-connections/discord/', { access_token: ref })).statusCode,
    ).toBe(200);
    const res = await client.delete('/api/user/social-connections/google/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your social account has been disconnected.',
      connections: [{ provider: 'discord' }],
    });
    expect((await client.delete('/api/user/social-connections/discord/')).statusCode).toBe(409);
  });

  it('a password account may disconnect its only provider', async () => {
    const { client } = await registerUser(t);
    await client.post('/api/user/social-connections/google/', {
      credential: await google.idToken(googlePerson()),
    });
    expect((await client.delete('/api/user/social-connections/google/')).statusCode).toBe(200);
    expect((await connections(client)).connections).toEqual([]);
  });

  it('404 for a provider not connected, 400 for an unknown one', async () => {
    const { client } = await registerUser(t);
    const res = await client.delete('/api/user/social-connections/discord/');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('socialNotLinked');
    expect((await client.delete('/api/user/social-connections/myspace/')).statusCode).toBe(400);
  });
});

describe('a social-only account sets a password later', () => {
  it('without a previous password; then logs in with it, and may disconnect Google', async () => {
    const { client, person } = await googleOnlyMember();
    const res = await client.post('/api/user/change-password/', {
      new_password: 'Brand-New-Pass-7',
      re_new_password: 'Brand-New-Pass-7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been set. You can now also log in with it.');
    expect((await connections(client)).has_password).toBe(true);
    const login = await t
      .client()
      .post('/api/auth/', { username: person.email, password: 'Brand-New-Pass-7' });
    expect(login.statusCode).toBe(200);
    expect((await client.delete('/api/user/social-connections/google/')).statusCode).toBe(200);
  });

  it('an account that has a password still needs the previous one', async () => {
    const { client } = await registerUser(t);
    const res = await client.post('/api/user/change-password/', {
      new_password: 'Brand-New-Pass-7',
      re_new_password: 'Brand-New-Pass-7',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'oldPasswordRequired',
      error_codes: { old_password: 'oldPasswordRequired' },
    });
  });

  it('the usual change with a previous password is unchanged', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post('/api/user/change-password/', {
      old_password: payload.password,
      new_password: 'Brand-New-Pass-8',
      re_new_password: 'Brand-New-Pass-8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed.');
  });
});

describe('erasure and deletion (ADR 0004, 0007)', () => {
  it('delete-all-data erases the provider email and name but keeps the way in', async () => {
    const { client, person, id } = await googleOnlyMember();
    expect((await client.delete('/api/user/delete-all-data/')).statusCode).toBe(200);
    const [identity] = await t.database.db
      .select()
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, id));
    expect(identity).toMatchObject({ email: null, displayName: null, subject: person.sub });
    // Still able to log in, e.g. to finish deleting the account.
    const again = t.client();
    expect(
      (await again.post('/api/auth/google/', { credential: await google.idToken(person) })).statusCode,
    ).toBe(200);
  });

  it('delete removes the identities; the provider account can sign up afresh', async () => {
    const { client, person, id } = await googleOnlyMember();
    expect((await client.delete('/api/user/delete/')).statusCode).toBe(200);
    expect(await t.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, id))).toEqual(
      [],
    );
    const [tomb] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(tomb?.deletedAt).not.toBeNull();
    const res = await t.client().post('/api/auth/google/', { credential: await google.idToken(person) });
    expect(res.statusCode).toBe(404);
    expect(res.json().google_user_info.email).toBe(person.email);
  });
});
