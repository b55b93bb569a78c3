import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Session } from '../../../platform/sessions.ts';
import { confirmPassword, hashRecoveryCode, newRecoveryCodes, notify } from '../factor-changes.ts';
import * as repo from '../repo.ts';
import { hasSecondFactor } from '../service.ts';

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
