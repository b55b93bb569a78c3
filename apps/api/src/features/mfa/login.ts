import type { MfaMethod, SecondFactorProof } from '@indiesplit/shared/mfa';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { markSecondFactorVerified } from '../../platform/sessions.ts';
import * as users from '../users/service.ts';
import { MFA_RULES } from './limits.ts';
import * as passkeys from './passkeys.ts';
import * as repo from './repo.ts';
import { methodsOf } from './service.ts';
import { verifyProof } from './verify-proof.ts';

// Logging in with a second factor: a pending login after the first factor, completed by the second.

/** Holds a login that still owes its second step; never a session. */
export const MFA_PENDING_COOKIE = 'mfa_pending';

const PENDING_TTL_MS = 10 * 60 * 1000;
/** Wrong second steps one pending login may take before its password must be typed again. */
const PENDING_MAX_FAILURES = 5;

/** Starts a fresh session, drops the one the browser came with, and rotates the CSRF token. */
export async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  verified: boolean,
) {
  if (req.session) await ctx.sessions.destroy(ctx.db, req.session.idHash);
  const created = await ctx.sessions.create(ctx.db, userId, req);
  if (verified) await markSecondFactorVerified(ctx.db, created.idHash);
  ctx.sessions.setCookie(reply, created.token, created.expiresAt);
  ctx.csrf.issue(reply, created.idHash);
}

function clearPendingCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(MFA_PENDING_COOKIE, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.isProduction,
  });
}

/**
 * After a right password (or provider sign-in): a full session when the account has no second
 * factor; otherwise only a pending login, held by a cookie of its own, that the second step
 * completes. Returns the methods the second step may use (empty when the session started).
 */
export async function beginLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: 'password' | 'social',
): Promise<MfaMethod[]> {
  const methods = await methodsOf(ctx.db, userId);
  if (methods.length === 0) {
    await startSession(ctx, req, reply, userId, false);
    return [];
  }
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + PENDING_TTL_MS);
  await repo.insertPending(ctx.db, { idHash: sha256(token), userId, method, expiresAt });
  reply.setCookie(MFA_PENDING_COOKIE, token, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.isProduction,
    expires: expiresAt,
  });
  return methods;
}

async function pendingOf(ctx: AppContext, req: FastifyRequest) {
  const token = req.cookies[MFA_PENDING_COOKIE];
  if (!token || token.length > 100) throw unauthorized('mfaPendingExpired');
  const idHash = sha256(token);
  const pending = await repo.findPending(ctx.db, idHash);
  if (!pending || pending.failures >= PENDING_MAX_FAILURES) throw unauthorized('mfaPendingExpired');
  return pending;
}

/** A passkey challenge for the second step of the pending login. */
export async function secondStepPasskeyOptions(ctx: AppContext, req: FastifyRequest) {
  await ctx.limiter.consume(MFA_RULES.secondStepPerIp, req.ip);
  const pending = await pendingOf(ctx, req);
  return passkeys.assertionOptions(ctx, 'second_step', pending.userId);
}

/** Completes a pending login with its second factor; a new session (verified) replaces any other. */
export async function completeLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  proof: SecondFactorProof,
) {
  await ctx.limiter.consume(MFA_RULES.secondStepPerIp, req.ip);
  const pending = await pendingOf(ctx, req);
  let method: MfaMethod;
  try {
    method = await verifyProof(ctx, pending.userId, proof, 'second_step');
  } catch (err) {
    if (err instanceof AppError && err.status === 400) {
      if ((await repo.countPendingFailure(ctx.db, pending.idHash)) >= PENDING_MAX_FAILURES) {
        await repo.takePending(ctx.db, pending.idHash);
        clearPendingCookie(ctx, reply);
      }
      await recordEvent(ctx.db, { userId: pending.userId, kind: 'second_factor_failed', ip: req.ip });
    }
    throw err;
  }
  if (!(await repo.takePending(ctx.db, pending.idHash))) throw unauthorized('mfaPendingExpired');
  clearPendingCookie(ctx, reply);
  await startSession(ctx, req, reply, pending.userId, true);
  await recordEvent(ctx.db, {
    userId: pending.userId,
    kind: 'second_factor_login',
    ip: req.ip,
    data: { method, first: pending.method },
  });
  return users.getUser(ctx, pending.userId);
}
