import type { Language } from '@indiesplit/shared/messages';
import {
  DISCORD_REF_PARAM,
  OAUTH_ERROR_PARAM,
  OAUTH_FLOW_TTL_MINUTES,
  type OAuthErrorCode,
} from '@indiesplit/shared/oauth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { RULES } from '../../platform/rate-limit.ts';
import type { Session } from '../../platform/sessions.ts';
import type * as users from '../users/service.ts';
import {
  authorizeUrl,
  DiscordExchangeFailed,
  DiscordUserInfoFailed,
  exchangeCode,
  fetchUser,
} from './discord.ts';
import {
  type LoginOutcome,
  linkIdentity,
  loginWithIdentity,
  type ProviderIdentity,
  refuseUnusableFirstSignIn,
  type SignUpInput,
  signUpWithIdentity,
} from './identity.ts';
import * as repo from './repo.ts';

// Discord: an authorization-code round trip with state and PKCE, its result kept behind a
// one-time reference that the web app redeems; then the shared identity rules apply.

/** HttpOnly cookie binding a Discord round trip (and its result) to the browser that started it. */
export const BROWSER_COOKIE = 'oauth_browser';
const COOKIE_PATH = '/api';
const FLOW_TTL_MS = OAUTH_FLOW_TTL_MINUTES * 60_000;

export function discordRedirectUri(config: Config): string {
  return `${config.publicUrl}/api/auth/discord/callback`;
}

const RETURN_PATHS = { welcome: '/register/welcome', login: '/login', settings: '/settings' } as const;
type ReturnTo = keyof typeof RETURN_PATHS;

/** Where the browser lands after the provider, with what to tell it (never login state itself). */
export function returnUrl(returnTo: string, params: Record<string, string>): string {
  const path = RETURN_PATHS[(returnTo in RETURN_PATHS ? returnTo : 'login') as ReturnTo];
  const query = new URLSearchParams(params).toString();
  return `${path}${query ? `?${query}` : ''}${returnTo === 'settings' ? '#social' : ''}`;
}

const errorUrl = (returnTo: string, code: OAuthErrorCode) =>
  returnUrl(returnTo, { [OAUTH_ERROR_PARAM]: code });

function browserToken(req: FastifyRequest): string | null {
  const value = req.cookies[BROWSER_COOKIE];
  return value && /^[A-Za-z0-9_-]{40,60}$/.test(value) ? value : null;
}

/**
 * Starts a Discord authorization: a flow row holds the hashed state, the PKCE verifier and the
 * hash of a browser cookie, and the browser is sent to Discord. Answers the URL to redirect to.
 */
export async function startDiscord(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  query: { purpose: 'login' | 'link'; from?: 'welcome' | 'login' | 'settings' | undefined },
): Promise<string> {
  const linking = query.purpose === 'link';
  const returnTo: ReturnTo = linking ? 'settings' : query.from === 'welcome' ? 'welcome' : 'login';
  const discord = ctx.config.discord;
  if (!discord) return errorUrl(returnTo, 'socialProviderDisabled');
  await ctx.limiter.consume(RULES.oauthStartPerIp, req.ip);
  if (linking && !req.session) return returnUrl('login', {});
  // The same browser keeps one binding across tabs, so a second sign-in does not break the first.
  const browser = browserToken(req) ?? randomToken(32);
  const state = randomToken(32);
  const codeVerifier = randomToken(48);
  await repo.purgeExpired(ctx.db);
  await repo.insertFlow(ctx.db, {
    provider: 'discord',
    stateHash: sha256(state),
    browserHash: sha256(browser),
    codeVerifier,
    purpose: query.purpose,
    userId: linking ? req.session!.user.id : null,
    returnTo,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  reply.setCookie(BROWSER_COOKIE, browser, {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie comes back on Discord's top-level redirect to our callback.
    sameSite: 'lax',
    secure: ctx.config.isProduction,
    maxAge: OAUTH_FLOW_TTL_MINUTES * 60 * 2,
  });
  return authorizeUrl(discord, discordRedirectUri(ctx.config), state, codeVerifier);
}

/**
 * Discord's return. The state must name a live flow started by this browser; the code is exchanged
 * on the server (secret and verifier stay here), the user read, and the result stored behind a
 * one-time reference the web app then redeems with a POST. Nothing here logs anyone in.
 */
export async function discordCallback(
  ctx: AppContext,
  req: FastifyRequest,
  query: {
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
    error_description?: string | undefined;
  },
): Promise<string> {
  const discord = ctx.config.discord;
  if (!discord) return errorUrl('login', 'socialProviderDisabled');
  const browser = browserToken(req);
  const flow = query.state ? await repo.takeFlow(ctx.db, sha256(query.state)) : undefined;
  if (!flow || !browser || flow.browserHash !== sha256(browser) || flow.expiresAt.getTime() < Date.now()) {
    return errorUrl(flow?.returnTo ?? 'login', 'oauthSessionExpired');
  }
  if (query.error) {
    // Only the provider's error code goes back (the web app shows known codes as its own texts):
    // its free-text description is never carried into a page.
    const code = /^[a-z_]{1,64}$/.test(query.error) ? query.error : 'unknown_error';
    return returnUrl(flow.returnTo, { error: code });
  }
  if (!query.code) return errorUrl(flow.returnTo, 'discordAuthFailed');
  let accessToken: string;
  try {
    accessToken = await exchangeCode(discord, discordRedirectUri(ctx.config), query.code, flow.codeVerifier);
  } catch (err) {
    if (!(err instanceof DiscordExchangeFailed)) throw err;
    ctx.log.info({ reason: err.message }, 'discord code exchange failed');
    return errorUrl(flow.returnTo, 'discordAuthFailed');
  }
  let user: Awaited<ReturnType<typeof fetchUser>>;
  try {
    user = await fetchUser(discord, accessToken);
  } catch (err) {
    if (!(err instanceof DiscordUserInfoFailed)) throw err;
    ctx.log.info({ reason: err.message }, 'discord user info failed');
    return errorUrl(flow.returnTo, 'discordUserInfoFailed');
  }
  const reference = randomToken(32);
  await repo.insertReference(ctx.db, {
    provider: 'discord',
    refHash: sha256(reference),
    browserHash: flow.browserHash,
    purpose: flow.purpose,
    userId: flow.userId,
    subject: user.id,
    email: user.email,
    emailVerified: user.verified && user.email !== null,
    username: user.username,
    displayName: user.globalName,
    avatar: user.avatar,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  return returnUrl(flow.returnTo, { [DISCORD_REF_PARAM]: reference });
}

/** A live reference of this browser for this purpose, or 400 oauthSessionExpired. */
async function redeemable(
  ctx: AppContext,
  req: FastifyRequest,
  reference: string,
  purpose: 'login' | 'link',
): Promise<repo.ReferenceRow> {
  if (!ctx.config.discord) throw notFound('socialProviderDisabled');
  const row = await repo.findReference(ctx.db, sha256(reference));
  const browser = browserToken(req);
  if (!row || row.purpose !== purpose || !browser || row.browserHash !== sha256(browser)) {
    throw badRequest('oauthSessionExpired');
  }
  return row;
}

const discordIdentity = (row: repo.ReferenceRow): ProviderIdentity => ({
  provider: 'discord',
  subject: row.subject,
  email: row.email,
  emailVerified: row.emailVerified,
  displayName: row.displayName ?? row.username,
});

export async function discordLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  reference: string,
): Promise<LoginOutcome> {
  await ctx.limiter.consume(RULES.oauthLoginPerIp, req.ip);
  const row = await redeemable(ctx, req, reference, 'login');
  const identity = discordIdentity(row);
  const login = await loginWithIdentity(ctx, req, reply, identity, 'discordLoginFailed', row.id);
  if (login) return { kind: 'loggedIn', ...login };
  await refuseUnusableFirstSignIn(ctx, identity);
  return {
    kind: 'notFound',
    discord: { username: row.username, global_name: row.displayName, email: row.email!, avatar: row.avatar },
  };
}

export async function discordSignUp(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  reference: string,
  input: SignUpInput,
  lang: Language,
): Promise<users.UserRow> {
  await ctx.limiter.consume(RULES.oauthSignupPerIp, req.ip);
  const row = await redeemable(ctx, req, reference, 'login');
  return signUpWithIdentity(ctx, req, reply, discordIdentity(row), input, lang, row.id);
}

export async function linkDiscord(ctx: AppContext, req: FastifyRequest, session: Session, reference: string) {
  await ctx.limiter.consume(RULES.oauthLinkPerAccount, session.user.id);
  const row = await redeemable(ctx, req, reference, 'link');
  // Started by this account: a reference of another member's session is of no use here.
  if (row.userId !== session.user.id) throw badRequest('oauthSessionExpired');
  await linkIdentity(ctx, req, session.user.id, discordIdentity(row), row.id);
}
