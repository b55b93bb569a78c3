import { ErrorResponse, MessageResponse } from '@indiesplit/shared/auth';
import { SetOrChangePasswordRequest } from '@indiesplit/shared/oauth';
import { UpdateUserRequest, UserResponse } from '@indiesplit/shared/user';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { ensureRecentAuth } from '../security/step-up.ts';
import * as users from '../users/service.ts';
import * as account from './account.ts';
import * as auth from './service.ts';

// The settings page's address and password (under /user/, as the spec names them); the profile's
// other fields are the users feature's routes.

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.post(
    '/user/update/',
    {
      schema: {
        tags,
        summary: 'Update name, surname, username and email (a new email must be verified again)',
        body: UpdateUserRequest,
        response: { 200: UserResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      // A new address takes the account's mail, resets included: a step-up first (ADR 0015).
      if (normalizeIdentifier(req.body.email) !== normalizeIdentifier(session.user.email)) {
        await ensureRecentAuth(ctx, req);
      }
      const { user, emailChanged } = await account.updateProfile(ctx, session.user.id, req.body, req.ip);
      return {
        success: true as const,
        message: translate(requestLanguage(req), emailChanged ? 'profileUpdatedEmail' : 'profileUpdated'),
        user: users.toUserDto(user),
      };
    },
  );

  r.post(
    '/user/change-password/',
    {
      schema: {
        tags,
        summary: 'Change the password (needs the previous one; signs out other devices)',
        description:
          'An account without a password (made through social sign-in) sets its first one by leaving old_password out.',
        body: SetOrChangePasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      const lang = requestLanguage(req);
      if (req.body.old_password === '') {
        // A first password has no previous one to prove the owner: a recent sign-in must.
        await ensureRecentAuth(ctx, req);
        const hash = await hashPassword(req.body.new_password);
        await account.setFirstPassword(ctx, session.user.id, session.idHash, hash, req.ip);
        return { success: true, message: translate(lang, 'passwordSet') };
      }
      await auth.changePassword(ctx, req, session, req.body);
      return { success: true, message: translate(lang, 'passwordChanged') };
    },
  );
}
