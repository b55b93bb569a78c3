import type { SessionDto } from '@indiesplit/shared/security';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sessions } from '../../db/schema.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { deleteSessionOf, type Session } from '../../platform/sessions.ts';
import { describeUserAgent } from './user-agent.ts';

// The member's active sessions (Settings -> Security): what device, since when, last seen; any one
// can be signed out, or all but this one. Sessions are named by their public id, never the hash.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listSessions(ctx: AppContext, session: Session): Promise<SessionDto[]> {
  const rows = await ctx.db
    .select({
      publicId: sessions.publicId,
      idHash: sessions.idHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, session.user.id), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.publicId,
    ...describeUserAgent(r.userAgent),
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    current: r.idHash === session.idHash,
  }));
}

/** Signs out one of the member's sessions; answers whether it was the one asking. */
export async function revokeSession(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
  publicId: string,
): Promise<{ current: boolean }> {
  if (!UUID.test(publicId)) throw notFound();
  const deleted = await deleteSessionOf(ctx.db, session.user.id, publicId);
  if (!deleted) throw notFound();
  await recordEvent(ctx.db, { userId: session.user.id, kind: 'session_revoked', ip: req.ip });
  return { current: deleted === session.idHash };
}

export async function revokeOtherSessions(
  ctx: AppContext,
  req: FastifyRequest,
  session: Session,
): Promise<void> {
  await ctx.sessions.destroyAllForUser(ctx.db, session.user.id, session.idHash);
  await recordEvent(ctx.db, {
    userId: session.user.id,
    kind: 'session_revoked',
    ip: req.ip,
    data: { others: true },
  });
}
