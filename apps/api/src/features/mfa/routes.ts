import { ErrorResponse, LoginResponse, MessageResponse } from '@indiesplit/shared/auth';
import {
  LoginSecondStepRequest,
  MfaStatus,
  PasskeyOptionsResponse,
  PasskeyRegisterRequest,
  PasskeySignInRequest,
  PasswordOnlyRequest,
  RecoveryCodesResponse,
  TotpEnableRequest,
  TotpSetupResponse,
} from '@indiesplit/shared/mfa';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { requireRecentAuth } from '../security/step-up.ts';
import { disableTotp } from './commands/disable-totp.ts';
import { enableTotp } from './commands/enable-totp.ts';
import { confirmOptions, registrationOptions, signInOptions } from './commands/passkey-options.ts';
import { regenerateRecoveryCodes } from './commands/regenerate-recovery-codes.ts';
import { registerPasskey } from './commands/register-passkey.ts';
import { removePasskey } from './commands/remove-passkey.ts';
import { setupTotp } from './commands/setup-totp.ts';
import { signInWithPasskey } from './commands/sign-in-with-passkey.ts';
import { completeLogin, secondStepPasskeyOptions } from './login.ts';
import { status } from './service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};

const EnableResponse = z.object({ recovery_codes: z.array(z.string()).nullable() });

export async function mfaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-factor'];
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/mfa/',
    { schema: { tags, summary: "The account's second factors", response: { 200: MfaStatus, ...errors } } },
    async (req) => status(ctx, requireSession(req)),
  );

  r.post(
    '/mfa/totp/setup',
    {
      schema: {
        tags,
        summary: 'A new authenticator secret, as a QR code and text; off until confirmed',
        response: { 200: TotpSetupResponse, ...errors },
      },
    },
    async (req) => setupTotp(ctx, requireSession(req)),
  );

  r.post(
    '/mfa/totp/enable',
    {
      schema: {
        tags,
        summary: 'Turn the authenticator on with the password and a code from it',
        description: 'Answers the first recovery codes (shown once) when the account had none.',
        body: TotpEnableRequest,
        response: { 200: EnableResponse, ...errors },
      },
    },
    async (req) => enableTotp(ctx, req, requireSession(req), req.body),
  );

  r.post(
    '/mfa/totp/disable',
    {
      schema: {
        tags,
        summary: 'Turn the authenticator off (password needed)',
        body: PasswordOnlyRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await disableTotp(ctx, req, requireSession(req), req.body.password);
      return { success: true, message: translate(requestLanguage(req), 'mfaTotpDisabled') };
    },
  );

  r.post(
    '/mfa/recovery-codes',
    {
      schema: {
        tags,
        summary: 'New recovery codes (password needed); the old ones stop working',
        body: PasswordOnlyRequest,
        response: { 200: RecoveryCodesResponse, ...errors },
      },
    },
    async (req) => ({
      codes: await regenerateRecoveryCodes(ctx, req, requireSession(req), req.body.password),
    }),
  );

  r.post(
    '/mfa/passkeys/options',
    {
      schema: {
        tags,
        summary: 'Options to create a passkey for this account',
        response: { 200: PasskeyOptionsResponse, ...errors },
      },
      // A passkey signs in by itself: adding one needs a recent sign-in or the password (ADR 0015).
      preHandler: requireRecentAuth(ctx),
    },
    async (req) => registrationOptions(ctx, requireSession(req)),
  );

  r.post(
    '/mfa/passkeys',
    {
      schema: {
        tags,
        summary: 'Register a passkey (answers the first recovery codes when the account had none)',
        body: PasskeyRegisterRequest,
        response: { 200: EnableResponse, ...errors },
      },
      preHandler: requireRecentAuth(ctx),
    },
    async (req) => registerPasskey(ctx, req, requireSession(req), req.body),
  );

  r.post(
    '/mfa/passkeys/:id/remove',
    {
      schema: {
        tags,
        summary: 'Remove a passkey (password needed)',
        params: z.object({ id: z.string().max(100) }),
        body: PasswordOnlyRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await removePasskey(ctx, req, requireSession(req), req.params.id, req.body.password);
      return { success: true, message: translate(requestLanguage(req), 'passkeyRemoved') };
    },
  );

  r.post(
    '/mfa/confirm/options',
    {
      schema: {
        tags,
        summary: 'A passkey challenge to confirm an action (a withdrawal)',
        response: { 200: PasskeyOptionsResponse, ...errors },
      },
    },
    async (req) => confirmOptions(ctx, requireSession(req)),
  );

  // ---- login ------------------------------------------------------------------------------------

  r.post(
    '/mfa/login',
    {
      schema: {
        tags,
        summary: 'Second step of a login: an authenticator code, a recovery code or a passkey',
        body: LoginSecondStepRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (req, reply) => {
      const user = await completeLogin(ctx, req, reply, req.body);
      return {
        success: true,
        message: translate(requestLanguage(req), 'loginSuccess'),
        isEmailVerified: user.emailVerifiedAt !== null,
      };
    },
  );

  r.post(
    '/mfa/login/passkey-options',
    {
      schema: {
        tags,
        summary: 'A passkey challenge for the second step of the pending login',
        response: { 200: PasskeyOptionsResponse, ...errors },
      },
    },
    async (req) => secondStepPasskeyOptions(ctx, req),
  );

  r.post(
    '/mfa/signin/options',
    {
      schema: {
        tags,
        summary: 'A challenge to sign in with a passkey, without a username',
        response: { 200: PasskeyOptionsResponse, ...errors },
      },
    },
    async (req) => signInOptions(ctx, req),
  );

  r.post(
    '/mfa/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey',
        body: PasskeySignInRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (req, reply) => {
      const user = await signInWithPasskey(ctx, req, reply, req.body);
      return {
        success: true,
        message: translate(requestLanguage(req), 'loginSuccess'),
        isEmailVerified: user.emailVerifiedAt !== null,
      };
    },
  );
}
