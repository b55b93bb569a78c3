import { PlatformFiguresDto } from '@indiesplit/shared/figures';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformFigures } from '../features/ledger/queries/platform-figures.ts';
import type { AppContext } from '../platform/context.ts';

// The platform's figures for the home page: public, so read at most once a minute whatever the
// traffic (one set of aggregates shared by every visitor), and cacheable by browsers for as long.

const FRESH_MS = 60_000;

export async function figuresRoutes(app: FastifyInstance, ctx: AppContext) {
  let cached: { at: number; figures: Promise<PlatformFiguresDto> } | undefined;
  const read = async (): Promise<PlatformFiguresDto> => {
    const figures = await platformFigures(ctx.db);
    return {
      currency: 'EUR',
      raised_cents: figures.raisedCents,
      investors: figures.investors,
      paid_out_cents: figures.paidOutCents,
      as_of: new Date().toISOString(),
    };
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/figures',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'The platform figures in real euros: raised, investors, paid out',
        response: { 200: PlatformFiguresDto },
      },
    },
    async (_req, reply) => {
      const now = Date.now();
      if (!cached || now - cached.at >= FRESH_MS) {
        const figures = read();
        cached = { at: now, figures };
        // A failed read is not kept: the next request tries again.
        figures.catch(() => {
          if (cached?.figures === figures) cached = undefined;
        });
      }
      reply.header('cache-control', `public, max-age=${FRESH_MS / 1000}`);
      return cached.figures;
    },
  );
}
