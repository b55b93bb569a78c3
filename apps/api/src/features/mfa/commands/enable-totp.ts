import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { markSecondFactorVerified, type Session } from '../../../platform/sessions.ts';
import { confirmPassword, notify, recoveryCodesForFirstFactor } from '../factor-changes.ts';
import { MFA_RULES } from '../limits.ts';
import { useTotpCode } from '../totp-codes.ts';

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
      await markSecondFactorVerified(tx, session.idHash);
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
