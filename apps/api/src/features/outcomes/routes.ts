import { ErrorResponse } from '@indiesplit/shared/auth';
import { OutcomeDto, OutcomeList } from '@indiesplit/shared/revenue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { getOutcome, listOutcomes } from './service.ts';

// The public record of outcomes (ADR 0032): anyone may read it. Each answer is a fixed number of
// indexed queries over at most OUTCOMES_LIMIT campaigns, and may be kept by browsers and shared
// caches for a short while.

const errors = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };
const CACHE = 'public, max-age=30';

export async function outcomeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['outcomes'];

  r.get(
    '/outcomes/',
    {
      schema: {
        tags,
        summary:
          'Every funded campaign: raised, launch, months of the term elapsed, paid to investors, multiple and reporting health',
        response: { 200: OutcomeList, ...errors },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return { outcomes: await listOutcomes(ctx) };
    },
  );

  r.get(
    '/outcomes/:slug',
    {
      schema: {
        tags,
        summary: 'One funded campaign’s outcome and reporting health',
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: OutcomeDto, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', CACHE);
      return getOutcome(ctx, req.params.slug);
    },
  );
}
