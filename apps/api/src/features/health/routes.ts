import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { CHECK_TIMEOUT_MS, ReadinessChecker, withTimeout } from './readiness.ts';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  // 'degraded': Redis is configured but away; limits hold per instance meanwhile (still healthy).
  rateLimit: z.enum(['memory', 'redis', 'degraded']),
});

const Check = z.object({ ok: z.boolean(), reason: z.string().optional(), ms: z.number() });
const Ready = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  failing: z.array(z.string()),
  checks: z.record(z.string(), Check),
  freeDiskMb: z.number().optional(),
  pendingMigrations: z.number().optional(),
});

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const readiness = new ReadinessChecker({
    config: ctx.config,
    db: ctx.db,
    log: ctx.log,
    storage: ctx.storage,
  });

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
        // A database that accepts and never answers must not hang the probe (ADR 0020).
        await withTimeout(ctx.db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: database, migrations, Redis, writable directories, free disk',
        description:
          '200 when this instance can serve traffic (status ready, or degraded when only Redis fails and rate limits fall back per instance); 503 naming the failing checks otherwise.',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_req, reply) => {
      const result = await readiness.check();
      reply.header('cache-control', 'no-store');
      return reply.status(result.status === 'unavailable' ? 503 : 200).send(result);
    },
  );
}
