import {
  AuthenticatedResponse,
  CsrfResponse,
  ErrorResponse,
  LoginResponse,
  MessageResponse,
  RecoverPasswordRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  VerifyEmailParams,
} from '@indiesplit/shared/auth';
import { LoginRequest } from '@indiesplit/shared/login';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { termsAcceptanceRequired } from '../legal/queries/terms-status.ts';
import { avatarUrl } from '../users/service.ts';
import * as auth from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get(
    '/auth/csrf_cookie',
    {
      schema: {
        tags,
        summary: 'Issues the csrftoken cookie for the current session',
        response: { 200: CsrfResponse },
      },
    },
    async (req, reply) => ({ csrfToken: ctx.csrf.issue(reply, req.session?.idHash ?? 'anonymous') }),
  );

  r.get(
    '/auth/authenticated/',
    { schema: { tags, summary: 'Who is logged in', response: { 200: AuthenticatedResponse } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = req.session?.user;
      return {
        isAuthenticated: Boolean(user),
        username: user?.username ?? null,
        email: user?.email ?? null,
        id: user?.id ?? null,
        isEmailVerified: user?.emailVerified ?? false,
        profile_picture_url: avatarUrl(user?.avatarKey ?? null),
        // Read fresh, not from the session: a role taken away hides the back-office link at once.
        staff_role: (await callerOf(ctx, req))?.staffRole ?? null,
        termsAcceptanceRequired: user ? await termsAcceptanceRequired(ctx.db, user.id) : false,
      };
    },
  );

  r.post(
    '/auth/',
    {
      schema: {
        tags,
        summary: 'Log in with username or email and password',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { user, secondStep } = await auth.login(ctx, req, reply, req.body);
      if (secondStep.length > 0) {
        return {
          success: true,
          message: translate(requestLanguage(req), 'mfaSecondFactorRequired'),
          isEmailVerified: user.emailVerifiedAt !== null,
          second_factor: { methods: secondStep },
        };
      }
      return {
        success: true,
        message: translate(requestLanguage(req), 'loginSuccess'),
        isEmailVerified: user.emailVerifiedAt !== null,
      };
    },
  );

  r.post(
    '/auth/register/',
    {
      schema: {
        tags,
        summary: 'Create an account and log in',
        body: RegisterRequest,
        response: { 201: RegisterResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const user = await auth.register(ctx, req, reply, req.body, lang);
      return reply.status(201).send({
        success: true as const,
        message: translate(lang, 'registrationSuccess'),
        isEmailVerified: false,
        id: user.id,
      });
    },
  );

  r.post(
    '/auth/logout/',
    { schema: { tags, summary: 'End the session', response: { 200: MessageResponse, 403: ErrorResponse } } },
    async (req, reply) => {
      await auth.logout(ctx, req, reply);
      return { success: true, message: translate(requestLanguage(req), 'logoutSuccess') };
    },
  );

  r.get(
    '/auth/verify-email/:user_id/:verification_code/',
    {
      schema: {
        tags,
        summary: 'Confirm an email address with the code from the verification email',
        description:
          'A GET because the emailed link lands on the web app, which calls it; idempotent and bound to a secret code.',
        params: VerifyEmailParams,
        response: { 200: MessageResponse, 404: ErrorResponse, 410: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      await auth.verifyEmail(ctx, req, req.params.user_id, req.params.verification_code);
      return { success: true, message: translate(requestLanguage(req), 'emailVerified') };
    },
  );

  r.post(
    '/auth/recover-password/',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (same answer for unknown addresses)',
        body: RecoverPasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req, reply) => {
      await auth.recoverPassword(ctx, req, reply, req.body.email);
      return { success: true, message: translate(requestLanguage(req), 'resetLinkSent') };
    },
  );

  r.post(
    '/auth/reset-password/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, 404: ErrorResponse, 410: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      await auth.resetPassword(ctx, req, req.body);
      return { success: true, message: translate(requestLanguage(req), 'passwordReset') };
    },
  );

  r.post(
    '/auth/resend-verification-email/',
    {
      schema: {
        tags,
        summary: 'Send the verification email again (180 s cooldown); takes no body',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await auth.resendVerification(ctx, req, requireSession(req));
      return { success: true, message: translate(requestLanguage(req), 'verificationSent') };
    },
  );
}
