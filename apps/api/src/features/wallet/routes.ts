import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  DemoWalletResponse,
  WalletMovementsQuery,
  WalletMovementsResponse,
  WalletQuery,
  WalletResponse,
} from '@indiesplit/shared/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import * as wallet from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function walletRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];

  r.get(
    '/wallet/',
    {
      schema: {
        tags,
        summary: 'Balances (EUR and DEMO, in cents) and movements of the logged-in member, newest first',
        querystring: WalletQuery,
        response: { 200: WalletResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return wallet.walletSummary(ctx.db, requireSession(req).user.id, req.query);
    },
  );

  r.get(
    '/wallet/movements',
    {
      schema: {
        tags,
        summary:
          'Movements of the available balance in one currency (cents), each once, signed, with the balance after it; newest first, 50 a page',
        querystring: WalletMovementsQuery,
        response: { 200: WalletMovementsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return wallet.walletMovements(ctx.db, requireSession(req).user.id, req.query);
    },
  );

  r.post(
    '/wallet/demo/',
    {
      schema: {
        tags,
        summary: 'Open the demo wallet, or reset it to 10,000 virtual euros available',
        response: { 200: DemoWalletResponse, ...errors },
      },
    },
    async (req) => {
      const balance = await wallet.resetDemoWallet(ctx.db, requireSession(req).user.id);
      return { success: true as const, balance };
    },
  );
}
