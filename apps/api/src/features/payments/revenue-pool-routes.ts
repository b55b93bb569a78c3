import { PayinReturnDto, RevenuePoolAccountDto, RevenueSuspenseList } from '@indiesplit/shared/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { listRevenueSuspense, returnRevenueSuspense, revenuePoolAccount } from './revenue-pool.ts';

import { confirmed, errors, PayinReturnBody, privateNoStore, returnAddress } from './route-parts.ts';

// Revenue pools at the payment provider (ADR 0039): the studio's IBAN and what is due, and the
// back office's list of transfers to a revenue IBAN that paid no distribution.

export async function revenuePoolRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  privateNoStore(app);

  r.get(
    '/payments/revenue/:campaignId/',
    {
      schema: {
        tags,
        summary: "The campaign's revenue IBAN and the distributions awaiting the studio's payment",
        params: z.object({ campaignId: z.uuid() }),
        response: { 200: RevenuePoolAccountDto, ...errors },
      },
    },
    async (req) => revenuePoolAccount(ctx, requireSession(req).user.id, req.params.campaignId),
  );

  r.get(
    '/backoffice/payments/revenue-suspense/',
    {
      schema: {
        tags,
        summary: 'Transfers to a revenue IBAN that paid no distribution (parked in suspense)',
        response: { 200: RevenueSuspenseList, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return { items: await listRevenueSuspense(ctx) };
    },
  );

  r.post(
    '/backoffice/payments/revenue-suspense/:id/return',
    {
      schema: {
        tags,
        summary:
          'Send a parked transfer to a revenue IBAN back to the account it came from (a payout naming it)',
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        body: PayinReturnBody,
        response: { 200: PayinReturnDto, ...errors },
      },
    },
    async (req) => {
      const admin = await requireAdmin(ctx, req);
      confirmed(req.body.confirm, req.params.id);
      return returnRevenueSuspense(ctx, admin.id, req.params.id, returnAddress(req.body.address), req.ip);
    },
  );
}
