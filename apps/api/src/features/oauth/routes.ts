import { ErrorResponse } from '@indiesplit/shared/auth';
import type { MessageKey } from '@indiesplit/shared/messages';
import {
  DiscordCallbackQuery,
  DiscordReferenceRequest,
  DiscordSignUpRequest,
  DiscordStartQuery,
  GoogleCredentialRequest,
  GoogleSignUpRequest,
  ProvidersResponse,
  SocialConnectionsResponse,
  SocialLoginResponse,
  SocialNotFoundResponse,
  SocialProviderParams,
  SocialSignUpResponse,
} from '@indiesplit/shared/oauth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { ensureRecentAuth } from '../security/step-up.ts';
import { discordCallback, discordLogin, discordSignUp, linkDiscord, startDiscord } from './discord-flow.ts';
import { googleLogin, googleSignUp, linkGoogle } from './google-flow.ts';
import type { LoginOutcome } from './identity.ts';
import { connections, providers, unlink } from './service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};

function loginAnswer(req: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) {
  const lang = requestLanguage(req);
  if (outcome.kind === 'notFound') {
    // The spec's 404 for a first-time social sign-in, with what the provider told us to prefill
    // /register; the error shape is the usual one, so clients that only read `code` still work.
    const code: MessageKey = 'socialAccountNotFound';
    const message = translate(lang, code);
    return reply.status(404).send({
      success: false as const,
      code,
      message,
      error: message,
      ...(outcome.google ? { google_user_info: outcome.google } : {}),
      ...(outcome.discord ? { discord_user_info: outcome.discord } : {}),
    });
  }
  const isEmailVerified = outcome.user.emailVerifiedAt !== null;
  const pending = outcome.secondStep.length > 0;
  return reply.send({
    success: true as const,
    message: translate(lang, pending ? 'mfaSecondFactorRequired' : 'loginSuccess'),
    isEmailVerified,
    user: { isEmailVerified },
    ...(pending ? { second_factor: { methods: outcome.secondStep } } : {}),
  });
}

export async function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social sign-in'];

  r.get(
    '/auth/providers/',
    {
      schema: {
        tags,
        summary: 'Which social sign-in providers are configured (the web app shows only those buttons)',
        response: { 200: ProvidersResponse },
      },
    },
    async () => providers(ctx.config),
  );

  r.post(
    '/auth/google/',
    {
      schema: {
        tags,
        summary: 'Log in with a Google ID token (the sign-in button’s credential)',
        description:
          'The token is verified on the server (signature, iss, aud, exp). 404 with google_user_info when no account has this Google identity yet.',
        body: GoogleCredentialRequest,
        response: { 200: SocialLoginResponse, 404: SocialNotFoundResponse, ...errors },
      },
    },
    async (req, reply) => loginAnswer(req, reply, await googleLogin(ctx, req, reply, req.body.credential)),
  );

  r.post(
    '/auth/google/signup/',
    {
      schema: {
        tags,
        summary: 'Create an account from a Google ID token and log in',
        body: GoogleSignUpRequest,
        response: { 201: SocialSignUpResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const { credential, ...input } = req.body;
      const user = await googleSignUp(ctx, req, reply, credential, input, lang);
      return reply.status(201).send({
        success: true as const,
        message: translate(lang, 'registrationSuccess'),
        isEmailVerified: user.emailVerifiedAt !== null,
        id: user.id,
      });
    },
  );

  r.get(
    '/auth/discord/start',
    {
      schema: {
        tags,
        summary: 'Send the browser to Discord (state and PKCE bound to this browser)',
        description:
          'purpose=link connects Discord to the logged-in account; from= picks the page to return to.',
        querystring: DiscordStartQuery,
      },
    },
    async (req, reply) => {
      const target = await startDiscord(ctx, req, reply, req.query);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  r.get(
    '/auth/discord/callback',
    {
      schema: {
        tags,
        summary: 'Discord returns here; the code is exchanged on the server',
        description:
          'Redirects to the web app with a one-time reference (discord_ref) or an error (oauth_error); changes no login state.',
        querystring: DiscordCallbackQuery,
      },
    },
    async (req, reply) => {
      const target = await discordCallback(ctx, req, req.query);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  r.post(
    '/auth/discord/',
    {
      schema: {
        tags,
        summary: 'Log in with the one-time reference of a finished Discord authorization',
        description:
          'access_token is the reference the callback handed the web app, not a Discord token. 404 with discord_user_info when no account has this Discord identity yet.',
        body: DiscordReferenceRequest,
        response: { 200: SocialLoginResponse, 404: SocialNotFoundResponse, ...errors },
      },
    },
    async (req, reply) => loginAnswer(req, reply, await discordLogin(ctx, req, reply, req.body.access_token)),
  );

  r.post(
    '/auth/discord/signup/',
    {
      schema: {
        tags,
        summary: 'Create an account from a Discord reference and log in (the reference is then used up)',
        body: DiscordSignUpRequest,
        response: { 201: SocialSignUpResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const { access_token, ...input } = req.body;
      const user = await discordSignUp(ctx, req, reply, access_token, input, lang);
      return reply.status(201).send({
        success: true as const,
        message: translate(lang, 'registrationSuccess'),
        isEmailVerified: user.emailVerifiedAt !== null,
        id: user.id,
      });
    },
  );

  const connectionsAnswer = async (req: FastifyRequest, userId: string, message?: MessageKey) => ({
    success: true as const,
    ...(message ? { message: translate(requestLanguage(req), message) } : {}),
    ...(await connections(ctx.db, userId)),
  });

  r.get(
    '/user/social-connections/',
    {
      schema: {
        tags,
        summary: 'The social accounts linked to the logged-in account',
        response: { 200: SocialConnectionsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return connectionsAnswer(req, requireSession(req).user.id);
    },
  );

  r.post(
    '/user/social-connections/google/',
    {
      schema: {
        tags,
        summary: 'Connect a Google account (its ID token) to the logged-in account',
        body: GoogleCredentialRequest,
        response: { 200: SocialConnectionsResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      await ensureRecentAuth(ctx, req);
      await linkGoogle(ctx, req, session, req.body.credential);
      return connectionsAnswer(req, session.user.id, 'socialConnected');
    },
  );

  r.post(
    '/user/social-connections/discord/',
    {
      schema: {
        tags,
        summary: 'Connect Discord with the reference of an authorization started with purpose=link',
        body: DiscordReferenceRequest,
        response: { 200: SocialConnectionsResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      await ensureRecentAuth(ctx, req);
      await linkDiscord(ctx, req, session, req.body.access_token);
      return connectionsAnswer(req, session.user.id, 'socialConnected');
    },
  );

  r.delete(
    '/user/social-connections/:provider/',
    {
      schema: {
        tags,
        summary: 'Disconnect a provider; 409 when it is the account’s last way to log in',
        params: SocialProviderParams,
        response: { 200: SocialConnectionsResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      await ensureRecentAuth(ctx, req);
      await unlink(ctx, req, session.user.id, req.params.provider);
      return connectionsAnswer(req, session.user.id, 'socialDisconnected');
    },
  );
}
