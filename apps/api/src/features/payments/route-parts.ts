import { ErrorResponse } from '@indiesplit/shared/auth';
import type { FastifyInstance } from 'fastify';

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
