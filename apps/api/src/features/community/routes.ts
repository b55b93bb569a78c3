import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  CampaignPostsQuery,
  CampaignPostsResponse,
  HidePostRequest,
  MyStudioProfile,
  NewPostRequest,
  NewReplyRequest,
  PinPostRequest,
  PostCreatedResponse,
  ReportedPostsResponse,
  ReportPostRequest,
  StudioPage,
  StudioProfileRequest,
} from '@indiesplit/shared/community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { readImageUpload } from '../../platform/image-upload.ts';
import * as community from './service.ts';
import * as studios from './studios.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
const Ok = z.object({ success: z.literal(true) });
const Slug = z.object({ slug: z.string().min(1).max(120) });
const Id = z.object({ id: z.uuid() });

/** Questions and comments on campaign pages, and their moderation (ADR 0038). */
export async function communityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['community'];
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  r.get(
    '/campaigns/:slug/posts',
    {
      schema: {
        tags,
        summary:
          'The questions and comments of a campaign page: pinned first, then newest, with their replies and badges; how many questions are unanswered',
        params: Slug,
        querystring: CampaignPostsQuery,
        response: { 200: CampaignPostsResponse, ...errors },
      },
    },
    async (req) => community.listPosts(ctx, await callerOf(ctx, req), req.params.slug, req.query.page),
  );

  r.post(
    '/campaigns/:slug/posts',
    {
      schema: {
        tags,
        summary: 'Ask a question or write a comment (verified email; rate-limited and capped per day)',
        params: Slug,
        body: NewPostRequest,
        response: { 201: PostCreatedResponse, ...errors },
      },
    },
    async (req, reply) => {
      const caller = await requireCaller(ctx, req);
      const created = await community.postThread(ctx, caller, req.params.slug, req.body, req.ip);
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/community/posts/:id/replies',
    {
      schema: {
        tags,
        summary:
          'Reply under the first post of a thread (one level deep); the studio’s reply answers a question',
        params: Id,
        body: NewReplyRequest,
        response: { 201: PostCreatedResponse, ...errors },
      },
    },
    async (req, reply) => {
      const caller = await requireCaller(ctx, req);
      const created = await community.reply(ctx, caller, req.params.id, req.body.body, req.ip);
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/community/posts/:id/report',
    {
      schema: {
        tags,
        summary: 'Report a post to the moderators',
        params: Id,
        body: ReportPostRequest,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await community.report(ctx, await requireCaller(ctx, req), req.params.id, req.body.reason);
      return { success: true as const };
    },
  );

  await app.register(moderationRoutes, ctx);

  r.get(
    '/studios/:username',
    {
      schema: {
        tags,
        summary: 'A studio’s public page: name, logo, bio, links, its campaigns and their outcomes',
        params: z.object({ username: z.string().min(1).max(60) }),
        response: { 200: StudioPage, ...errors },
      },
    },
    async (req) => studios.getStudioPage(ctx, req.params.username),
  );
  r.get(
    '/campaigns/:slug/studio',
    {
      schema: {
        tags,
        summary: 'Whose studio page a campaign links to',
        params: Slug,
        response: { 200: z.object({ username: z.string() }), ...errors },
      },
    },
    async (req) => studios.studioOfCampaign(ctx, req.params.slug),
  );
  r.get(
    '/studios/media/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }) } },
    async (req, reply) => {
      const data = await studios.readStudioLogo(ctx, req.params.file);
      if (!data) throw notFound();
      return reply
        .type('image/webp')
        .header('content-disposition', 'inline; filename="logo.webp"')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
  r.get(
    '/studio-profile/',
    {
      schema: { tags, summary: 'Your studio profile', response: { 200: MyStudioProfile, ...errors } },
    },
    async (req) => studios.getMyStudioProfile(ctx, requireSession(req).user.id),
  );
  r.put(
    '/studio-profile/',
    {
      schema: {
        tags,
        summary: 'Edit your studio profile: bio (plain text) and up to 5 https links',
        body: StudioProfileRequest,
        response: { 200: MyStudioProfile, ...errors },
      },
    },
    async (req) => studios.updateMyStudioProfile(ctx, requireSession(req).user.id, req.body),
  );
  r.post(
    '/studio-profile/logo',
    {
      schema: {
        tags,
        summary: 'Upload your studio logo (multipart field logo: JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: MyStudioProfile, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const userId = requireSession(req).user.id;
      const data = await readImageUpload(req, 'logo');
      return studios.setMyStudioLogo(ctx, userId, data);
    },
  );
}

async function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const moderator = async (req: Parameters<typeof requireCaller>[1]) => {
    const caller = await requireCaller(ctx, req);
    community.assertModerator(caller);
    return { id: caller.id, role: 'admin' as const };
  };
  // Before the body is validated: a visitor gets 401, a member or reviewer 403, never field errors.
  app.addHook('onRequest', async (req) => {
    await moderator(req);
  });

  r.get(
    '/backoffice/community/reports',
    {
      schema: {
        tags,
        summary: 'Posts with open reports, most reported first',
        response: { 200: ReportedPostsResponse, ...errors },
      },
    },
    async () => ({ posts: await community.listReportedPosts(ctx) }),
  );

  r.post(
    '/backoffice/community/posts/:id/hide',
    {
      schema: {
        tags,
        summary: 'Hide a post with a reason its author is shown',
        params: Id,
        body: HidePostRequest,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await community.hidePost(ctx, await moderator(req), req.params.id, req.body.reason);
      return { success: true as const };
    },
  );

  r.post(
    '/backoffice/community/posts/:id/unhide',
    {
      schema: { tags, summary: 'Show a hidden post again', params: Id, response: { 200: Ok, ...errors } },
    },
    async (req) => {
      await community.unhidePost(ctx, await moderator(req), req.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/backoffice/community/posts/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Leave a reported post up and settle its reports',
        params: Id,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await community.dismissReports(ctx, await moderator(req), req.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/backoffice/community/posts/:id/pin',
    {
      schema: {
        tags,
        summary: 'Pin a thread to the top of its campaign page, or unpin it',
        params: Id,
        body: PinPostRequest,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await community.pinPost(ctx, await moderator(req), req.params.id, req.body.pinned);
      return { success: true as const };
    },
  );
}
