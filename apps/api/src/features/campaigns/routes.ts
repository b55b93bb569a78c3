import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  CampaignDetailDto,
  CampaignListQuery,
  CampaignListResponse,
  DEVELOPER_SERVICES,
  KeyInformationVersionDto,
  KeyInformationVersionListDto,
  WatchRequest,
  WatchResponse,
} from '@indiesplit/shared/campaigns';
import {
  BackofficeCampaignDetail,
  BackofficeCampaignList,
  BackofficeCampaignQuery,
  CampaignEditRequest,
  CampaignStatusRequest,
  ServiceStatusRequest,
} from '@indiesplit/shared/campaigns-backoffice';
import { LANGUAGES } from '@indiesplit/shared/messages';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { readImageUpload } from '../../platform/image-upload.ts';
import { moveCampaignStatus } from './commands/move-campaign-status.ts';
import { setServiceStatus } from './commands/set-service-status.ts';
import { updateCampaign } from './commands/update-campaign.ts';
import { uploadCover } from './commands/upload-cover.ts';
import { watchCampaign } from './commands/watch-campaign.ts';
import { authorizeCampaignAdmin } from './policies.ts';
import { getBackofficeCampaign } from './queries/get-backoffice-campaign.ts';
import { getPublicCampaign } from './queries/get-public-campaign.ts';
import { keyInformationPdf } from './queries/key-information-pdf.ts';
import {
  getKeyInformationVersion,
  keyInformationVersionPdf,
  listKeyInformationVersions,
} from './queries/key-information-versions.ts';
import { listBackofficeCampaigns } from './queries/list-backoffice-campaigns.ts';
import { listPublicCampaigns } from './queries/list-public-campaigns.ts';
import { readCover } from './queries/read-cover.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const conflict = { 409: ErrorResponse };

/** The public pages and the back office's campaign screens; one registration in app.ts. */
export async function campaignRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(publicCampaignRoutes, ctx);
  await app.register(backofficeCampaignRoutes, ctx);
}

async function publicCampaignRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];
  const SlugParams = z.object({ slug: z.string().max(100) });

  r.get(
    '/campaigns/',
    {
      schema: {
        tags,
        summary:
          'Public campaigns (live, upcoming or funded): searched by game or studio, filtered by platform, genre and currency, sorted, a page at a time',
        querystring: CampaignListQuery,
        response: { 200: CampaignListResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return listPublicCampaigns(ctx, req.query, requestLanguage(req));
    },
  );

  r.get(
    '/campaigns/:slug',
    {
      schema: {
        tags,
        summary: 'One public campaign with its story, risks and key investment information sheet',
        params: SlugParams,
        response: { 200: CampaignDetailDto, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return getPublicCampaign(ctx, req.params.slug, requestLanguage(req));
    },
  );

  r.get(
    '/campaigns/:slug/key-information.pdf',
    {
      schema: {
        tags,
        summary:
          'The key investment information sheet as a PDF, in English or Italian (default: the request language)',
        params: SlugParams,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        produces: ['application/pdf'],
        response: { 200: z.any().describe('the PDF'), ...errors },
      },
    },
    async (req, reply) => {
      const lang = req.query.lang ?? requestLanguage(req);
      const { fileName, data } = await keyInformationPdf(ctx, req.params.slug, lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-cache')
        .header('content-language', lang)
        .send(Buffer.from(data));
    },
  );

  r.get(
    '/campaigns/:slug/key-information/versions',
    {
      schema: {
        tags,
        summary: "Every version of a campaign's key investment information sheet, newest first",
        params: SlugParams,
        response: { 200: KeyInformationVersionListDto, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return listKeyInformationVersions(ctx, req.params.slug);
    },
  );

  // `:file` is the version's number (JSON) or its number with `.pdf` (the sheet as a PDF, in
  // `?lang=en|it`, else the reader's language). A version never changes once made.
  r.get(
    '/campaigns/:slug/key-information/versions/:file',
    {
      schema: {
        tags,
        summary:
          "One version of a campaign's key investment information sheet (`N` as JSON, `N.pdf` as a PDF)",
        params: SlugParams.extend({ file: z.string().max(20) }),
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        produces: ['application/json', 'application/pdf'],
        response: { 200: KeyInformationVersionDto.or(z.any()), ...errors },
      },
    },
    async (req, reply) => {
      const match = /^(\d{1,9})(\.pdf)?$/.exec(req.params.file);
      if (!match) throw notFound('keyInformationVersionNotFound');
      const lang = req.query.lang ?? requestLanguage(req);
      const number = Number(match[1]);
      reply.header('cache-control', 'public, max-age=300');
      if (!match[2]) return getKeyInformationVersion(ctx, req.params.slug, number, lang);
      const pdf = await keyInformationVersionPdf(ctx, req.params.slug, number, lang);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(`key-information-${req.params.slug}-v${pdf.number}-${lang}.pdf`),
        )
        .header('content-language', lang)
        .send(Buffer.from(pdf.data));
    },
  );

  r.post(
    '/campaigns/:slug/watchers',
    {
      schema: {
        tags,
        summary:
          '"Notify me": an email when this scheduled campaign opens (the same answer if already asked)',
        params: SlugParams,
        body: WatchRequest,
        response: { 200: WatchResponse, ...conflict, ...errors },
      },
    },
    async (req) => {
      const lang = requestLanguage(req);
      await watchCampaign(ctx, req.params.slug, req.body.email, lang, req.ip);
      return { success: true as const, message: translate(lang, 'watchingCampaign') };
    },
  );

  // Covers: random names, re-encoded WebP, public like the pages that show them.
  r.get(
    '/media/covers/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }) } },
    async (req, reply) => {
      const data = await readCover(ctx, req.params.file);
      if (!data) throw notFound();
      return reply
        .type('image/webp')
        .header('content-disposition', 'inline; filename="cover.webp"')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
}

async function backofficeCampaignRoutes(app: FastifyInstance, ctx: AppContext) {
  // Before the body is validated: a visitor gets 401, a member 403 staffOnly, a reviewer 403
  // adminOnly; never field errors.
  app.addHook('onRequest', async (req, reply) => {
    authorizeCampaignAdmin(await requireCaller(ctx, req));
    reply.header('cache-control', 'private, no-store');
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const IdParams = z.object({ id: z.string().max(100) });

  r.get(
    '/backoffice/campaigns',
    {
      schema: {
        tags,
        summary: 'Every campaign, drafts included, most recently changed first (admin)',
        querystring: BackofficeCampaignQuery,
        response: { 200: BackofficeCampaignList, ...errors },
      },
    },
    async (req) => ({ campaigns: await listBackofficeCampaigns(ctx, req.query) }),
  );

  r.get(
    '/backoffice/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'One campaign with its status history and services checklist (admin)',
        params: IdParams,
        response: { 200: BackofficeCampaignDetail, ...errors },
      },
    },
    async (req) => getBackofficeCampaign(ctx, req.params.id),
  );

  r.patch(
    '/backoffice/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Edit texts and terms (admin); money terms, dates and address are frozen once open',
        params: IdParams,
        body: CampaignEditRequest,
        response: { 200: BackofficeCampaignDetail, ...conflict, ...errors },
      },
    },
    async (req) => updateCampaign(ctx, req.params.id, req.body),
  );

  r.post(
    '/backoffice/campaigns/:id/status',
    {
      schema: {
        tags,
        summary: 'Move a campaign (admin moves only): publish, unpublish, cancel, services, launch, complete',
        params: IdParams,
        body: CampaignStatusRequest,
        response: { 200: BackofficeCampaignDetail, ...conflict, ...errors },
      },
    },
    async (req) => moveCampaignStatus(ctx, requireSession(req).user.id, req.params.id, req.body),
  );

  r.put(
    '/backoffice/campaigns/:id/services/:service',
    {
      schema: {
        tags,
        summary: 'Set the progress of one developer service (admin)',
        params: IdParams.extend({ service: z.enum(DEVELOPER_SERVICES) }),
        body: ServiceStatusRequest,
        response: { 200: BackofficeCampaignDetail, ...conflict, ...errors },
      },
    },
    async (req) =>
      setServiceStatus(ctx, requireSession(req).user.id, req.params.id, req.params.service, req.body.status),
  );

  r.post(
    '/backoffice/campaigns/:id/cover',
    {
      schema: {
        tags,
        summary: 'Upload the cover image (multipart field cover: JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: BackofficeCampaignDetail, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const data = await readImageUpload(req, 'cover');
      return uploadCover(ctx, req.params.id, data);
    },
  );
}
