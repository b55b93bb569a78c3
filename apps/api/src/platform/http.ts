import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';
import type { Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in session, loaded once per /api request; null for visitors. */
    session: Session | null;
  }
}

export function requireSession(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized();
  return req.session;
}
