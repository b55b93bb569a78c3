import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  BackofficeInvestorDto,
  BackofficeInvestorList,
  BackofficeInvestorQuery,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  InvestmentDto,
  InvestorProfileDto,
  InvestRequest,
  KnowledgeTestRequest,
  LossSimulationRequest,
  PortfolioDto,
  SophisticatedDecisionRequest,
  SophisticatedRequest,
} from '@indiesplit/shared/investing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { authorizeInvestorAdmin } from './policies.ts';
import * as profile from './profile.ts';
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
    async (req) => investing.revoke(ctx, requireSession(req).user.id, req.params.id),
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
      return investing.portfolio(ctx, requireSession(req).user.id);
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
        summary: 'Ask to be treated as a sophisticated investor (an admin decides)',
        body: SophisticatedRequest,
        response: { 200: InvestorProfileDto, ...errors },
      },
    },
    async (req) => profile.requestSophisticated(ctx, requireSession(req).user.id, req.body.reason),
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
        summary: 'Approve or reject a request to be treated as sophisticated (admin)',
        params: z.object({ userId: z.string().max(100) }),
        body: SophisticatedDecisionRequest,
        response: { 200: BackofficeInvestorDto, ...errors },
      },
    },
    async (req) => profile.decideSophisticated(ctx, requireSession(req).user.id, req.params.userId, req.body),
  );
}
