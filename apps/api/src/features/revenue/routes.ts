import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { distributionRoutes } from './routes/distributions.ts';
import { revenuePortfolioRoutes } from './routes/portfolio.ts';
import { revenueReportRoutes } from './routes/reports.ts';

// The revenue share's HTTP surface. Each group is its own plugin, so that its hooks (who may call
// it, its cache headers) apply to its routes only.
export async function revenueRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(revenueReportRoutes, ctx);
  await app.register(distributionRoutes, ctx);
  await app.register(revenuePortfolioRoutes, ctx);
}
