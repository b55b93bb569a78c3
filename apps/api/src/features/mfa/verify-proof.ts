import type { MfaMethod, SecondFactorProof } from '@indiesplit/shared/mfa';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { hashRecoveryCode } from './factor-changes.ts';
import { MFA_RULES } from './limits.ts';
import * as passkeys from './passkeys.ts';
import * as repo from './repo.ts';
import { useTotpCode } from './totp-codes.ts';

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
