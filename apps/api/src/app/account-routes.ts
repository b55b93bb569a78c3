import { ErrorResponse, MessageResponse } from '@indiesplit/shared/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ensureRecentAuth } from '../features/security/step-up.ts';
import type { AppContext } from '../platform/context.ts';
import { requireSession } from '../platform/http.ts';
import { requestLanguage, translate } from '../platform/i18n.ts';
import { deleteAccount, erasePersonalData } from './erase-account.ts';

// The two erasure routes of the account page; the work is orchestrated by erase-account.ts.

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function accountErasureRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.delete(
    '/user/delete-all-data/',
    {
      schema: {
        tags,
        summary: 'Erase personal data (profile, avatar, subscriptions, emails, IP logs); the account remains',
        response: { 200: MessageResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      await ensureRecentAuth(ctx, req);
      await erasePersonalData(ctx, requireSession(req).user.id);
      return { success: true, message: translate(requestLanguage(req), 'dataDeleted') };
    },
  );

  r.delete(
    '/user/delete/',
    {
      schema: {
        tags,
        summary: 'Delete the account: personal data erased, sessions ended, kept records pseudonymised',
        response: { 200: MessageResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      await ensureRecentAuth(ctx, req);
      await deleteAccount(ctx, requireSession(req).user.id);
      ctx.sessions.clearCookie(reply);
      ctx.csrf.issue(reply, 'anonymous');
      return { success: true, message: translate(requestLanguage(req), 'accountDeleted') };
    },
  );
}
