import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordEvent } from '../../../platform/audit.ts';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import * as users from '../../users/service.ts';
import { MFA_RULES } from '../limits.ts';
import { startSession } from '../login.ts';
import * as passkeys from '../passkeys.ts';

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
