import { ErrorResponse } from '@indiesplit/shared/auth';
import { FeedQuery, FeedResponse } from '@indiesplit/shared/feed';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { memberFeed } from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

/** The logged-in member's feed (ADR 0040): members only, their own. */
export async function feedRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/feed/',
    {
      // A visitor is told to log in before anything about the query is checked.
      onRequest: async (req) => {
        requireSession(req);
      },
      schema: {
        tags: ['feed'],
        summary:
          'My feed, newest first: campaigns opened, updates and milestones of the campaigns I follow or back, news (`cursor`: the `next_cursor` of the page before)',
        querystring: FeedQuery,
        response: { 200: FeedResponse, ...errors },
      },
    },
    async (req, reply) => {
      const session = requireSession(req);
      reply.header('cache-control', 'private, no-store');
      return memberFeed(ctx.db, session.user.id, req.query, requestLanguage(req));
    },
  );
}
