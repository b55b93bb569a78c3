import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { termsAcceptanceRequired } from './queries/terms-status.ts';

/**
 * Actions that move a member's money under the terms, refused (403 termsAcceptanceRequired) until
 * the member accepts the terms in force (ADR 0034). Undoing is never held back: revoking an
 * investment in its reflection period and cancelling a withdrawal stay open, since they only give
 * the member their money back.
 */
const GUARDED = new Set(['POST /api/campaigns/:id/investments', 'POST /api/funds/withdrawals/']);

export function termsAcceptanceGate(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    const route = req.routeOptions.url;
    if (!route || !req.session || !GUARDED.has(`${req.method} ${route}`)) return;
    if (await termsAcceptanceRequired(ctx.db, req.session.user.id))
      throw forbidden('termsAcceptanceRequired');
  };
}
