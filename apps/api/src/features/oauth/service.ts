import type { Language, MessageKey } from '@indiesplit/shared/messages';
import type { MfaMethod } from '@indiesplit/shared/mfa';
import {
  DISCORD_REF_PARAM,
  type DiscordUserInfo,
  type GoogleUserInfo,
  OAUTH_ERROR_PARAM,
  OAUTH_FLOW_TTL_MINUTES,
  type OAuthErrorCode,
  type OAuthProvider,
  type ProvidersResponse,
} from '@indiesplit/shared/oauth';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import { RULES } from '../../platform/rate-limit.ts';
import type { Session } from '../../platform/sessions.ts';
import * as mfa from '../mfa/service.ts';
import { recordSensitiveChange } from '../security/changes.ts';
import * as users from '../users/service.ts';
import {
  authorizeUrl,
  DiscordExchangeFailed,
  DiscordUserInfoFailed,
  exchangeCode,
  fetchUser,
} from './discord.ts';
import { InvalidIdToken, verifyGoogleIdToken } from './google.ts';
import * as repo from './repo.ts';

/** HttpOnly cookie binding a Discord round trip (and its result) to the browser that started it. */
export const BROWSER_COOKIE = 'oauth_browser';
const COOKIE_PATH = '/api';
const FLOW_TTL_MS = OAUTH_FLOW_TTL_MINUTES * 60_000;

/** What a provider vouches for, once verified on the server. */
interface ProviderIdentity {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
}

export type LoginOutcome =
  | { kind: 'loggedIn'; user: users.UserRow; secondStep: MfaMethod[] }
  | { kind: 'notFound'; google?: GoogleUserInfo; discord?: DiscordUserInfo };

export interface SignUpInput {
  username: string;
  email: string;
  newsletter: boolean;
  name: string;
  surname: string;
  user_types: string[];
}

export function providers(config: Config): ProvidersResponse {
  return {
    google_client_id: config.google?.clientId ?? null,
    google_script_url: config.google?.scriptUrl ?? null,
    discord: config.discord !== null,
  };
}

export function discordRedirectUri(config: Config): string {
  return `${config.publicUrl}/api/auth/discord/callback`;
}

async function startSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: string) {
  if (req.session) await ctx.sessions.destroy(ctx.db, req.session.idHash);
  const created = await ctx.sessions.create(ctx.db, userId, req);
  ctx.sessions.setCookie(reply, created.token, created.expiresAt);
  ctx.csrf.issue(reply, created.idHash);
}

// --- Google -----------------------------------------------------------------------------------

async function googleIdentity(
  ctx: AppContext,
  credential: string,
): Promise<ProviderIdentity & { name: string | null; picture: string | null }> {
  const google = ctx.config.google;
  if (!google) throw notFound('socialProviderDisabled');
  try {
    const claims = await verifyGoogleIdToken(google, credential);
    return {
      provider: 'google',
      subject: claims.subject,
      email: claims.email,
      emailVerified: claims.emailVerified && claims.email !== null,
      displayName: claims.name,
      name: claims.name,
      picture: claims.picture,
    };
  } catch (err) {
    if (!(err instanceof InvalidIdToken)) throw err;
    ctx.log.info({ reason: err.message }, 'google id token refused');
    throw unauthorized('googleLoginFailed');
  }
}

export async function googleLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  credential: string,
): Promise<LoginOutcome> {
  await ctx.limiter.consume(RULES.oauthLoginPerIp, req.ip);
  const identity = await googleIdentity(ctx, credential);
  const login = await loginWithIdentity(ctx, req, reply, identity, 'googleLoginFailed');
  if (login) return { kind: 'loggedIn', ...login };
  await refuseUnusableFirstSignIn(ctx, identity);
  return {
    kind: 'notFound',
    google: { email: identity.email!, name: identity.name, picture: identity.picture },
  };
}

export async function googleSignUp(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  credential: string,
  input: SignUpInput,
  lang: Language,
): Promise<users.UserRow> {
  await ctx.limiter.consume(RULES.oauthSignupPerIp, req.ip);
  const identity = await googleIdentity(ctx, credential);
  return signUpWithIdentity(ctx, req, reply, identity, input, lang, null);
}

export async function linkGoogle(ctx: AppContext, req: FastifyRequest, session: Session, credential: string) {
  await ctx.limiter.consume(RULES.oauthLinkPerAccount, session.user.id);
  const identity = await googleIdentity(ctx, credential);
  await linkIdentity(ctx, req, session.user.id, identity, null);
}

// --- Discord ----------------------------------------------------------------------------------

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

// --- rules shared by both providers -----------------------------------------------------------

/** Logs in the account holding this identity; null when no account does. */
async function loginWithIdentity(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  identity: ProviderIdentity,
  failure: MessageKey,
  referenceId?: string,
): Promise<{ user: users.UserRow; secondStep: MfaMethod[] } | null> {
  const linked = await repo.findIdentity(ctx.db, identity.provider, identity.subject);
  if (!linked) return null;
  const user = await users.findUserById(ctx.db, linked.userId);
  if (!user) throw unauthorized(failure);
  await ctx.db.transaction(async (tx) => {
    if (referenceId && !(await repo.useReference(tx, referenceId))) throw badRequest('oauthSessionExpired');
    await repo.touchIdentity(tx, linked.id, identityDetails(identity));
    await recordEvent(tx, {
      userId: user.id,
      kind: 'social_login',
      ip: req.ip,
      data: { provider: identity.provider },
    });
  });
  // An account with a second factor gets a pending login here, as after a password.
  const secondStep = await mfa.beginLogin(ctx, req, reply, user.id, 'social');
  return { user, secondStep };
}

/**
 * A first sign-in may go on to /register only with a verified address that no account holds: an
 * unverified one proves nothing, and an account with the same address is never taken over — its
 * owner logs in as before and links the provider from settings.
 */
async function refuseUnusableFirstSignIn(ctx: AppContext, identity: ProviderIdentity): Promise<void> {
  if (!identity.email || !identity.emailVerified) throw new AppError('socialEmailUnverified', 403);
  if (await users.findUserByEmail(ctx.db, identity.email)) throw conflict('socialEmailInUse', 'email');
}

/** Only what we show in settings: verified addresses and the provider's display name. */
const identityDetails = (identity: ProviderIdentity) => ({
  email: identity.emailVerified ? identity.email : null,
  displayName: identity.displayName?.slice(0, 100) ?? null,
});

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return pgErr?.constraint === constraint;
}

async function signUpWithIdentity(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  identity: ProviderIdentity,
  input: SignUpInput,
  lang: Language,
  referenceId: string | null,
): Promise<users.UserRow> {
  if (await repo.findIdentity(ctx.db, identity.provider, identity.subject)) {
    throw conflict('socialAlreadyRegistered', 'email');
  }
  if (!identity.email || !identity.emailVerified) throw new AppError('socialEmailUnverified', 403);
  // The address is the provider's verified one (locked in the form), never one the browser picks.
  if (normalizeIdentifier(input.email) !== normalizeIdentifier(identity.email)) {
    throw badRequest('socialEmailMismatch', { email: 'socialEmailMismatch' });
  }
  const taken = await users.findTaken(ctx.db, input.username, identity.email);
  if (taken.email) throw conflict('socialEmailInUse', 'email');
  if (taken.username) throw conflict('usernameExists', 'username');
  const user = await ctx.db
    .transaction(async (tx) => {
      if (referenceId && !(await repo.useReference(tx, referenceId))) throw badRequest('oauthSessionExpired');
      const now = new Date();
      const created = await users.insertUser(tx, {
        username: input.username,
        email: identity.email!,
        passwordHash: null,
        firstName: input.name,
        lastName: input.surname,
        userTypes: input.user_types,
        newsletter: input.newsletter,
        termsAcceptedAt: now,
        emailVerifiedAt: now,
        language: lang,
      });
      await repo.insertIdentity(tx, {
        userId: created.id,
        provider: identity.provider,
        subject: identity.subject,
        ...identityDetails(identity),
      });
      await recordEvent(tx, {
        userId: created.id,
        kind: 'social_signup',
        ip: req.ip,
        data: { provider: identity.provider },
      });
      return created;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'oauth_identities_provider_subject_key')) {
        throw conflict('socialAlreadyRegistered', 'email');
      }
      if (isUniqueViolation(err, 'users_email_lower_key')) throw conflict('socialEmailInUse', 'email');
      return users.duplicateToConflict(err);
    });
  await startSession(ctx, req, reply, user.id);
  return user;
}

async function linkIdentity(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  identity: ProviderIdentity,
  referenceId: string | null,
): Promise<void> {
  if (!identity.email || !identity.emailVerified) throw new AppError('socialEmailUnverified', 403);
  const existing = await repo.findIdentity(ctx.db, identity.provider, identity.subject);
  if (existing && existing.userId !== userId) throw conflict('socialIdentityInUse', identity.provider);
  if (existing) return; // linked already: the same outcome
  await ctx.db
    .transaction(async (tx) => {
      if (referenceId && !(await repo.useReference(tx, referenceId))) throw badRequest('oauthSessionExpired');
      await repo.insertIdentity(tx, {
        userId,
        provider: identity.provider,
        subject: identity.subject,
        ...identityDetails(identity),
      });
      await recordEvent(tx, {
        userId,
        kind: 'social_linked',
        ip: req.ip,
        data: { provider: identity.provider },
      });
      await recordSensitiveChange(ctx, tx, {
        userId,
        undo: { kind: 'social_link', provider: identity.provider, subject: identity.subject },
        ip: req.ip,
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'oauth_identities_user_provider_key')) {
        throw conflict('socialAlreadyLinked', identity.provider);
      }
      if (isUniqueViolation(err, 'oauth_identities_provider_subject_key')) {
        throw conflict('socialIdentityInUse', identity.provider);
      }
      throw err;
    });
  ctx.mail.nudge();
}

// --- settings ---------------------------------------------------------------------------------

export async function connections(db: Db, userId: string) {
  const [rows, user] = await Promise.all([repo.identitiesOf(db, userId), users.findUserById(db, userId)]);
  if (!user) throw notFound('accountNotFound');
  return {
    connections: rows.map((r) => ({
      provider: r.provider as OAuthProvider,
      email: r.email,
      display_name: r.displayName,
      connected_at: r.createdAt.toISOString(),
    })),
    has_password: user.passwordHash !== null,
  };
}

/** Disconnects a provider, unless it is the account's last way in (no password, no other one). */
export async function unlink(ctx: AppContext, req: FastifyRequest, userId: string, provider: OAuthProvider) {
  await ctx.db.transaction(async (tx) => {
    // Row lock: two disconnections at once cannot each leave the other as the "remaining" way in.
    const [locked] = await tx
      .select({ passwordHash: usersTable.passwordHash })
      .from(usersTable)
      .where(sql`${usersTable.id} = ${userId}`)
      .for('update');
    if (!locked) throw notFound('accountNotFound');
    const identities = await repo.identitiesOf(tx, userId);
    if (!identities.some((i) => i.provider === provider)) throw notFound('socialNotLinked');
    if (locked.passwordHash === null && identities.length <= 1) {
      throw new AppError('socialLastSignIn', 409);
    }
    await repo.deleteIdentity(tx, userId, provider);
    await recordEvent(tx, { userId, kind: 'social_unlinked', ip: req.ip, data: { provider } });
    await recordSensitiveChange(ctx, tx, { userId, undo: { kind: 'social_unlink', provider }, ip: req.ip });
  });
  ctx.mail.nudge();
}
