import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  // 'degraded': Redis is configured but away; limits hold per instance meanwhile (still healthy).
  rateLimit: z.enum(['memory', 'redis', 'degraded']),
});

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness, database check and rate-limit mode',
        response: { 200: Health, 503: Health },
      },
    },
    async (req, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, rateLimit: ctx.limiter.mode };
      } catch (err) {
        req.log.error({ err }, 'health check: database unavailable');
        return reply.status(503).send({
          status: 'unavailable' as const,
          database: 'unavailable' as const,
          rateLimit: ctx.limiter.mode,
        });
      }
    },
  );
}
