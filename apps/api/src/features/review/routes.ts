import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  AssignRequest,
  AuditList,
  AuditQuery,
  BackofficePitchDetail,
  BackofficePitchList,
  ContactDto,
  ContactList,
  ContactQuery,
  DecisionRequest,
  MarkCalledRequest,
  PitchQuery,
  ReviewRequest,
  StaffList,
} from '@indiesplit/shared/pitches';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, type Staff } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import * as review from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /backoffice request by the guard below. */
    staff: Staff | null;
  }
}

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const conflict = { 409: ErrorResponse };

const staffOf = (req: FastifyRequest): Staff => req.staff!;

export async function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('staff', null);
  // Before the body is validated: a visitor gets 401 and a member 403, never field errors.
  app.addHook('onRequest', async (req, reply) => {
    req.staff = await requireStaff(ctx, req);
    reply.header('cache-control', 'private, no-store');
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const PitchParams = z.object({ id: z.string().max(100) });

  r.get(
    '/backoffice/pitches',
    {
      schema: {
        tags,
        summary: 'The pitch queue, filtered (a reviewer sees only the pitches assigned to them)',
        querystring: PitchQuery,
        response: { 200: BackofficePitchList, ...errors },
      },
    },
    async (req) => ({ pitches: await review.listPitches(ctx, staffOf(req), req.query) }),
  );

  r.get(
    '/backoffice/pitches/:id',
    {
      schema: {
        tags,
        summary: 'One pitch with its reviews, assignments and history',
        params: PitchParams,
        response: { 200: BackofficePitchDetail, ...errors },
      },
    },
    async (req) => review.getPitch(ctx, staffOf(req), req.params.id),
  );

  r.get(
    '/backoffice/pitches/:id/pdf',
    {
      schema: {
        tags,
        summary: 'Download the pitch deck (always as an attachment)',
        produces: ['application/pdf'],
        params: PitchParams,
      },
    },
    async (req, reply) => {
      const { data, fileName } = await review.getPitchPdf(ctx, staffOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );

  r.get(
    '/backoffice/reviewers',
    {
      schema: {
        tags,
        summary: 'Everyone with a staff role (admin)',
        response: { 200: StaffList, ...errors },
      },
    },
    async (req) => ({ staff: await review.listStaff(ctx, staffOf(req)) }),
  );

  r.post(
    '/backoffice/pitches/:id/assignments',
    {
      schema: {
        tags,
        summary: 'Assign a reviewer (admin); a submitted pitch moves in review',
        params: PitchParams,
        body: AssignRequest,
        response: { 200: BackofficePitchDetail, ...conflict, ...errors },
      },
    },
    async (req) => review.assignReviewer(ctx, staffOf(req), req.params.id, req.body.reviewer_id),
  );

  r.delete(
    '/backoffice/pitches/:id/assignments/:reviewerId',
    {
      schema: {
        tags,
        summary: 'Remove a reviewer from a pitch (admin)',
        params: PitchParams.extend({ reviewerId: z.string().max(100) }),
        response: { 200: BackofficePitchDetail, ...errors },
      },
    },
    async (req) => review.unassignReviewer(ctx, staffOf(req), req.params.id, req.params.reviewerId),
  );

  r.put(
    '/backoffice/pitches/:id/review',
    {
      schema: {
        tags,
        summary: 'Save my review of the current revision (assigned reviewer or admin; while in review)',
        params: PitchParams,
        body: ReviewRequest,
        response: { 200: BackofficePitchDetail, ...conflict, ...errors },
      },
    },
    async (req) => review.saveReview(ctx, staffOf(req), req.params.id, req.body),
  );

  r.post(
    '/backoffice/pitches/:id/decision',
    {
      schema: {
        tags,
        summary: 'Request changes, reject or approve (admin); approval creates the campaign draft',
        params: PitchParams,
        body: DecisionRequest,
        response: { 200: BackofficePitchDetail, ...conflict, ...errors },
      },
    },
    async (req) => review.decide(ctx, staffOf(req), req.params.id, req.body),
  );

  r.get(
    '/backoffice/audit',
    {
      schema: {
        tags,
        summary: 'Every status change, newest first, 50 a page (admin)',
        querystring: AuditQuery,
        response: { 200: AuditList, ...errors },
      },
    },
    async (req) => review.auditLog(ctx, staffOf(req), req.query.before),
  );

  r.get(
    '/backoffice/contacts',
    {
      schema: {
        tags,
        summary: 'The call list: contacts who asked for a call',
        querystring: ContactQuery,
        response: { 200: ContactList, ...errors },
      },
    },
    async (req) => ({
      contacts: await review.listContacts(
        ctx,
        req.query.called === undefined ? undefined : req.query.called === 'true',
      ),
    }),
  );

  r.post(
    '/backoffice/contacts/:id/called',
    {
      schema: {
        tags,
        summary: 'Mark a call back as done, or not done',
        params: PitchParams,
        body: MarkCalledRequest,
        response: { 200: ContactDto, ...errors },
      },
    },
    async (req) => review.markCalled(ctx, staffOf(req), req.params.id, req.body.called),
  );
}
