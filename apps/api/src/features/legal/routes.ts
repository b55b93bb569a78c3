import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  AcceptTermsRequest,
  AcceptTermsResponse,
  LegalDocumentDto,
  LegalDocumentParam,
  LegalLanguageQuery,
  LegalVersionParams,
  ReloadLegalResponse,
} from '@indiesplit/shared/legal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/access.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { recordLegalAcceptance } from './commands/record-acceptance.ts';
import { reloadLegalDocuments } from './commands/reload-documents.ts';
import { legalDirFor } from './folder.ts';
import { getLegalDocument } from './queries/get-document.ts';

// Legal documents (ADR 0034): anyone reads them, in either language, the version in force or an
// older one by number; a member accepts the terms in force; an admin records new versions from the
// operator's folder.

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const CACHE = 'public, max-age=60';

export async function legalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['legal'];

  r.get(
    '/legal/:document',
    {
      schema: {
        tags,
        summary: 'The version of a legal document in force, in the language asked (or the caller’s)',
        params: z.object({ document: LegalDocumentParam }),
        querystring: LegalLanguageQuery,
        response: { 200: LegalDocumentDto, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return getLegalDocument(ctx.db, {
        document: req.params.document,
        language: req.query.lang ?? requestLanguage(req),
      });
    },
  );

  r.get(
    '/legal/:document/versions/:version',
    {
      schema: {
        tags,
        summary: 'One published version of a legal document, by number',
        params: LegalVersionParams,
        querystring: LegalLanguageQuery,
        response: { 200: LegalDocumentDto, ...errors },
      },
    },
    async (req, reply) => {
      // A published version never changes, so it may be kept for long.
      reply.header('cache-control', 'public, max-age=3600');
      return getLegalDocument(ctx.db, {
        document: req.params.document,
        version: req.params.version,
        language: req.query.lang ?? requestLanguage(req),
      });
    },
  );

  r.post(
    '/legal/acceptances',
    {
      schema: {
        tags,
        summary: 'Accept the terms (and the privacy notice) in force, naming the version read',
        body: AcceptTermsRequest,
        response: { 200: AcceptTermsResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const session = requireSession(req);
      const accepted = await ctx.db.transaction(async (tx) => {
        const result = await recordLegalAcceptance(tx, {
          userId: session.user.id,
          occasion: 'update',
          at: new Date(),
          readTermsVersion: req.body.terms_version,
        });
        await recordEvent(tx, {
          userId: session.user.id,
          kind: 'terms_accepted',
          ip: req.ip,
          data: { terms_version: req.body.terms_version },
        });
        return result;
      });
      return {
        success: true as const,
        message: translate(requestLanguage(req), 'termsAccepted'),
        terms_version: accepted?.termsVersion ?? req.body.terms_version,
        accepted_at: (accepted?.acceptedAt ?? new Date()).toISOString(),
      };
    },
  );

  r.post(
    '/backoffice/legal/reload',
    {
      schema: {
        tags,
        summary: 'Record the new versions found in the legal documents folder (admins)',
        response: { 200: ReloadLegalResponse, ...errors },
      },
    },
    async (req) => {
      const admin = await requireAdmin(ctx, req);
      const result = await reloadLegalDocuments(ctx.db, legalDirFor(ctx.config));
      await recordEvent(ctx.db, { userId: admin.id, kind: 'legal_reloaded', ip: req.ip, data: result });
      return result;
    },
  );
}
