import { randomBytes } from 'node:crypto';
import {
  type MfaMethod,
  type MfaStatus,
  RECOVERY_CODE_COUNT,
  type SecondFactorProof,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@indiesplit/shared/mfa';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Session } from '../../platform/sessions.ts';
import { ensureRecentAuth } from '../security/step-up.ts';
import * as users from '../users/service.ts';
import { type FactorChange, noticeFactorChange } from './emails.ts';
import { MFA_RULES } from './limits.ts';
import * as passkeys from './passkeys.ts';
import * as repo from './repo.ts';
import { open, seal } from './secret-box.ts';

// Second factors (ADR 0016). An account has a second factor once it has an enabled authenticator
// app or at least one passkey; recovery codes stand in for either when a device is lost.

const ISSUER = 'IndieSplit';
/** Holds a login that still owes its second step; never a session. */
export const MFA_PENDING_COOKIE = 'mfa_pending';
/** One step either side: a phone clock 30 s off still works, a code is never good for long. */
const DRIFT_STEPS = 1;
const PENDING_TTL_MS = 10 * 60 * 1000;
/** Wrong second steps one pending login may take before its password must be typed again. */
const PENDING_MAX_FAILURES = 5;

/**
 * Demo data only: gives a demo staff account an authenticator app with a known secret, unless it
 * already has one (the seed runs at every development start).
 */
export async function ensureDemoAuthenticator(
  db: Db,
  config: { sessionSecret: string },
  userId: string,
  secretBase32: string,
) {
  await repo.insertEnabledTotp(db, userId, seal(config.sessionSecret, userId, secretBase32));
}

/** Account deletion: the authenticator secret, recovery codes, passkeys and pending logins go. */
export async function forgetSecondFactors(tx: Db, userId: string) {
  await repo.deleteAllOf(tx, userId);
}

// ---- status --------------------------------------------------------------------------------------

export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const f = await repo.factorsOf(db, userId);
  return f.totp || f.passkeys > 0;
}

async function methodsOf(db: Db, userId: string): Promise<MfaMethod[]> {
  const f = await repo.factorsOf(db, userId);
  const methods: MfaMethod[] = [];
  if (f.totp) methods.push('totp');
  if (f.passkeys > 0) methods.push('passkey');
  if (methods.length > 0) methods.push('recovery_code');
  return methods;
}

export async function status(ctx: AppContext, session: Session): Promise<MfaStatus> {
  const userId = session.user.id;
  const [f, left, keys] = [
    await repo.factorsOf(ctx.db, userId),
    await repo.recoveryCodesLeft(ctx.db, userId),
    await repo.passkeysOf(ctx.db, userId),
  ];
  return {
    totp_enabled: f.totp,
    recovery_codes_left: left,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    })),
    enabled: f.totp || keys.length > 0,
    session_verified: session.secondFactorAt !== null,
  };
}

// ---- password confirmation -----------------------------------------------------------------------

/**
 * The current password, with back-off per account. Accounts without one (social only) prove
 * themselves by a recent sign-in instead (the step-up of ADR 0015).
 */
async function confirmPassword(ctx: AppContext, req: FastifyRequest, userId: string, password: string) {
  await ctx.limiter.check(MFA_RULES.passwordFailuresPerAccount, userId);
  const user = await users.getUser(ctx, userId);
  if (user.passwordHash === null) {
    await ensureRecentAuth(ctx, req);
    return user;
  }
  if (!password) throw badRequest('passwordRequired', { password: 'passwordRequired' });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await ctx.limiter.fail(MFA_RULES.passwordFailuresPerAccount, userId);
    throw badRequest('wrongPassword', { password: 'wrongPassword' });
  }
  return user;
}

async function notify(
  ctx: AppContext,
  tx: Db,
  user: { id: string; email: string; username: string; language: string },
  change: FactorChange,
  ip: string,
) {
  await noticeFactorChange(ctx, tx, user.id, change, ip);
  await recordEvent(tx, { userId: user.id, kind: 'second_factor_changed', ip, data: { change } });
}

// ---- authenticator app ---------------------------------------------------------------------------

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new secret, kept unconfirmed until a code from it and the password turn it on. */
export async function setupTotp(ctx: AppContext, session: Session) {
  const userId = session.user.id;
  await ctx.limiter.consume(MFA_RULES.setupPerAccount, userId);
  const existing = await repo.findTotp(ctx.db, userId);
  if (existing?.enabledAt) throw new AppError('mfaAlreadyEnabled', 409);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await repo.saveTotpSetup(ctx.db, userId, seal(ctx.config.sessionSecret, userId, secret)))) {
    throw new AppError('mfaAlreadyEnabled', 409);
  }
  const url = totpFor(secret, session.user.username).toString();
  const qr = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: url, qr_svg: qr };
}

/** The step a code belongs to, within the drift window; null when it matches none. */
function stepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = OTPAuth.TOTP.validate({
    token: code,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  return OTPAuth.TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/**
 * Checks a code and takes its step (so it is never accepted again). `enable` accepts only the
 * unconfirmed set-up; otherwise only an enabled app.
 */
async function useTotpCode(ctx: AppContext, db: Db, userId: string, code: string, enable: boolean) {
  const row = await repo.findTotp(db, userId);
  if (!row || Boolean(row.enabledAt) === enable) {
    throw enable ? badRequest('mfaSetupMissing') : badRequest('mfaCodeInvalid', { code: 'mfaCodeInvalid' });
  }
  const secret = open(ctx.config.sessionSecret, userId, row.secretEnc);
  if (secret === null) {
    ctx.log.warn({ userId }, 'an authenticator secret does not decrypt (was SESSION_SECRET changed?)');
    throw badRequest('mfaCodeInvalid', { code: 'mfaCodeInvalid' });
  }
  const step = stepOf(secret, code);
  if (step === null) throw badRequest('mfaCodeInvalid', { code: 'mfaCodeInvalid' });
  if (step <= row.lastStep || !(await repo.claimTotpStep(db, userId, step, enable))) {
    throw badRequest('mfaCodeUsed', { code: 'mfaCodeUsed' });
  }
}

/** New recovery codes: 10 × 50 random bits in base32, shown once, stored hashed. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    let code = '';
    for (let i = 0; i < 10; i++) code += alphabet[bytes[i]! & 31];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

const hashRecoveryCode = (code: string) => sha256(`recovery:${code.replace(/[\s-]/g, '').toLowerCase()}`);

/** Gives an account its first recovery codes when it gets its first factor; null when it had some. */
async function recoveryCodesForFirstFactor(tx: Db, userId: string): Promise<string[] | null> {
  if ((await repo.recoveryCodesLeft(tx, userId)) > 0) return null;
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

export async function enableTotp(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  input: { password: string; code: string },
): Promise<{ recovery_codes: string[] | null }> {
  const userId = session.user.id;
  await ctx.limiter.check(MFA_RULES.codeFailuresPerAccount, userId);
  const user = await confirmPassword(ctx, req, userId, input.password);
  const codes = await ctx.db
    .transaction(async (tx) => {
      await useTotpCode(ctx, tx, userId, input.code, true);
      const fresh = await recoveryCodesForFirstFactor(tx, userId);
      // The code proved the factor in this very session.
      await repo.markSessionVerified(tx, session.idHash);
      await notify(ctx, tx, user, 'totp_enabled', req.ip);
      return fresh;
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'mfaCodeInvalid') {
        await ctx.limiter.fail(MFA_RULES.codeFailuresPerAccount, userId);
      }
      throw err;
    });
  ctx.mail.nudge();
  return { recovery_codes: codes };
}

/** After the last factor is gone: no recovery codes, no session counted as verified. */
async function afterFactorRemoved(tx: Db, userId: string) {
  const f = await repo.factorsOf(tx, userId);
  if (f.totp || f.passkeys > 0) return;
  await repo.replaceRecoveryCodes(tx, userId, []);
  await repo.clearSessionsVerified(tx, userId);
}

export async function disableTotp(ctx: AppContext, req: FastifyRequest, session: Session, password: string) {
  const userId = session.user.id;
  const user = await confirmPassword(ctx, req, userId, password);
  const row = await repo.findTotp(ctx.db, userId);
  if (!row?.enabledAt) throw badRequest('mfaNotEnabled');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteTotp(tx, userId);
    await afterFactorRemoved(tx, userId);
    await notify(ctx, tx, user, 'totp_disabled', req.ip);
  });
  ctx.mail.nudge();
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  password: string,
): Promise<string[]> {
  const userId = session.user.id;
  const user = await confirmPassword(ctx, req, userId, password);
  if (!(await hasSecondFactor(ctx.db, userId))) throw badRequest('mfaNotEnabled');
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    await notify(ctx, tx, user, 'recovery_codes_renewed', req.ip);
  });
  ctx.mail.nudge();
  return codes;
}

// ---- passkeys (registration and removal; the protocol lives in passkeys.ts) ----------------------

export async function registerPasskey(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  input: { challenge_id: string; name: string; response: Record<string, unknown> },
): Promise<{ recovery_codes: string[] | null }> {
  const userId = session.user.id;
  const user = await users.getUser(ctx, userId);
  const challenge = await passkeys.challengeFor(ctx.db, input.challenge_id, 'register', userId);
  const codes = await ctx.db.transaction(async (tx) => {
    await passkeys.verifyRegistration(ctx, tx, userId, input, challenge);
    const fresh = await recoveryCodesForFirstFactor(tx, userId);
    await notify(ctx, tx, user, 'passkey_added', req.ip);
    return fresh;
  });
  ctx.mail.nudge();
  return { recovery_codes: codes };
}

export async function removePasskey(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  id: string,
  password: string,
) {
  const userId = session.user.id;
  const user = await confirmPassword(ctx, req, userId, password);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deletePasskey(tx, userId, id))) throw new AppError('notFound', 404);
    await afterFactorRemoved(tx, userId);
    await notify(ctx, tx, user, 'passkey_removed', req.ip);
  });
  ctx.mail.nudge();
}

// ---- proving the factor --------------------------------------------------------------------------

/**
 * Checks one proof (an app code, a recovery code, or a passkey assertion answering a challenge made
 * for `purpose`) and spends it. Wrong proofs count towards the account's back-off.
 */
export async function verifyProof(
  ctx: AppContext,
  userId: string,
  proof: SecondFactorProof,
  purpose: 'second_step' | 'confirm',
): Promise<MfaMethod> {
  await ctx.limiter.check(MFA_RULES.codeFailuresPerAccount, userId);
  try {
    if (proof.code !== undefined) {
      await ctx.db.transaction((tx) => useTotpCode(ctx, tx, userId, proof.code!, false));
      return 'totp';
    }
    if (proof.recovery_code !== undefined) {
      if (!(await repo.spendRecoveryCode(ctx.db, userId, hashRecoveryCode(proof.recovery_code)))) {
        throw badRequest('mfaCodeInvalid', { recovery_code: 'mfaCodeInvalid' });
      }
      return 'recovery_code';
    }
    if (proof.passkey !== undefined) {
      await passkeys.verifyAssertion(ctx, proof.passkey, { purpose, userId });
      return 'passkey';
    }
  } catch (err) {
    if (err instanceof AppError && err.status < 500 && err.code !== 'mfaCodeUsed') {
      await ctx.limiter.fail(MFA_RULES.codeFailuresPerAccount, userId);
    }
    throw err;
  }
  throw badRequest('mfaCodeRequired');
}

/**
 * For an action that must be confirmed again (a withdrawal): nothing when the account has no second
 * factor; otherwise a valid proof or a translated 403.
 */
export async function requireSecondFactorFor(
  ctx: AppContext,
  userId: string,
  proof: SecondFactorProof | undefined,
): Promise<void> {
  if (!(await hasSecondFactor(ctx.db, userId))) return;
  if (!proof) throw forbidden('mfaSecondFactorRequired');
  await verifyProof(ctx, userId, proof, 'confirm');
}

// ---- login ---------------------------------------------------------------------------------------

/** Starts a fresh session, drops the one the browser came with, and rotates the CSRF token. */
async function startSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  verified: boolean,
) {
  if (req.session) await ctx.sessions.destroy(ctx.db, req.session.idHash);
  const created = await ctx.sessions.create(ctx.db, userId, req);
  if (verified) await repo.markSessionVerified(ctx.db, created.idHash);
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

// ---- passkey sign-in (no password) ---------------------------------------------------------------

export async function signInOptions(ctx: AppContext, req: FastifyRequest) {
  await ctx.limiter.consume(MFA_RULES.passkeySignInPerIp, req.ip);
  return passkeys.assertionOptions(ctx, 'signin', null);
}

/** A discoverable passkey with user verification is both factors: the session starts verified. */
export async function signInWithPasskey(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { challenge_id: string; response: Record<string, unknown> },
) {
  await ctx.limiter.consume(MFA_RULES.passkeySignInPerIp, req.ip);
  const userId = await passkeys.verifyAssertion(ctx, input, { purpose: 'signin', userId: null });
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw badRequest('passkeyFailed');
  await startSession(ctx, req, reply, userId, true);
  await recordEvent(ctx.db, {
    userId,
    kind: 'second_factor_login',
    ip: req.ip,
    data: { method: 'passkey_signin' },
  });
  return user;
}

export async function confirmOptions(ctx: AppContext, session: Session) {
  await ctx.limiter.consume(MFA_RULES.setupPerAccount, session.user.id);
  return passkeys.assertionOptions(ctx, 'confirm', session.user.id);
}

export async function registrationOptions(ctx: AppContext, session: Session) {
  await ctx.limiter.consume(MFA_RULES.setupPerAccount, session.user.id);
  return passkeys.registrationOptions(ctx, session.user);
}
