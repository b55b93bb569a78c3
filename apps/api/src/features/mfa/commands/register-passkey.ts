import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Session } from '../../../platform/sessions.ts';
import * as users from '../../users/service.ts';
import { notify, recoveryCodesForFirstFactor } from '../factor-changes.ts';
import * as passkeys from '../passkeys.ts';

// Registration of a passkey; the protocol lives in passkeys.ts.

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
