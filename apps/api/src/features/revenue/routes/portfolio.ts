import { ErrorResponse } from '@indiesplit/shared/auth';
import { RevenuePortfolioDto, StatementDto, StatementQuery } from '@indiesplit/shared/revenue';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { requireSession } from '../../../platform/http.ts';
import * as portfolio from '../portfolio.ts';

// What investors see of the revenue share: waterfalls, payouts, statements (owned by the investor work)

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };
const Params = z.object({ campaignId: z.string().max(100) });

export async function revenuePortfolioRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['revenue'];
  // Personal money figures: never kept by a browser or a shared cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  // Before the query is validated: a visitor gets 401, never field errors.
  const loggedIn = async (req: Parameters<typeof requireSession>[0]) => {
    requireSession(req);
  };

  r.get(
    '/portfolio/revenue/',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'My revenue-share holdings: invested, paid so far, the multiple, the term left and each verified period’s waterfall',
        response: { 200: RevenuePortfolioDto, ...errors },
      },
    },
    async (req) => portfolio.revenuePortfolio(ctx, requireSession(req).user.id),
  );

  r.get(
    '/portfolio/revenue/:campaignId/statement',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary:
          'My payouts from one campaign in a calendar year, as JSON or (format=csv) as a CSV attachment; 404 for a campaign I hold nothing in',
        params: Params,
        querystring: StatementQuery,
        response: { 200: z.union([StatementDto, z.string()]), ...errors },
      },
    },
    async (req, reply) => {
      const dto = await portfolio.statement(
        ctx,
        requireSession(req).user.id,
        req.params.campaignId,
        req.query.year,
      );
      if (req.query.format === 'json') return dto;
      const { fileName, body } = portfolio.statementCsv(dto);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .send(body);
    },
  );
}
