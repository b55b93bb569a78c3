import type { Language, MessageKey } from '@indiesplit/shared/messages';
import type { MfaMethod } from '@indiesplit/shared/mfa';
import type { DiscordUserInfo, GoogleUserInfo, OAuthProvider } from '@indiesplit/shared/oauth';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors.ts';
import { recordLegalAcceptance } from '../legal/commands/record-acceptance.ts';
import * as mfa from '../mfa/login.ts';
import { recordSensitiveChange } from '../security/changes.ts';
import * as users from '../users/service.ts';
import * as repo from './repo.ts';

// The rules shared by both providers: logging in with a verified identity, signing up with one,
// linking one to an account. Google's and Discord's own steps are in google-flow.ts and
// discord-flow.ts.

/** What a provider vouches for, once verified on the server. */
export interface ProviderIdentity {
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

export async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  if (req.session) await ctx.sessions.destroy(ctx.db, req.session.idHash);
  const created = await ctx.sessions.create(ctx.db, userId, req);
  ctx.sessions.setCookie(reply, created.token, created.expiresAt);
  ctx.csrf.issue(reply, created.idHash);
}

/** Logs in the account holding this identity; null when no account does. */
export async function loginWithIdentity(
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
export async function refuseUnusableFirstSignIn(ctx: AppContext, identity: ProviderIdentity): Promise<void> {
  if (!identity.email || !identity.emailVerified) throw new AppError('socialEmailUnverified', 403);
  if (await users.findUserByEmail(ctx.db, identity.email)) throw conflict('socialEmailInUse', 'email');
}

/** Only what we show in settings: verified addresses and the provider's display name. */
export const identityDetails = (identity: ProviderIdentity) => ({
  email: identity.emailVerified ? identity.email : null,
  displayName: identity.displayName?.slice(0, 100) ?? null,
});

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return pgErr?.constraint === constraint;
}

export async function signUpWithIdentity(
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
      // The sign-up form's terms box, recorded with the version in force (ADR 0034).
      await recordLegalAcceptance(tx, { userId: created.id, occasion: 'social_sign_up', at: now });
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

export async function linkIdentity(
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
