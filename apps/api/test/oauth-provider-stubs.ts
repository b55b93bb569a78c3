import type { IncomingMessage } from 'node:http';
import { type MutableResponse, OAuth2Server, type TokenRequestIncomingMessage } from 'oauth2-mock-server';

// The outside services of social sign-in, for tests: real OAuth2/OIDC servers on localhost that
// sign real JWTs with their own keys. Google is an OpenID provider (its JWKS and ID tokens);
// Discord is an authorization server that checks our client secret, redirect address and PKCE
// verifier, honours each code once, and answers its user endpoint for the tokens it issued.

export const GOOGLE_CLIENT_ID = 'indiesplit-web.apps.test';
export const DISCORD_CLIENT_ID = 'indiesplit-discord-client';
export const DISCORD_CLIENT_SECRET = 'discord-secret-that-stays-on-the-server';

export interface GoogleStub {
  server: OAuth2Server;
  issuer: string;
  /** An ID token signed by the stub, with our client id as audience unless overridden. */
  idToken(claims: Record<string, unknown>, options?: { expiresIn?: number }): Promise<string>;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startGoogleStub(): Promise<GoogleStub> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  return {
    server,
    issuer,
    idToken: (claims, options = {}) =>
      server.issuer.buildToken({
        expiresIn: options.expiresIn ?? 3600,
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, { aud: GOOGLE_CLIENT_ID, email_verified: true }, claims);
        },
      }),
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_ISSUER: issuer,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
      GOOGLE_GSI_SCRIPT_URL: `${issuer}/gsi/client`,
    },
    stop: () => server.stop(),
  };
}

export interface DiscordUserFixture {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
  avatar?: string | null;
}

export interface DiscordStub {
  server: OAuth2Server;
  /** Who authorizes next (the person at Discord's consent screen); null: the user endpoint fails. */
  nextUser: DiscordUserFixture | null;
  /** Token requests as they arrived, to check what our server sent. */
  tokenRequests: Array<Record<string, string>>;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startDiscordStub(redirectUri: string): Promise<DiscordStub> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const base = server.issuer.url!;
  const usedCodes = new Set<string>();
  const userByToken = new Map<string, DiscordUserFixture | null>();
  const stub: DiscordStub = {
    server,
    nextUser: null,
    tokenRequests: [],
    env: {
      DISCORD_CLIENT_ID,
      DISCORD_CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: `${base}/authorize`,
      DISCORD_TOKEN_URL: `${base}/token`,
      DISCORD_USERINFO_URL: `${base}/userinfo`,
    },
    stop: () => server.stop(),
  };
  // The library checks the PKCE verifier against the challenge; the rest of Discord's rules are
  // added here. Checking in beforeResponse runs after the library's own checks passed.
  server.service.on('beforeResponse', (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = req.body as unknown as Record<string, string>;
    stub.tokenRequests.push(body);
    const refuse = (error: string) => {
      response.statusCode = 400;
      response.body = { error };
    };
    if (body.client_id !== DISCORD_CLIENT_ID || body.client_secret !== DISCORD_CLIENT_SECRET) {
      return refuse('invalid_client');
    }
    if (body.redirect_uri !== redirectUri) return refuse('invalid_grant');
    if (!body.code_verifier || !body.code || usedCodes.has(body.code)) return refuse('invalid_grant');
    usedCodes.add(body.code);
    if (typeof response.body === 'object') {
      userByToken.set(String(response.body.access_token), stub.nextUser);
    }
  });
  server.service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const user = userByToken.get(token);
    if (!user) {
      response.statusCode = 401;
      response.body = { message: '401: Unauthorized', code: 0 };
      return;
    }
    response.body = {
      id: user.id,
      username: user.username,
      global_name: user.global_name ?? null,
      email: user.email ?? null,
      verified: user.verified ?? true,
      avatar: user.avatar ?? null,
    };
  });
  return stub;
}

export interface BrowserStandIn {
  url: string;
  /** Where the web app loads "Google's" script from. */
  scriptUrl: string;
  stop(): Promise<void>;
}

/**
 * For browser tests, which cannot download Google's script: a stand-in served from localhost that
 * renders a button and, when clicked, hands the page an ID token signed by the local OpenID
 * provider, as Google's would. The person "at Google" or "at Discord" is chosen through
 * POST /google-user and POST /discord-user (JSON), from the test process.
 */
export async function startBrowserStandIn(google: GoogleStub, discord: DiscordStub): Promise<BrowserStandIn> {
  const { createServer } = await import('node:http');
  let googleUser: Record<string, unknown> = {};
  const readJson = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return JSON.parse(text || '{}') as Record<string, unknown>;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'GET' && url.pathname === '/gsi/client') {
      res.setHeader('content-type', 'text/javascript; charset=utf-8');
      res.end(standInScript(`http://${req.headers.host}`));
    } else if (req.method === 'GET' && url.pathname === '/id-token') {
      res.setHeader('content-type', 'text/plain');
      res.end(await google.idToken(googleUser));
    } else if (req.method === 'POST' && url.pathname === '/google-user') {
      googleUser = await readJson(req);
      res.end('ok');
    } else if (req.method === 'POST' && url.pathname === '/discord-user') {
      discord.nextUser = (await readJson(req)) as unknown as DiscordUserFixture;
      res.end('ok');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    scriptUrl: `${url}/gsi/client`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function standInScript(origin: string): string {
  return `(() => {
  let options = null;
  const labels = { signin_with: 'Sign in with Google', signup_with: 'Sign up with Google', continue_with: 'Continue with Google', signin: 'Sign in' };
  window.google = { accounts: { id: {
    initialize(o) { options = o; },
    renderButton(parent, o) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = labels[o && o.text] || labels.signin_with;
      button.addEventListener('click', async () => {
        const res = await fetch(${JSON.stringify(origin)} + '/id-token');
        options.callback({ credential: await res.text() });
      });
      parent.replaceChildren(button);
    },
  } } };
})();
`;
}
