import { ErrorResponse, MessageResponse } from '@indiesplit/shared/auth';
import {
  ReauthRequest,
  SessionList,
  SessionParams,
  UndoChangeRequest,
  UndoChangeResponse,
} from '@indiesplit/shared/security';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { undoSensitiveChange } from './changes.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.ts';
import { reauthenticate } from './step-up.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

export async function securityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['security'];

  r.post(
    '/auth/reauth',
    {
      // A visitor gets 401 before the body is looked at.
      onRequest: async (req) => void requireSession(req),
      schema: {
        tags,
        summary: 'Confirm the password: sensitive actions are allowed for the next 10 minutes',
        body: ReauthRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await reauthenticate(ctx, req, requireSession(req), { password: req.body.password });
      return { success: true, message: translate(requestLanguage(req), 'reauthConfirmed') };
    },
  );

  r.post(
    '/auth/undo-change',
    {
      schema: {
        tags,
        summary: 'Undo a sensitive change with the link sent to the previous address; signs out everywhere',
        description: 'Works once, for 72 hours. 404 for an unknown or used link, 410 for an expired one.',
        body: UndoChangeRequest,
        response: { 200: UndoChangeResponse, 409: ErrorResponse, 410: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const outcome = await undoSensitiveChange(ctx, req.body.token, req.ip);
      // Whoever clicked is signed out too: the account starts again from a clean login.
      ctx.sessions.clearCookie(reply);
      ctx.csrf.issue(reply, 'anonymous');
      const resetSent = outcome === 'undone_reset_sent';
      return {
        success: true as const,
        message: translate(requestLanguage(req), resetSent ? 'changeUndonePassword' : 'changeUndone'),
        password_reset_sent: resetSent,
      };
    },
  );

  r.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        summary: "The member's active sessions, most recently seen first",
        response: { 200: SessionList, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await listSessions(ctx, requireSession(req)) };
    },
  );

  r.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one session (this one too, when named)',
        params: SessionParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { current } = await revokeSession(ctx, req, requireSession(req), req.params.id);
      if (current) {
        ctx.sessions.clearCookie(reply);
        ctx.csrf.issue(reply, 'anonymous');
      }
      return { success: true, message: translate(requestLanguage(req), 'sessionRevoked') };
    },
  );

  r.post(
    '/auth/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Sign out every session but this one',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await revokeOtherSessions(ctx, req, requireSession(req));
      return { success: true, message: translate(requestLanguage(req), 'otherSessionsRevoked') };
    },
  );
}
