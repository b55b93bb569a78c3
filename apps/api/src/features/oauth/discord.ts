import { createHash } from 'node:crypto';
import type { DiscordConfig } from '../../config.ts';

// Discord's OAuth2 authorization code flow with PKCE, the server's half: the client secret and
// the provider's tokens never reach the browser (spec's "observed weakness" fixed, ADR 0007).

const FETCH_TIMEOUT_MS = 10_000;
const SCOPES = 'identify email';

export interface DiscordUser {
  id: string;
  username: string;
  globalName: string | null;
  email: string | null;
  verified: boolean;
  avatar: string | null;
}

export class DiscordExchangeFailed extends Error {}
export class DiscordUserInfoFailed extends Error {}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function authorizeUrl(
  config: DiscordConfig,
  redirectUri: string,
  state: string,
  codeVerifier: string,
): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', pkceChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Exchanges the authorization code for an access token (used once, then dropped). */
export async function exchangeCode(
  config: DiscordConfig,
  redirectUri: string,
  code: string,
  codeVerifier: string,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new DiscordExchangeFailed(`token endpoint unreachable: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as { access_token?: unknown } | null;
  if (!res.ok || typeof body?.access_token !== 'string' || body.access_token === '') {
    throw new DiscordExchangeFailed(`token endpoint answered ${res.status}`);
  }
  return body.access_token;
}

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;

export async function fetchUser(config: DiscordConfig, accessToken: string): Promise<DiscordUser> {
  let res: Response;
  try {
    res = await fetch(config.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new DiscordUserInfoFailed(`user endpoint unreachable: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const id = body && (typeof body.id === 'string' || typeof body.id === 'number') ? String(body.id) : null;
  const username = text(body?.username, 100);
  if (!res.ok || !id || id.length > 64 || !username) {
    throw new DiscordUserInfoFailed(`user endpoint answered ${res.status}`);
  }
  return {
    id,
    username,
    globalName: text(body?.global_name, 100),
    email: text(body?.email, 254),
    verified: body?.verified === true,
    avatar: text(body?.avatar, 200),
  };
}
