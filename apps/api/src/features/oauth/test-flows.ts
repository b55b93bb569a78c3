import type { TestClient } from '../../test/harness.ts';
import type { DiscordStub, DiscordUserFixture } from './provider-stubs.ts';

// A browser's trip through Discord in tests: our /start, the provider's authorize endpoint (real
// HTTP), our callback. What the browser would do, step by step, so tests can tamper with any step.

export interface AuthorizeResult {
  /** Our callback path and query, as Discord's redirect would send the browser there. */
  callback: string;
  code: string;
  state: string;
}

/** GET /api/auth/discord/start, then Discord's authorize endpoint: where the provider sends back. */
export async function authorizeAtDiscord(
  client: TestClient,
  stub: DiscordStub,
  user: DiscordUserFixture | null,
  query = 'from=welcome',
): Promise<AuthorizeResult> {
  const start = await client.get(`/api/auth/discord/start?${query}`);
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  stub.nextUser = user;
  const res = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(String(res.headers.get('location')));
  return {
    callback: `${back.pathname}${back.search}`,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  };
}

/** Where our callback sent the browser, parsed. */
export async function callback(client: TestClient, pathAndQuery: string) {
  const res = await client.get(pathAndQuery);
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  const url = new URL(String(res.headers.location), 'http://web.invalid');
  return { res, url, ref: url.searchParams.get('discord_ref'), error: url.searchParams.get('oauth_error') };
}

/** The whole round trip; answers the one-time reference. */
export async function discordReference(
  client: TestClient,
  stub: DiscordStub,
  user: DiscordUserFixture,
  query = 'from=welcome',
): Promise<string> {
  const { callback: path } = await authorizeAtDiscord(client, stub, user, query);
  const { ref, url } = await callback(client, path);
  if (!ref) throw new Error(`no reference: ${url}`);
  return ref;
}
