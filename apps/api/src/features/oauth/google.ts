import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';
import type { GoogleConfig } from '../../config.ts';

// Verifies a Google ID token (the `credential` of the sign-in button) on the server: RS256 signature
// against the provider's published keys, issuer, audience, lifetime. Anything else is refused: an
// `alg` of `none` or HS256 (a key confusion), an unknown key id, a token for another client.

export interface GoogleClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export class InvalidIdToken extends Error {}

/** Tolerated clock difference with the provider. */
const SKEW_SECONDS = 60;
const FETCH_TIMEOUT_MS = 10_000;
/** Keys are cached this long when the provider sends no max-age. */
const DEFAULT_KEYS_TTL_MS = 60 * 60 * 1000;
/** An unknown key id refreshes the keys, but not more often than this (key rotation, not a flood). */
const REFRESH_COOLDOWN_MS = 30 * 1000;

interface KeySet {
  keys: Map<string, KeyObject>;
  expiresAt: number;
  fetchedAt: number;
}

const keySets = new Map<string, KeySet>();
const pending = new Map<string, Promise<KeySet>>();

async function fetchKeys(url: string): Promise<KeySet> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
  const body = (await res.json()) as { keys?: Array<JsonWebKey & { kid?: string; use?: string }> };
  const keys = new Map<string, KeyObject>();
  for (const jwk of body.keys ?? []) {
    if (jwk.kty !== 'RSA' || typeof jwk.kid !== 'string' || (jwk.use && jwk.use !== 'sig')) continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' }));
    } catch {
      // a malformed key is skipped; the others still serve
    }
  }
  const maxAge = /max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1];
  const now = Date.now();
  return { keys, fetchedAt: now, expiresAt: now + (maxAge ? Number(maxAge) * 1000 : DEFAULT_KEYS_TTL_MS) };
}

async function loadKeys(url: string, force: boolean): Promise<KeySet> {
  const cached = keySets.get(url);
  const now = Date.now();
  if (cached && cached.expiresAt > now && (!force || now - cached.fetchedAt < REFRESH_COOLDOWN_MS)) {
    return cached;
  }
  let request = pending.get(url);
  if (!request) {
    request = fetchKeys(url).finally(() => pending.delete(url));
    pending.set(url, request);
  }
  const fresh = await request;
  keySets.set(url, fresh);
  return fresh;
}

async function keyFor(url: string, kid: string): Promise<KeyObject | undefined> {
  const key = (await loadKeys(url, false)).keys.get(kid);
  return key ?? (await loadKeys(url, true)).keys.get(kid);
}

function decodePart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new InvalidIdToken('not an object');
  return value as Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export async function verifyGoogleIdToken(config: GoogleConfig, token: string): Promise<GoogleClaims> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) {
    throw new InvalidIdToken('malformed');
  }
  const [head, body, signature] = parts as [string, string, string];
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodePart(head);
    claims = decodePart(body);
  } catch {
    throw new InvalidIdToken('malformed');
  }
  // Only what Google signs with; the algorithm is ours to require, never the token's to choose.
  if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new InvalidIdToken('algorithm');
  let key: KeyObject | undefined;
  try {
    key = await keyFor(config.jwksUrl, header.kid);
  } catch (err) {
    throw new InvalidIdToken(`keys unavailable: ${(err as Error).message}`);
  }
  if (!key) throw new InvalidIdToken('unknown key');
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${head}.${body}`),
    key,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new InvalidIdToken('signature');

  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iss !== 'string' || !config.issuers.includes(claims.iss)) throw new InvalidIdToken('iss');
  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(config.clientId)) throw new InvalidIdToken('aud');
  // A token for several audiences must name us as the party it was issued to.
  if (audiences.length > 1 && claims.azp !== config.clientId) throw new InvalidIdToken('azp');
  if (typeof claims.exp !== 'number' || claims.exp + SKEW_SECONDS < now) throw new InvalidIdToken('exp');
  if (typeof claims.iat === 'number' && claims.iat - SKEW_SECONDS > now) throw new InvalidIdToken('iat');
  if (typeof claims.nbf === 'number' && claims.nbf - SKEW_SECONDS > now) throw new InvalidIdToken('nbf');
  const subject = str(claims.sub);
  if (!subject || subject.length > 255) throw new InvalidIdToken('sub');
  return {
    subject,
    email: str(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: str(claims.name),
    picture: str(claims.picture),
  };
}
