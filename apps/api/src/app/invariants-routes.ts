import { ErrorResponse } from '@indiesplit/shared/auth';
import { InvariantsResponse } from '@indiesplit/shared/settlement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkLedgerInvariants } from '../features/ledger/service.ts';
import { checkRevenueInvariants } from '../features/revenue/revenue-invariants.ts';
import { checkInvestmentInvariants } from '../features/settlement/invariants.ts';
import { requireAdmin } from '../platform/access.ts';
import type { AppContext } from '../platform/context.ts';

// The back office's "check now": the ledger, investment and revenue invariant reports, recomputed
// from the rows. They span three features, so the route is the app layer's (ADR 0023). Admins only:
// a member gets 403 staffOnly, a reviewer 403 adminOnly.

export async function invariantRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req, reply) => {
    await requireAdmin(ctx, req);
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
