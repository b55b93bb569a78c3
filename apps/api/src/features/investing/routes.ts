import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  BackofficeInvestorDto,
  BackofficeInvestorList,
  BackofficeInvestorQuery,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MAX_FILES,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  InvestmentDto,
  InvestorProfileDto,
  InvestRequest,
  KnowledgeTestRequest,
  LossSimulationRequest,
  PortfolioDto,
  SophisticatedDecisionRequest,
  TaxResidenceRequest,
} from '@indiesplit/shared/investing';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import {
  type EvidenceUpload,
  requestSophisticated,
  type SophisticatedForm,
} from './commands/request-sophisticated.ts';
import { revoke } from './commands/revoke-investment.ts';
import { saveTaxResidence } from './commands/save-tax-residence.ts';
import { authorizeInvestorAdmin } from './policies.ts';
import * as profile from './profile.ts';
import { downloadEvidence } from './queries/download-evidence.ts';
import { portfolio } from './queries/portfolio.ts';
import * as investing from './service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};
const IdParams = z.object({ id: z.string().max(100) });

/** The whole form: its fields and the files, with room for the fields' few bytes. */
const SOPHISTICATED_FORM_MAX_BYTES = EVIDENCE_MAX_FILES * EVIDENCE_MAX_BYTES + 64 * 1024;

/**
 * Reads the sophisticated-investor form: `person_type`, `reason`, `criteria` (repeated) and up to
 * EVIDENCE_MAX_FILES files in `evidence`, each at most EVIDENCE_MAX_BYTES. Anything else is skipped;
 * a file too large or one too many is refused at once.
 */
async function readSophisticatedForm(req: FastifyRequest): Promise<SophisticatedForm> {
  const invalid = (status: number) =>
    new AppError('evidenceInvalid', status, { fields: { evidence: 'evidenceInvalid' } });
  if (!req.isMultipart())
    throw new AppError('evidenceRequired', 400, { fields: { evidence: 'evidenceRequired' } });
  if (Number(req.headers['content-length'] ?? 0) > SOPHISTICATED_FORM_MAX_BYTES) throw invalid(413);
  const form: SophisticatedForm = { fields: { criteria: [] }, files: [] };
  const parts = req.parts({
    limits: {
      fileSize: EVIDENCE_MAX_BYTES,
      files: EVIDENCE_MAX_FILES + 1,
      fields: 12,
      fieldSize: 4096,
      parts: 20,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'evidence') {
        part.file.resume();
        continue;
      }
      if (form.files.length >= EVIDENCE_MAX_FILES) throw invalid(400);
      let upload: EvidenceUpload;
      try {
        upload = { data: await part.toBuffer(), fileName: part.filename };
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(413);
        throw err;
      }
      // An empty file input sends a part without a byte: not a document.
      if (upload.data.length > 0 || upload.fileName) form.files.push(upload);
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : '';
    if (part.fieldname === 'criteria') form.fields.criteria.push(value);
    else if (part.fieldname === 'person_type') form.fields.person_type = value;
    else if (part.fieldname === 'reason') form.fields.reason = value;
  }
  return form;
}

export async function investingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['investing'];
  // Before the body is validated: a visitor gets 401, never field errors.
  const loggedIn = async (req: Parameters<typeof requireSession>[0]) => {
    requireSession(req);
  };

  r.post(
    '/campaigns/:id/investments',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Invest in a live campaign: the amount is reserved from the wallet at once. Header Idempotency-Key (1–200 characters) required: the same key and body answer with the first investment (200), the same key with another body is refused (422).',
        params: IdParams,
        body: InvestRequest,
        response: { 200: InvestmentDto, 201: InvestmentDto, ...errors },
      },
    },
    async (req, reply) => {
      const header = req.headers[IDEMPOTENCY_HEADER];
      const key = typeof header === 'string' ? header.trim() : '';
      if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)
        throw new AppError('idempotencyKeyRequired', 400);
      const { investment, replayed } = await investing.invest(
        ctx,
        requireSession(req).user.id,
        req.params.id,
        req.body,
        key,
      );
      reply.header('cache-control', 'no-store');
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send(investment);
    },
  );

  r.post(
    '/investments/:id/revoke',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Revoke an investment within its reflection period; the money is released at once',
        params: IdParams,
        response: { 200: InvestmentDto, ...errors },
      },
    },
    async (req) => revoke(ctx, requireSession(req).user.id, req.params.id),
  );

  r.get(
    '/portfolio/',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'My investments, newest first, with their states and dates',
        response: { 200: PortfolioDto, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return portfolio(ctx, requireSession(req).user.id);
    },
  );

  r.get(
    '/investor-profile/',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'My investor profile: knowledge test, loss simulation, investor class',
        response: { 200: InvestorProfileDto, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return profile.getProfile(ctx, requireSession(req).user.id);
    },
  );

  r.put(
    '/investor-profile/knowledge-test',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Take the entry knowledge test (valid two years when passed)',
        body: KnowledgeTestRequest,
        response: { 200: InvestorProfileDto, ...errors },
      },
    },
    async (req) => profile.takeKnowledgeTest(ctx, requireSession(req).user.id, req.body),
  );

  r.put(
    '/investor-profile/loss-simulation',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Simulate the ability to bear loss: net worth = income + liquid assets - commitments (euro strings)',
        body: LossSimulationRequest,
        response: { 200: InvestorProfileDto, ...errors },
      },
    },
    async (req) => profile.saveLossSimulation(ctx, requireSession(req).user.id, req.body),
  );

  r.post(
    '/investor-profile/sophisticated-request',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Ask to be treated as a sophisticated investor (Annex II; an admin decides). Multipart: person_type (natural | legal), criteria (repeated; a natural person at least two, a legal person at least one), reason (optional), and 1–5 files `evidence` (PDF, PNG or JPEG, at most 10 MB each)',
        consumes: ['multipart/form-data'],
        response: { 200: InvestorProfileDto, 413: ErrorResponse, 503: ErrorResponse, ...errors },
      },
    },
    async (req) => requestSophisticated(ctx, requireSession(req).user.id, () => readSophisticatedForm(req)),
  );

  r.get(
    '/investor-profile/evidence/:id',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          "Download a sophisticated-investor request's document (its investor or an admin; always an attachment)",
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        params: IdParams,
      },
    },
    async (req, reply) => {
      const file = await downloadEvidence(ctx, await requireCaller(ctx, req), req.params.id);
      return reply
        .type(file.type)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  r.put(
    '/investor-profile/tax-residence',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'Record the tax residence (ISO 3166-1 alpha-2 country, optional tax identification number); asked once before the first real-euro investment',
        body: TaxResidenceRequest,
        response: { 200: InvestorProfileDto, ...errors },
      },
    },
    async (req) => saveTaxResidence(ctx, requireSession(req).user.id, req.body),
  );

  // ---- back office (admin) ---------------------------------------------------------------------
  const adminOnly = async (req: Parameters<typeof requireSession>[0]) => {
    authorizeInvestorAdmin(await requireCaller(ctx, req));
  };

  r.get(
    '/backoffice/investors/',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['back office'],
        summary: 'Investor profiles, by sophisticated-request status (admin)',
        querystring: BackofficeInvestorQuery,
        response: { 200: BackofficeInvestorList, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { investors: await profile.listInvestors(ctx, req.query.status) };
    },
  );

  r.post(
    '/backoffice/investors/:userId/decision',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['back office'],
        summary:
          'Approve (for two years) or refuse with a reason a request to be treated as sophisticated, or withdraw an approval (admin); the investor is emailed',
        params: z.object({ userId: z.string().max(100) }),
        body: SophisticatedDecisionRequest,
        response: { 200: BackofficeInvestorDto, ...errors },
      },
    },
    async (req) => profile.decideSophisticated(ctx, requireSession(req).user.id, req.params.userId, req.body),
  );
}
