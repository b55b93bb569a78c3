import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Session } from '../../../platform/sessions.ts';
import { afterFactorRemoved, confirmPassword, notify } from '../factor-changes.ts';
import * as repo from '../repo.ts';

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
