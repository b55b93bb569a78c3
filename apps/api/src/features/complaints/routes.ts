import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  ComplaintAnswerRequest,
  ComplaintAssignees,
  ComplaintAssignRequest,
  ComplaintDetail,
  ComplaintFigures,
  ComplaintFiguresQuery,
  ComplaintLookupRequest,
  ComplaintNoteRequest,
  ComplaintRegister,
  ComplaintRegisterQuery,
  ComplaintStatusDto,
  ComplaintStatusRequest,
  FileComplaintRequest,
  FileComplaintResponse,
  MyComplaintsResponse,
} from '@indiesplit/shared/complaints';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { addComplaintNote } from './commands/add-note.ts';
import { answerComplaint } from './commands/answer-complaint.ts';
import { assignComplaint } from './commands/assign-complaint.ts';
import { changeComplaintStatus } from './commands/change-status.ts';
import { fileComplaint } from './commands/file-complaint.ts';
import { authorizeComplaintsAdmin } from './policies.ts';
import { exportComplaintRegister } from './queries/export-register.ts';
import { getComplaint } from './queries/get-complaint.ts';
import { listComplaintAssignees } from './queries/list-assignees.ts';
import { listMyComplaints } from './queries/list-my-complaints.ts';
import { listComplaintRegister } from './queries/list-register.ts';
import { lookupComplaintStatus } from './queries/lookup-status.ts';
import { complaintFigures } from './queries/yearly-figures.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

/** Filing and the complainant's views; open to visitors (CSRF and the per-address limit apply). */
export async function complaintRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['complaints'];
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  await app.register(complaintBackofficeRoutes, ctx);

  r.post(
    '/complaints/',
    {
      schema: {
        tags,
        summary:
          'File a complaint (anyone; a member’s is linked to the account); acknowledged by email at once',
        body: FileComplaintRequest,
        response: { 201: FileComplaintResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await fileComplaint(ctx, req.body, {
        userId: req.session?.user.id ?? null,
        language: requestLanguage(req),
        ip: req.ip,
      });
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/complaints/lookup',
    {
      schema: {
        tags,
        summary:
          'The status of a complaint from the emailed link (reference and token); 404 when they do not match',
        body: ComplaintLookupRequest,
        response: { 200: ComplaintStatusDto, ...errors },
      },
    },
    async (req) => lookupComplaintStatus(ctx, req.body, req.ip),
  );

  r.get(
    '/complaints/mine',
    {
      schema: {
        tags,
        summary: 'The complaints the member filed while logged in, newest first',
        response: { 200: MyComplaintsResponse, ...errors },
      },
    },
    async (req) => ({ complaints: await listMyComplaints(ctx, requireSession(req).user.id) }),
  );
}

async function complaintBackofficeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const adminOf = async (req: FastifyRequest) => authorizeComplaintsAdmin(await requireCaller(ctx, req));
  // Before the body is validated: a visitor gets 401, a member or reviewer 403, never field errors.
  app.addHook('onRequest', async (req) => {
    await adminOf(req);
  });
  const Params = z.object({ id: z.uuid() });

  r.get(
    '/backoffice/complaints/',
    {
      schema: {
        tags,
        summary: 'The complaints register, newest first; filter by status or overdue=1',
        querystring: ComplaintRegisterQuery,
        response: { 200: ComplaintRegister, ...errors },
      },
    },
    async (req) => ({
      complaints: await listComplaintRegister(ctx, {
        ...(req.query.status ? { status: req.query.status } : {}),
        overdue: req.query.overdue === '1',
      }),
    }),
  );

  r.get(
    '/backoffice/complaints/export.csv',
    { schema: { tags, summary: 'The whole register as CSV', produces: ['text/csv'] } },
    async (_req, reply) => {
      const body = await exportComplaintRegister(ctx);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(`complaints-register-${new Date().toISOString().slice(0, 10)}.csv`),
        )
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  r.get(
    '/backoffice/complaints/assignees',
    {
      schema: {
        tags,
        summary: 'Who a complaint can be assigned to (the admins)',
        response: { 200: ComplaintAssignees, ...errors },
      },
    },
    async () => ({ assignees: await listComplaintAssignees(ctx) }),
  );

  r.get(
    '/backoffice/complaints/figures',
    {
      schema: {
        tags,
        summary:
          'Yearly figures: received, answered, closed, median days to answer, overdue (this year by default)',
        querystring: ComplaintFiguresQuery,
        response: { 200: ComplaintFigures, ...errors },
      },
    },
    async (req) => complaintFigures(ctx, req.query.year ?? new Date().getUTCFullYear()),
  );

  r.get(
    '/backoffice/complaints/:id',
    {
      schema: {
        tags,
        summary: 'One complaint with its internal notes',
        params: Params,
        response: { 200: ComplaintDetail, ...errors },
      },
    },
    async (req) => getComplaint(ctx, req.params.id),
  );

  r.post(
    '/backoffice/complaints/:id/status',
    {
      schema: {
        tags,
        summary: 'Move the complaint forward (acknowledged, investigating, closed after the answer)',
        params: Params,
        body: ComplaintStatusRequest,
        response: { 200: ComplaintDetail, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      await changeComplaintStatus(ctx, await adminOf(req), req.params.id, req.body.status);
      return getComplaint(ctx, req.params.id);
    },
  );

  r.post(
    '/backoffice/complaints/:id/assignee',
    {
      schema: {
        tags,
        summary: 'Give the complaint to a staff member (null: nobody)',
        params: Params,
        body: ComplaintAssignRequest,
        response: { 200: ComplaintDetail, ...errors },
      },
    },
    async (req) => {
      await assignComplaint(ctx, await adminOf(req), req.params.id, req.body.assignee_id);
      return getComplaint(ctx, req.params.id);
    },
  );

  r.post(
    '/backoffice/complaints/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add an internal note (never shown to the complainant)',
        params: Params,
        body: ComplaintNoteRequest,
        response: { 200: ComplaintDetail, ...errors },
      },
    },
    async (req) => {
      await addComplaintNote(ctx, await adminOf(req), req.params.id, req.body.body);
      return getComplaint(ctx, req.params.id);
    },
  );

  r.post(
    '/backoffice/complaints/:id/answer',
    {
      schema: {
        tags,
        summary: 'Send the final answer by email in the complainant’s language and keep it',
        params: Params,
        body: ComplaintAnswerRequest,
        response: { 200: ComplaintDetail, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      await answerComplaint(ctx, await adminOf(req), req.params.id, req.body.answer);
      return getComplaint(ctx, req.params.id);
    },
  );
}
