import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Session } from '../../../platform/sessions.ts';
import { MFA_RULES } from '../limits.ts';
import * as passkeys from '../passkeys.ts';

// The challenges a passkey answers: signing in without a password, confirming an action, and
// registering a new one (the second step of a login has its own, in login.ts).

export async function signInOptions(ctx: AppContext, req: FastifyRequest) {
  await ctx.limiter.consume(MFA_RULES.passkeySignInPerIp, req.ip);
  return passkeys.assertionOptions(ctx, 'signin', null);
}

export async function confirmOptions(ctx: AppContext, session: Session) {
  await ctx.limiter.consume(MFA_RULES.setupPerAccount, session.user.id);
  return passkeys.assertionOptions(ctx, 'confirm', session.user.id);
}

export async function registrationOptions(ctx: AppContext, session: Session) {
  await ctx.limiter.consume(MFA_RULES.setupPerAccount, session.user.id);
  return passkeys.registrationOptions(ctx, session.user);
}
