import type { Language } from '@indiesplit/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import { RULES } from '../../platform/rate-limit.ts';
import type { Session } from '../../platform/sessions.ts';
import type * as users from '../users/service.ts';
import { InvalidIdToken, verifyGoogleIdToken } from './google.ts';
import {
  type LoginOutcome,
  linkIdentity,
  loginWithIdentity,
  type ProviderIdentity,
  refuseUnusableFirstSignIn,
  type SignUpInput,
  signUpWithIdentity,
} from './identity.ts';

// Google: the browser hands us an ID token, verified here, then the shared identity rules apply.

async function googleIdentity(
  ctx: AppContext,
  credential: string,
): Promise<ProviderIdentity & { name: string | null; picture: string | null }> {
  const google = ctx.config.google;
  if (!google) throw notFound('socialProviderDisabled');
  try {
    const claims = await verifyGoogleIdToken(google, credential);
    return {
      provider: 'google',
      subject: claims.subject,
      email: claims.email,
      emailVerified: claims.emailVerified && claims.email !== null,
      displayName: claims.name,
      name: claims.name,
      picture: claims.picture,
    };
  } catch (err) {
    if (!(err instanceof InvalidIdToken)) throw err;
    ctx.log.info({ reason: err.message }, 'google id token refused');
    throw unauthorized('googleLoginFailed');
  }
}

export async function googleLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  credential: string,
): Promise<LoginOutcome> {
  await ctx.limiter.consume(RULES.oauthLoginPerIp, req.ip);
  const identity = await googleIdentity(ctx, credential);
  const login = await loginWithIdentity(ctx, req, reply, identity, 'googleLoginFailed');
  if (login) return { kind: 'loggedIn', ...login };
  await refuseUnusableFirstSignIn(ctx, identity);
  return {
    kind: 'notFound',
    google: { email: identity.email!, name: identity.name, picture: identity.picture },
  };
}

export async function googleSignUp(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  credential: string,
  input: SignUpInput,
  lang: Language,
): Promise<users.UserRow> {
  await ctx.limiter.consume(RULES.oauthSignupPerIp, req.ip);
  const identity = await googleIdentity(ctx, credential);
  return signUpWithIdentity(ctx, req, reply, identity, input, lang, null);
}

export async function linkGoogle(ctx: AppContext, req: FastifyRequest, session: Session, credential: string) {
  await ctx.limiter.consume(RULES.oauthLinkPerAccount, session.user.id);
  const identity = await googleIdentity(ctx, credential);
  await linkIdentity(ctx, req, session.user.id, identity, null);
}
