import { RESEND_VERIFICATION_COOLDOWN_SECONDS } from '@indiesplit/shared/constants';
import type { Language } from '@indiesplit/shared/messages';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, gone, notFound, tooManyRequests } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { RULES } from '../../platform/rate-limit.ts';
import type { Session } from '../../platform/sessions.ts';
import { recordLegalAcceptance } from '../legal/commands/record-acceptance.ts';
import * as mfa from '../mfa/login.ts';
import { recordSensitiveChange } from '../security/changes.ts';
import * as users from '../users/service.ts';
import { checkLogin, failLogin, rememberDevice } from './login-throttle.ts';
import { recoveryQueue } from './recovery-queue.ts';
import { findToken, useToken } from './repo.ts';
import { issueEmailVerification, issuePasswordReset, voidPasswordResets } from './tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Starts a fresh session, drops the one the browser came with, and rotates the CSRF token. */
async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  previous: Session | null,
) {
  if (previous) await ctx.sessions.destroy(ctx.db, previous.idHash);
  const created = await ctx.sessions.create(ctx.db, userId, req);
  ctx.sessions.setCookie(reply, created.token, created.expiresAt);
  ctx.csrf.issue(reply, created.idHash);
}

export async function register(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: {
    username: string;
    email: string;
    password: string;
    name: string;
    surname: string;
    user_types: string[];
    newsletter: boolean;
  },
  lang: Language,
) {
  await ctx.limiter.consume(RULES.registerPerIp, req.ip);
  const taken = await users.findTaken(ctx.db, input.username, input.email);
  if (taken.username) throw conflict('usernameExists', 'username');
  if (taken.email) throw conflict('emailExists', 'email');
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db
    .transaction(async (tx) => {
      const now = new Date();
      const created = await users.insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.name,
        lastName: input.surname,
        userTypes: input.user_types,
        newsletter: input.newsletter,
        termsAcceptedAt: now,
        verificationSentAt: now,
        language: lang,
      });
      // Which terms and privacy notice were accepted, with the account (ADR 0034).
      await recordLegalAcceptance(tx, { userId: created.id, occasion: 'registration', at: now });
      await issueEmailVerification(ctx, tx, created);
      await recordEvent(tx, { userId: created.id, kind: 'register', ip: req.ip });
      return created;
    })
    .catch(users.duplicateToConflict);
  ctx.mail.nudge();
  await startSession(ctx, req, reply, user.id, req.session);
  return user;
}

export async function login(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
) {
  const account = normalizeIdentifier(input.username);
  await ctx.limiter.consume(RULES.loginPerIp, req.ip);
  const user = await users.findUserByLogin(ctx.db, account);
  // The back-off follows the account, however it is named (username or email, any case), so naming
  // it both ways does not double the guesses; a name without an account is counted on its own.
  const lockKey = user ? `user:${user.id}` : `name:${account}`;
  await checkLogin(ctx, req, lockKey, user?.id);
  // Unknown account and wrong password are one answer, in the same time (a dummy hash is checked).
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await failLogin(ctx, req, lockKey);
    if (user) await recordEvent(ctx.db, { userId: user.id, kind: 'login_failed', ip: req.ip });
    throw new AppError('authenticationFailed', 401);
  }
  // With a second factor, only a pending login starts here; the second step makes the session.
  const secondStep = await mfa.beginLogin(ctx, req, reply, user.id, 'password');
  // Only a full sign-in makes this browser a device the owner has used (login-throttle.ts).
  if (secondStep.length === 0) rememberDevice(ctx, reply, user.id);
  await recordEvent(ctx.db, {
    userId: user.id,
    kind: 'login',
    ip: req.ip,
    ...(secondStep.length > 0 ? { data: { second_step: true } } : {}),
  });
  return { user, secondStep };
}

export async function logout(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) {
    await ctx.sessions.destroy(ctx.db, req.session.idHash);
    await recordEvent(ctx.db, { userId: req.session.user.id, kind: 'logout', ip: req.ip });
  }
  ctx.sessions.clearCookie(reply);
  ctx.csrf.issue(reply, 'anonymous');
}

/**
 * Confirms an address. 404 for a code that does not exist, belongs to another user or purpose, or
 * proves an address the account no longer has; 410 when expired. A link for the address the account
 * has already verified (a second click, an older link) answers success.
 */
export async function verifyEmail(ctx: AppContext, req: FastifyRequest, userId: string, code: string) {
  await ctx.limiter.consume(RULES.verifyPerIp, req.ip);
  if (!UUID.test(userId) || code.length < 20) throw badRequest('invalidRequest');
  const token = await findToken(ctx.db, 'verify_email', sha256(code));
  if (!token || token.userId !== userId) throw notFound('invalidCode');
  const user = await users.findUserById(ctx.db, userId);
  if (!user || normalizeIdentifier(user.email) !== normalizeIdentifier(token.email))
    throw notFound('invalidCode');
  // The address this link proves is already verified (a second click, or an older link): success.
  if (user.emailVerifiedAt) return;
  if (token.usedAt) throw notFound('invalidCode');
  if (token.expiresAt.getTime() < Date.now()) throw gone('codeExpired');
  await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, token.id))) return; // a concurrent click got there first: same outcome
    await users.updateUser(tx, userId, { emailVerifiedAt: new Date() });
    await recordEvent(tx, { userId, kind: 'email_verified', ip: req.ip });
  });
}

export async function resendVerification(ctx: AppContext, req: FastifyRequest, session: Session) {
  await ctx.limiter.consume(RULES.resendPerIp, req.ip);
  const user = await users.getUser(ctx, session.user.id);
  if (user.emailVerifiedAt) throw badRequest('emailAlreadyVerified');
  const sent = await ctx.db.transaction(async (tx) => {
    if (!(await users.claimVerificationSend(tx, user.id, RESEND_VERIFICATION_COOLDOWN_SECONDS))) return false;
    await issueEmailVerification(ctx, tx, user);
    return true;
  });
  if (!sent) {
    const elapsed = (Date.now() - (user.verificationSentAt?.getTime() ?? 0)) / 1000;
    const left = Math.max(1, Math.ceil(RESEND_VERIFICATION_COOLDOWN_SECONDS - elapsed));
    throw tooManyRequests(left, 'resendCooldown');
  }
  ctx.mail.nudge();
}

/**
 * Same answer, in the same time, whether or not the address has an account (spec §8): both do the
 * same work before answering, and the lookup and the email follow in the recovery queue.
 */
export async function recoverPassword(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  email: string,
) {
  await ctx.limiter.consume(RULES.recoverPerIp, req.ip);
  await ctx.limiter.consume(RULES.recoverPerEmail, normalizeIdentifier(email));
  const ip = req.ip;
  // Queued once the answer has left, so not even its scheduling runs in the answer's time.
  let queued = false;
  const queue = () => {
    if (queued) return;
    queued = true;
    recoveryQueue(ctx).enqueue(() => sendRecovery(ctx, email, ip));
  };
  reply.raw.once('finish', queue);
  reply.raw.once('close', queue);
}

async function sendRecovery(ctx: AppContext, email: string, ip: string) {
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    await issuePasswordReset(ctx, tx, user);
    await recordEvent(tx, { userId: user.id, kind: 'password_reset_requested', ip });
  });
  ctx.mail.nudge();
}

export async function resetPassword(
  ctx: AppContext,
  req: FastifyRequest,
  input: { user_id: string; user_token: string; new_password: string },
) {
  await ctx.limiter.consume(RULES.resetPerIp, req.ip);
  if (!UUID.test(input.user_id)) throw notFound('invalidOrExpired');
  await ctx.limiter.consume(RULES.resetPerAccount, input.user_id);
  const token = await findToken(ctx.db, 'reset_password', sha256(input.user_token));
  if (!token || token.userId !== input.user_id || token.usedAt) throw notFound('invalidOrExpired');
  if (token.expiresAt.getTime() < Date.now()) throw gone('linkExpired');
  const user = await users.findUserById(ctx.db, input.user_id);
  if (!user) throw notFound('invalidOrExpired');
  const passwordHash = await hashPassword(input.new_password);
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, token.id))) return false;
    // The link proved the mailbox: an unverified address that received it is verified now.
    const provesEmail = normalizeIdentifier(token.email) === normalizeIdentifier(user.email);
    await users.updateUser(tx, user.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      ...(provesEmail && !user.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
    });
    await voidPasswordResets(tx, user.id);
    await ctx.sessions.destroyAllForUser(tx, user.id);
    await recordSensitiveChange(ctx, tx, { userId: user.id, undo: { kind: 'password' }, ip: req.ip });
    await recordEvent(tx, { userId: user.id, kind: 'password_reset', ip: req.ip });
    return true;
  });
  if (!done) throw notFound('invalidOrExpired');
  ctx.mail.nudge();
}

export async function changePassword(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  input: { old_password: string; new_password: string },
) {
  const userId = session.user.id;
  await ctx.limiter.check(RULES.passwordChangeFailuresPerAccount, userId);
  const user = await users.getUser(ctx, userId);
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    await ctx.limiter.fail(RULES.passwordChangeFailuresPerAccount, userId);
    throw badRequest('wrongOldPassword', { old_password: 'wrongOldPassword' });
  }
  if (input.old_password === input.new_password) {
    throw badRequest('samePassword', { new_password: 'samePassword' });
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await users.updateUser(tx, userId, { passwordHash, passwordChangedAt: new Date() });
    await voidPasswordResets(tx, userId);
    // Every other device is signed out; this one stays.
    await ctx.sessions.destroyAllForUser(tx, userId, session.idHash);
    await recordSensitiveChange(ctx, tx, { userId, undo: { kind: 'password' }, ip: req.ip });
    await recordEvent(tx, { userId, kind: 'password_changed', ip: req.ip });
  });
  ctx.mail.nudge();
}
