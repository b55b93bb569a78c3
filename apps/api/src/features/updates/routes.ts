import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  FollowResponse,
  UpdateDto,
  UpdateListQuery,
  UpdateListResponse,
  UpdateRequest,
  UpdateSourceDto,
} from '@indiesplit/shared/updates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { readImageUpload } from '../../platform/image-upload.ts';
import * as updates from './service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const SlugParams = z.object({ slug: z.string().max(100) });
const UpdateParams = z.object({ slug: z.string().max(100), id: z.string().max(64) });

/** Campaign updates (public list, the studio's posting) and follows. */
export async function updateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['updates'];

  r.get(
    '/campaigns/:slug/updates/',
    {
      schema: {
        tags,
        summary:
          "A campaign's updates, newest first, a page at a time (investors-only ones for its investors and studio)",
        params: SlugParams,
        querystring: UpdateListQuery,
        response: { 200: UpdateListResponse, ...errors },
      },
    },
    async (req, reply) => {
      // Who sees what depends on the caller: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      const caller = await callerOf(ctx, req);
      return updates.listUpdates(ctx, req.params.slug, caller, req.query.page, requestLanguage(req));
    },
  );

  r.get(
    '/campaigns/:slug/updates/:id/',
    {
      schema: {
        tags,
        summary: 'One update; for the studio also its sources in both languages',
        params: UpdateParams,
        response: { 200: z.object({ update: UpdateDto, source: UpdateSourceDto.nullable() }), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const caller = await callerOf(ctx, req);
      const { dto, source } = await updates.getUpdate(
        ctx,
        req.params.slug,
        req.params.id,
        caller,
        requestLanguage(req),
      );
      return {
        update: dto,
        source: source && {
          id: source.id,
          visibility: source.visibility as 'public' | 'investors',
          title_en: source.titleEn,
          body_en: source.bodyEn,
          title_it: source.titleIt,
          body_it: source.bodyIt,
          created_at: source.createdAt.toISOString(),
          edited_at: source.editedAt ? source.editedAt.toISOString() : null,
        },
      };
    },
  );

  r.post(
    '/campaigns/:slug/updates/',
    {
      schema: {
        tags,
        summary:
          "Post an update on the studio's campaign (Markdown; notifies investors, and followers when public)",
        params: SlugParams,
        body: UpdateRequest,
        response: { 201: UpdateDto, ...errors },
      },
    },
    async (req, reply) => {
      const caller = await requireCaller(ctx, req);
      const dto = await updates.postUpdate(ctx, req.params.slug, caller, req.body, requestLanguage(req));
      return reply.code(201).send(dto);
    },
  );

  r.put(
    '/campaigns/:slug/updates/:id/',
    {
      schema: {
        tags,
        summary: 'Edit an update (it shows as edited; nobody is notified again)',
        params: UpdateParams,
        body: UpdateRequest,
        response: { 200: UpdateDto, ...errors },
      },
    },
    async (req) => {
      const caller = await requireCaller(ctx, req);
      return updates.editUpdate(ctx, req.params.slug, req.params.id, caller, req.body, requestLanguage(req));
    },
  );

  r.post(
    '/campaigns/:slug/updates/images/',
    {
      schema: {
        tags,
        summary: 'Upload an image for an update (multipart field image: JPEG, PNG or WebP, at most 5 MB)',
        params: SlugParams,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ url: z.string() }), 413: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const caller = await requireCaller(ctx, req);
      const data = await readImageUpload(req, 'image');
      return reply.code(201).send(await updates.uploadUpdateImage(ctx, req.params.slug, caller, data));
    },
  );

  r.get(
    '/media/updates/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }) } },
    async (req, reply) => {
      const data = await updates.readUpdateImage(ctx, req.params.file);
      if (!data) throw notFound();
      return reply
        .type('image/webp')
        .header('content-disposition', 'inline; filename="image.webp"')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );

  r.get(
    '/campaigns/:slug/follow/',
    {
      schema: {
        tags,
        summary: 'Whether I follow the campaign',
        params: SlugParams,
        response: { 200: FollowResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return updates.followState(ctx, req.params.slug, await requireCaller(ctx, req));
    },
  );

  r.put(
    '/campaigns/:slug/follow/',
    {
      schema: {
        tags,
        summary: 'Follow a campaign, in any state: its updates and milestones reach me by my preferences',
        params: SlugParams,
        response: { 200: FollowResponse, ...errors },
      },
    },
    async (req) => updates.setFollow(ctx, req.params.slug, await requireCaller(ctx, req), true),
  );

  r.delete(
    '/campaigns/:slug/follow/',
    {
      schema: {
        tags,
        summary: 'Stop following a campaign',
        params: SlugParams,
        response: { 200: FollowResponse, ...errors },
      },
    },
    async (req) => updates.setFollow(ctx, req.params.slug, await requireCaller(ctx, req), false),
  );
}
