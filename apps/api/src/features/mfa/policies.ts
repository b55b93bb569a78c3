import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * The back office (every /api/backoffice route) is for staff who proved a second factor in this
 * session (ADR 0016). Runs after the session is loaded and before the routes' own staff checks,
 * which still answer visitors (401) and members (403 staffOnly) as before. The caller it resolves
 * is the one those checks then reuse (platform/access.ts).
 */
export function staffSecondFactorGate(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    const route = req.routeOptions.url;
    if (!route || !(route === '/api/backoffice' || route.startsWith('/api/backoffice/'))) return;
    if (!req.session || req.session.secondFactorAt !== null) return;
    if ((await callerOf(ctx, req))?.staffRole) throw forbidden('staffSecondFactorRequired');
  };
}
