import type { FastifyRequest } from 'fastify';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Rule } from '../../platform/rate-limit.ts';
import { markReauthenticated, type Session } from '../../platform/sessions.ts';
import * as users from '../users/service.ts';

// Step-up (ADR 0015): a sensitive action needs the current password in the request, or a session
// that proved its owner in the last ten minutes (its login, or POST /auth/reauth). A stolen cookie
// alone no longer changes the address, the password, the sign-ins, or where the money goes.

/** The default window (STEP_UP_WINDOW_SECONDS): ten minutes. */
export const RECENT_AUTH_MINUTES = 10;

/** The field a sensitive request may carry its password in (taken out before validation). */
export const STEP_UP_PASSWORD_FIELD = 'current_password';

export const STEP_UP_RULES = {
  reauthPerIp: { name: 'reauth-ip', limit: 30, windowSeconds: 10 * 60 },
  reauthFailuresPerAccount: { name: 'reauth-account', limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Rule>;

declare module 'fastify' {
  interface FastifyRequest {
    /** A password sent with a sensitive request, for the step-up; never validated as a field. */
    stepUpPassword?: string;
  }
}

/**
 * preValidation hook of the /api scope: moves `current_password` out of a JSON body onto the
 * request, so any route can accept it without declaring it, and it never reaches a service or a log
 * of the body.
 */
export async function captureStepUpPassword(req: FastifyRequest): Promise<void> {
  const body = req.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !(STEP_UP_PASSWORD_FIELD in body)) return;
  const value = body[STEP_UP_PASSWORD_FIELD];
  delete body[STEP_UP_PASSWORD_FIELD];
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) req.stepUpPassword = value;
}

export function isRecentlyAuthenticated(
  session: Session,
  windowSeconds: number = RECENT_AUTH_MINUTES * 60,
  now: number = Date.now(),
): boolean {
  return now - session.authenticatedAt.getTime() <= windowSeconds * 1000;
}

/** What proves the owner again. `password` is the first factor; the rest is for extra checks. */
export interface ReauthProof {
  password: string;
  [extra: string]: unknown;
}

/**
 * A further check of a re-authentication, run after the password matched: the two-factor feature
 * adds one that asks for the second factor when the member has it. It throws to refuse.
 */
export type ReauthCheck = (
  ctx: AppContext,
  req: FastifyRequest,
  user: users.UserRow,
  proof: ReauthProof,
) => Promise<void>;
const reauthChecks: ReauthCheck[] = [];

export function addReauthCheck(check: ReauthCheck): void {
  if (!reauthChecks.includes(check)) reauthChecks.push(check);
}

/**
 * The one way a session proves its owner again: rate limited per address and per account, the
 * password checked (an account without one signs in again with its provider instead), then every
 * registered check; the session is marked re-authenticated.
 */
export async function reauthenticate(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  proof: ReauthProof,
  field = 'password',
): Promise<void> {
  const userId = session.user.id;
  await ctx.limiter.consume(STEP_UP_RULES.reauthPerIp, req.ip);
  await ctx.limiter.check(STEP_UP_RULES.reauthFailuresPerAccount, userId);
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  // Social-only accounts have no password to give: a fresh provider sign-in is their step-up.
  if (user.passwordHash === null) throw new AppError('reauthRequired', 403);
  if (!(await verifyPassword(user.passwordHash, proof.password))) {
    await ctx.limiter.fail(STEP_UP_RULES.reauthFailuresPerAccount, userId);
    await recordEvent(ctx.db, { userId, kind: 'reauth_failed', ip: req.ip });
    throw new AppError('reauthWrongPassword', 400, { fields: { [field]: 'reauthWrongPassword' } });
  }
  for (const check of reauthChecks) await check(ctx, req, user, proof);
  const now = new Date();
  await markReauthenticated(ctx.db, session.idHash, now);
  session.authenticatedAt = now;
  await recordEvent(ctx.db, { userId, kind: 'reauthenticated', ip: req.ip });
}

/**
 * The step-up guard, for a service or handler: passes for a recent authentication, re-authenticates
 * with a password sent in the request, and otherwise refuses with 403 reauthRequired, which the web
 * app answers with its password dialog and a retry.
 */
export async function ensureRecentAuth(ctx: AppContext, req: FastifyRequest): Promise<Session> {
  const session = requireSession(req);
  if (isRecentlyAuthenticated(session, ctx.config.stepUpWindowSeconds)) return session;
  if (req.stepUpPassword !== undefined) {
    await reauthenticate(ctx, req, session, { password: req.stepUpPassword }, STEP_UP_PASSWORD_FIELD);
    return session;
  }
  throw new AppError('reauthRequired', 403);
}

/** The same guard as a route preHandler: `{ preHandler: requireRecentAuth(ctx) }`. */
export function requireRecentAuth(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<void> => {
    await ensureRecentAuth(ctx, req);
  };
}
