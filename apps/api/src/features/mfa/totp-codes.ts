import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@indiesplit/shared/mfa';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import { open } from './secret-box.ts';

// Authenticator app codes (RFC 6238): the TOTP of a secret, and checking a code exactly once.

const ISSUER = 'IndieSplit';

/** One step either side: a phone clock 30 s off still works, a code is never good for long. */
const DRIFT_STEPS = 1;

export function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
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
export async function useTotpCode(ctx: AppContext, db: Db, userId: string, code: string, enable: boolean) {
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
