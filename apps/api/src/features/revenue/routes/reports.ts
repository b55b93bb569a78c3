import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  BackofficeReportQuery,
  DeveloperCampaignList,
  DeveloperReportsResponse,
  REVIEW_COMMENT_MAX,
  ReturnReportRequest,
  RevenueReportDto,
  RevenueReportInput,
  RevenueReportList,
  STATEMENT_MAX_BYTES,
  VerifyReportRequest,
} from '@indiesplit/shared/revenue';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../../platform/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { requireSession } from '../../../platform/http.ts';
import { editReport } from '../commands/edit-report.ts';
import { fileReport } from '../commands/file-report.ts';
import { returnReport } from '../commands/return-report.ts';
import { uploadStatement } from '../commands/upload-statement.ts';
import { verifyReport } from '../commands/verify-report.ts';
import { actorFrom, requireAdmin } from '../policies.ts';
import { downloadStatement } from '../queries/download-statement.ts';
import { getReport } from '../queries/get-report.ts';
import { listCampaignReports } from '../queries/list-campaign-reports.ts';
import { listForBackoffice } from '../queries/list-for-backoffice.ts';
import { listMyCampaigns } from '../queries/list-my-campaigns.ts';
import * as access from '../report-access.ts';
import type { StatementUpload } from '../statement-file.ts';

// Revenue reports: developers file them, admins verify or send them back.

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const refusals = { 409: ErrorResponse, 422: ErrorResponse };
const Params = z.object({ id: z.string().max(100) });

/** A blank comment is named as such, next to the field. */
const ReturnBody = ReturnReportRequest.extend({
  comment: z
    .string({ error: 'reviewCommentRequired' })
    .trim()
    .min(1, 'reviewCommentRequired')
    .max(REVIEW_COMMENT_MAX, 'invalidValue'),
});

/**
 * Reads the one file field `statement`. The app's multipart limit (5 MB) is for avatars;
 * statements may be up to STATEMENT_MAX_BYTES. Other files and fields are skipped.
 */
async function readStatement(req: FastifyRequest): Promise<StatementUpload> {
  const missing = () => badRequest('statementTypeInvalid', { statement: 'statementTypeInvalid' });
  if (!req.isMultipart()) throw missing();
  let upload: StatementUpload | null = null;
  const parts = req.parts({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'statement' || upload) {
      part.file.resume();
      continue;
    }
    try {
      upload = { data: await part.toBuffer(), fileName: part.filename };
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('statementTypeInvalid', 413, { fields: { statement: 'statementTypeInvalid' } });
      }
      throw err;
    }
  }
  if (!upload) throw missing();
  return upload;
}

export async function revenueReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['revenue'];
  const userOf = (req: FastifyRequest) => requireSession(req).user.id;
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  // Who may act is settled before the body is read: a visitor gets 401, a stranger 403 (or 404 for
  // an unknown id), never field errors about a form they may not send.
  const campaignGuard = async (req: FastifyRequest) =>
    access.checkCampaignAccess(ctx, userOf(req), (req.params as { id: string }).id);
  const reportGuard = async (req: FastifyRequest) =>
    access.checkReportAccess(ctx, userOf(req), (req.params as { id: string }).id);

  await app.register(reportBackofficeRoutes, ctx);

  r.get(
    '/my-campaigns/',
    {
      schema: {
        tags,
        summary: "The caller's funded and launched campaigns, with the report that is due",
        response: { 200: DeveloperCampaignList, ...errors },
      },
    },
    async (req) => ({ campaigns: await listMyCampaigns(ctx, userOf(req)) }),
  );

  r.get(
    '/my-campaigns/:id/revenue-reports/',
    {
      schema: {
        tags,
        summary: "A campaign's revenue reports (its developer or an admin)",
        params: Params,
        response: { 200: DeveloperReportsResponse, ...errors },
      },
    },
    async (req) => listCampaignReports(ctx, userOf(req), req.params.id),
  );

  r.post(
    '/my-campaigns/:id/revenue-reports',
    {
      onRequest: campaignGuard,
      schema: {
        tags,
        summary: 'File a report of a month or quarter (regular) or correct a verified one (adjustment)',
        params: Params,
        body: RevenueReportInput,
        response: { 201: RevenueReportDto, ...refusals, ...errors },
      },
    },
    async (req, reply) => {
      const dto = await fileReport(ctx, userOf(req), req.params.id, req.body);
      return reply.status(201).send(dto);
    },
  );

  r.get(
    '/revenue-reports/:id',
    {
      schema: {
        tags,
        summary: 'One revenue report with its lines and, once verified, its distribution',
        params: Params,
        response: { 200: RevenueReportDto, ...errors },
      },
    },
    async (req) => getReport(ctx, userOf(req), req.params.id),
  );

  r.put(
    '/revenue-reports/:id',
    {
      onRequest: reportGuard,
      schema: {
        tags,
        summary: 'Edit a report waiting for review or sent back; it is submitted again',
        params: Params,
        body: RevenueReportInput,
        response: { 200: RevenueReportDto, ...refusals, ...errors },
      },
    },
    async (req) => editReport(ctx, userOf(req), req.params.id, req.body),
  );

  r.post(
    '/revenue-reports/:id/statement',
    {
      onRequest: async (req) => void userOf(req),
      schema: {
        tags,
        summary: 'Attach the statement (multipart field `statement`: PDF, PNG, JPEG or CSV, at most 10 MB)',
        consumes: ['multipart/form-data'],
        params: Params,
        response: { 200: RevenueReportDto, 413: ErrorResponse, ...refusals, ...errors },
      },
    },
    async (req) => uploadStatement(ctx, userOf(req), req.params.id, () => readStatement(req)),
  );

  r.get(
    '/revenue-reports/:id/statement',
    {
      schema: {
        tags,
        summary: "Download the report's statement (always as an attachment)",
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'text/csv'],
        params: Params,
      },
    },
    async (req, reply) => {
      const file = await downloadStatement(ctx, userOf(req), req.params.id);
      return reply
        .type(file.type)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}

/** The back office's review of reports: admins only. */
async function reportBackofficeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  // Before the body is validated: a visitor gets 401, a member or reviewer 403. The caller is
  // resolved once per request, so the handlers' adminOf reuses it.
  const adminOf = async (req: FastifyRequest) => {
    const actor = actorFrom(await requireCaller(ctx, req));
    requireAdmin(actor);
    return actor;
  };
  app.addHook('onRequest', async (req) => {
    await adminOf(req);
  });

  r.get(
    '/backoffice/revenue-reports/',
    {
      schema: {
        tags,
        summary: 'Revenue reports by status, newest first (admins)',
        querystring: BackofficeReportQuery,
        response: { 200: RevenueReportList, ...errors },
      },
    },
    async (req) => ({
      reports: await listForBackoffice(
        ctx,
        await adminOf(req),
        req.query.status,
        req.query.include_demo === 'true',
      ),
    }),
  );

  r.post(
    '/backoffice/revenue-reports/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify a submitted report; creates its distribution (admins)',
        params: Params,
        body: VerifyReportRequest,
        response: { 200: RevenueReportDto, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => verifyReport(ctx, await adminOf(req), req.params.id, req.body),
  );

  r.post(
    '/backoffice/revenue-reports/:id/return',
    {
      schema: {
        tags,
        summary: 'Send a submitted report back to the developer with a comment (admins)',
        params: Params,
        body: ReturnBody,
        response: { 200: RevenueReportDto, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => returnReport(ctx, await adminOf(req), req.params.id, req.body),
  );
}
