import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  NotificationListQuery,
  NotificationListResponse,
  NotificationPreferencesRequest,
  NotificationPreferencesResponse,
  UnreadCountResponse,
} from '@indiesplit/shared/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import * as notifications from './service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const Ok = z.object({ success: z.literal(true) });

/** The notification centre and its preferences: the logged-in member's own, nobody else's. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get(
    '/notifications/',
    {
      schema: {
        tags,
        summary:
          'My notifications, newest first, a page at a time (`before`: the last id of the page before)',
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return notifications.listNotifications(ctx.db, requireSession(req).user.id, req.query.before);
    },
  );

  r.get(
    '/notifications/unread-count/',
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread (the bell)',
        response: { 200: UnreadCountResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { unread: await notifications.unreadCount(ctx.db, requireSession(req).user.id) };
    },
  );

  r.post(
    '/notifications/:id/read/',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await notifications.markRead(ctx.db, requireSession(req).user.id, req.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/notifications/read-all/',
    { schema: { tags, summary: 'Mark all my notifications read', response: { 200: Ok, ...errors } } },
    async (req) => {
      await notifications.markAllRead(ctx.db, requireSession(req).user.id);
      return { success: true as const };
    },
  );

  r.get(
    '/notifications/preferences/',
    {
      schema: {
        tags,
        summary: 'How I get each type of notification by email: immediately, in a daily digest, or not',
        response: { 200: NotificationPreferencesResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { preferences: await notifications.preferencesOf(ctx.db, requireSession(req).user.id) };
    },
  );

  r.put(
    '/notifications/preferences/',
    {
      schema: {
        tags,
        summary: 'Change how I get some types by email (security and legally required types stay immediate)',
        body: NotificationPreferencesRequest,
        response: { 200: NotificationPreferencesResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      return {
        preferences: await notifications.setPreferences(ctx.db, session.user.id, req.body.preferences),
      };
    },
  );
}
