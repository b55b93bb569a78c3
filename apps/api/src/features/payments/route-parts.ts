import { ErrorResponse } from '@indiesplit/shared/auth';
import { KybAddress } from '@indiesplit/shared/kyb';
import { isMessageKey, type MessageKey } from '@indiesplit/shared/messages';
import { type PayinReturnDecision, SuspenseDecision } from '@indiesplit/shared/payments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

// What the payments feature's route files share: the error answers their schemas list, and the
// header that keeps payment data out of every cache.

export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};

/** Every answer of these routes is private to its reader and never stored. */
export function privateNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}

/** The confirmation of a suspense decision: the admin types the pay-in's id, so a click on the wrong row moves nothing. */
export function confirmed(typed: string, payinId: string): void {
  if (typed !== payinId) throw new AppError('invalidRequest', 422, { fields: { confirm: 'invalidRequest' } });
}

/**
 * The body of a return: the confirmation and the payer's address (PayinReturnDecision), the
 * address checked by returnAddress so each of its parts gets its own error.
 */
export const PayinReturnBody = SuspenseDecision.extend({
  address: z.unknown().describe('The payer’s postal address: line1, city, postal_code, country (ISO 3166-1)'),
});

/**
 * The payer's postal address of a return, or a 400 naming each wrong part (`address.city` …) in the
 * reader's language; the framework's own check would name only `address`.
 */
export function returnAddress(input: unknown): PayinReturnDecision['address'] {
  const parsed = KybAddress.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, MessageKey> = {};
  for (const issue of parsed.error.issues) {
    const field = ['address', ...issue.path.map(String)].join('.');
    fields[field] ??= isMessageKey(issue.message) ? issue.message : 'fillMandatory';
  }
  throw new AppError(Object.values(fields)[0] ?? 'invalidRequest', 400, { fields });
}
