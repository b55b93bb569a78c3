import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  BackofficeDistributionQuery,
  DistributionDto,
  DistributionList,
  FundDistributionRequest,
} from '@indiesplit/shared/revenue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../../platform/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import { requireSession } from '../../../platform/http.ts';
import { fundDistribution, listDistributions } from '../distribution.ts';
import { authorizeDistribution } from '../policies.ts';

// Distributions in the back office (admins): the list, and recording the developer's payment in,
// which pays the investors out at once.

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const Params = z.object({ id: z.string().uuid() });

export async function distributionRoutes(app: FastifyInstance, ctx: AppContext) {
  // Before the body is validated: a visitor gets 401, a member or reviewer 403, never field errors.
  app.addHook('onRequest', async (req, reply) => {
    authorizeDistribution(await requireCaller(ctx, req));
    reply.header('cache-control', 'private, no-store');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];

  r.get(
    '/backoffice/distributions/',
    {
      schema: {
        tags,
        summary: 'Distributions of verified revenue reports, newest first (admins)',
        querystring: BackofficeDistributionQuery,
        response: { 200: DistributionList, 400: ErrorResponse, ...errors },
      },
    },
    async (req) => ({
      distributions: await listDistributions(ctx.db, req.query.status, req.query.include_demo === 'true'),
    }),
  );

  r.post(
    '/backoffice/distributions/:id/funding',
    {
      schema: {
        tags,
        summary:
          "Record the developer's bank transfer paying the pool in (exactly the pool, once per bank id); pays out at once",
        params: Params,
        body: FundDistributionRequest,
        response: {
          200: DistributionDto,
          400: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          ...errors,
        },
      },
    },
    async (req) =>
      fundDistribution(ctx, req.params.id, {
        bankTransactionId: req.body.bank_transaction_id,
        amountCents: req.body.amount_cents,
        actorId: requireSession(req).user.id,
      }),
  );
}
