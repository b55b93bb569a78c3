import { ErrorResponse } from '@indiesplit/shared/auth';
import { InvariantsResponse } from '@indiesplit/shared/settlement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { checkLedgerInvariants } from '../ledger/service.ts';
import { checkRevenueInvariants } from '../revenue/revenue-invariants.ts';
import { checkInvestmentInvariants } from './invariants.ts';
import { authorizeInvariantCheck } from './policies.ts';

// The back office's "check now": both invariant reports, recomputed from the rows. Admins only.

export async function settlementRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req, reply) => {
    authorizeInvariantCheck(await requireCaller(ctx, req));
    reply.header('cache-control', 'private, no-store');
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/backoffice/invariants',
    {
      schema: {
        tags: ['back office'],
        summary: 'Recomputes the ledger and investment invariants (admins)',
        response: { 200: InvariantsResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => {
      const started = performance.now();
      const ledger = await checkLedgerInvariants(ctx.db);
      const investments = await checkInvestmentInvariants(ctx.db);
      const revenue = await checkRevenueInvariants(ctx.db);
      return {
        ledger,
        investments,
        revenue,
        checked_at: new Date().toISOString(),
        duration_ms: Math.round(performance.now() - started),
      };
    },
  );
}
