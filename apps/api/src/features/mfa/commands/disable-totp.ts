import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Session } from '../../../platform/sessions.ts';
import { afterFactorRemoved, confirmPassword, notify } from '../factor-changes.ts';
import * as repo from '../repo.ts';

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
