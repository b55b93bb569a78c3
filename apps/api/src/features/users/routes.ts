import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  LanguageRequest,
  LanguageResponse,
  Subscriptions,
  SubscriptionsResponse,
  UserResponse,
} from '@indiesplit/shared/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { readImageUpload } from '../../platform/image-upload.ts';
import * as users from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.get(
    '/user/',
    { schema: { tags, summary: 'The logged-in user', response: { 200: UserResponse, ...errors } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await users.getUser(ctx, requireSession(req).user.id);
      return { success: true as const, user: users.toUserDto(user) };
    },
  );

  r.post(
    '/user/update-profile-picture/',
    {
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field profile_picture: JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: UserResponse, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      const data = await readImageUpload(req, 'profile_picture');
      const user = await users.replaceAvatar(ctx, session.user.id, data);
      return {
        success: true as const,
        message: translate(requestLanguage(req), 'avatarUpdated'),
        user: users.toUserDto(user),
      };
    },
  );

  r.get(
    '/user/subscriptions/',
    {
      schema: {
        tags,
        summary: 'Newsletter and indie project update subscriptions',
        response: { 200: SubscriptionsResponse, ...errors },
      },
    },
    async (req) => {
      const user = await users.getUser(ctx, requireSession(req).user.id);
      return {
        success: true as const,
        newsletter: user.newsletter,
        indie_project_updates: user.indieProjectUpdates,
      };
    },
  );

  r.post(
    '/user/subscriptions/',
    {
      schema: {
        tags,
        summary: 'Change subscriptions',
        body: Subscriptions,
        response: { 200: SubscriptionsResponse, ...errors },
      },
    },
    async (req) => {
      const user = await users.setSubscriptions(ctx, requireSession(req).user.id, req.body);
      return {
        success: true as const,
        newsletter: user.newsletter,
        indie_project_updates: user.indieProjectUpdates,
      };
    },
  );

  r.post(
    '/user/language/',
    {
      schema: {
        tags,
        summary: 'The language of the account: emails are written in it',
        body: LanguageRequest,
        response: { 200: LanguageResponse, ...errors },
      },
    },
    async (req) => {
      await users.setLanguage(ctx.db, requireSession(req).user.id, req.body.language);
      return { success: true as const, language: req.body.language };
    },
  );

  // Avatars: random names, re-encoded WebP, never sniffed (helmet sets nosniff on every answer).
  r.get(
    '/media/avatars/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }) } },
    async (req, reply) => {
      const data = await ctx.storage.get(`avatars/${req.params.file}`);
      if (!data) throw notFound();
      return reply
        .type('image/webp')
        .header('content-disposition', 'inline; filename="avatar.webp"')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
}
