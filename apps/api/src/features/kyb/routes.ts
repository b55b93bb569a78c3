import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  BackofficeKybDetail,
  BackofficeKybList,
  BackofficeKybQuery,
  KYB_DATA_MAX_BYTES,
  KYB_DOCUMENT_MAX_BYTES,
  KybDecisionRequest,
  KybPayoutAccountConfirmDto,
  StudioKybDto,
} from '@indiesplit/shared/kyb';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { authorizeKybAdmin } from './policies.ts';
import { confirmPayoutAccount } from './provider-studio.ts';
import * as kyb from './service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  429: ErrorResponse,
};
const IdParams = z.object({ id: z.string().max(100) });

/** The whole form: the file and the JSON part, with room for the multipart framing. */
const FORM_MAX_BYTES = KYB_DOCUMENT_MAX_BYTES + KYB_DATA_MAX_BYTES + 16 * 1024;

/**
 * Reads the studio's form: `data` (the JSON of KybSubmission) and one file `registration_proof`.
 * Other parts are skipped; a file or JSON too large is refused at once, before it is all read.
 */
async function readKybForm(req: FastifyRequest): Promise<kyb.KybForm> {
  const tooLarge = () =>
    new AppError('kybDocumentInvalid', 413, { fields: { registration_proof: 'kybDocumentInvalid' } });
  if (!req.isMultipart())
    throw new AppError('kybDocumentRequired', 400, { fields: { registration_proof: 'kybDocumentRequired' } });
  if (Number(req.headers['content-length'] ?? 0) > FORM_MAX_BYTES) throw tooLarge();
  const form: kyb.KybForm = { data: undefined, file: undefined };
  const parts = req.parts({
    limits: {
      fileSize: KYB_DOCUMENT_MAX_BYTES,
      files: 2,
      fields: 4,
      fieldSize: KYB_DATA_MAX_BYTES,
      parts: 6,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'registration_proof' || form.file) {
        part.file.resume();
        continue;
      }
      try {
        form.file = { data: await part.toBuffer(), fileName: part.filename };
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      continue;
    }
    if (part.fieldname === 'data') {
      // A value cut at fieldSize is not the JSON the studio sent.
      if (part.valueTruncated) throw new AppError('kybTextTooLong', 413);
      form.data = typeof part.value === 'string' ? part.value : undefined;
    }
  }
  return form;
}

function sendDocument(
  reply: import('fastify').FastifyReply,
  file: { data: Buffer; fileName: string; type: string },
) {
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

export async function kybRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['studio verification'];
  // Before the body is read: a visitor gets 401, never field errors.
  const loggedIn = async (req: Parameters<typeof requireSession>[0]) => {
    requireSession(req);
  };

  r.get(
    '/studio-verification',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "The studio's verification (KYB, ECSP Art 5): its status and latest submission",
        response: { 200: StudioKybDto, ...errors },
      },
    },
    async (req) => kyb.visitStudioKyb(ctx, requireSession(req).user.id),
  );

  r.post(
    '/studio-verification',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          "Send the studio's verification (developer accounts). Multipart: `data` (JSON: legal entity, legal representative, beneficial owners, the Art 5(2) declarations) and one file `registration_proof` (PDF, PNG or JPEG, at most 10 MB)",
        consumes: ['multipart/form-data'],
        response: { 200: StudioKybDto, 503: ErrorResponse, ...errors },
      },
    },
    async (req) => kyb.submitKyb(ctx, requireSession(req).user.id, () => readKybForm(req)),
  );

  r.post(
    '/studio-verification/payout-account/confirm',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          "Confirm the studio's payout account with the payment provider (developer accounts, provider mode): registers the payout IBAN again when its last registration was not confirmed, and answers its status and the provider's page where the legal representative confirms it (`confirm_url`, null once ACTIVE), which brings them back to the verification page",
        response: { 200: KybPayoutAccountConfirmDto, 503: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return confirmPayoutAccount(ctx, requireSession(req).user.id);
    },
  );

  r.get(
    '/studio-verification/:id/document',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          "Download a verification's registration proof (its studio or an admin; always an attachment)",
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        params: IdParams,
      },
    },
    async (req, reply) =>
      sendDocument(reply, await kyb.downloadKybDocument(ctx, await requireCaller(ctx, req), req.params.id)),
  );

  // ---- back office (admin) ---------------------------------------------------------------------
  const adminOnly = async (req: Parameters<typeof requireSession>[0]) => {
    authorizeKybAdmin(await requireCaller(ctx, req));
  };

  r.get(
    '/backoffice/studio-verifications/',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['back office'],
        summary: "Studios' verifications, newest first, optionally by decision (admin)",
        querystring: BackofficeKybQuery,
        response: { 200: BackofficeKybList, ...errors },
      },
    },
    async (req) => ({ items: await kyb.listKyb(ctx, req.query.status) }),
  );

  r.get(
    '/backoffice/studio-verifications/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['back office'],
        summary: "One studio's verification with its earlier submissions (admin)",
        params: IdParams,
        response: { 200: BackofficeKybDetail, ...errors },
      },
    },
    async (req) => kyb.getKybDetail(ctx, req.params.id),
  );

  r.post(
    '/backoffice/studio-verifications/:id/decision',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['back office'],
        summary:
          'Approve a waiting verification (it runs KYB_VALID_MONTHS) or refuse it with the reason the studio reads (admin)',
        params: IdParams,
        body: KybDecisionRequest,
        response: { 200: BackofficeKybDetail, ...errors },
      },
    },
    async (req) => {
      const admin = authorizeKybAdmin(await requireCaller(ctx, req));
      return kyb.decideKyb(ctx, admin.id, req.params.id, req.body);
    },
  );
}
