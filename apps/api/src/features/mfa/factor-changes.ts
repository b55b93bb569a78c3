import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@indiesplit/shared/mfa';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { sha256 } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { clearSecondFactorVerified } from '../../platform/sessions.ts';
import { ensureRecentAuth } from '../security/step-up.ts';
import * as users from '../users/service.ts';
import { type FactorChange, noticeFactorChange } from './emails.ts';
import { MFA_RULES } from './limits.ts';
import * as repo from './repo.ts';

// What every change of an account's second factors shares: the password confirmation, the notice
// and audit event, and the recovery codes that come with the first factor and go with the last.

// ---- password confirmation -----------------------------------------------------------------------

/**
 * The current password, with back-off per account. Accounts without one (social only) prove
 * themselves by a recent sign-in instead (the step-up of ADR 0015).
 */
export async function confirmPassword(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  password: string,
) {
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

export async function notify(
  ctx: AppContext,
  tx: Db,
  user: { id: string; email: string; username: string; language: string },
  change: FactorChange,
  ip: string,
) {
  await noticeFactorChange(ctx, tx, user.id, change, ip);
  await recordEvent(tx, { userId: user.id, kind: 'second_factor_changed', ip, data: { change } });
}

/** New recovery codes: 10 × 50 random bits in base32, shown once, stored hashed. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    let code = '';
    for (let i = 0; i < 10; i++) code += alphabet[bytes[i]! & 31];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export const hashRecoveryCode = (code: string) =>
  sha256(`recovery:${code.replace(/[\s-]/g, '').toLowerCase()}`);

/** Gives an account its first recovery codes when it gets its first factor; null when it had some. */
export async function recoveryCodesForFirstFactor(tx: Db, userId: string): Promise<string[] | null> {
  if ((await repo.recoveryCodesLeft(tx, userId)) > 0) return null;
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** After the last factor is gone: no recovery codes, no session counted as verified. */
export async function afterFactorRemoved(tx: Db, userId: string) {
  const f = await repo.factorsOf(tx, userId);
  if (f.totp || f.passkeys > 0) return;
  await repo.replaceRecoveryCodes(tx, userId, []);
  await clearSecondFactorVerified(tx, userId);
}
