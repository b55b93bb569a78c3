import { SESSION_COOKIE, SESSION_TTL_DAYS } from '@indiesplit/shared/constants';
import type { Language } from '@indiesplit/shared/messages';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { randomToken, sha256 } from './crypto.ts';
import { asLanguage } from './i18n.ts';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  avatarKey: string | null;
  language: Language;
}

export interface Session {
  idHash: string;
  /** The id the member sees in their list of sessions. */
  publicId: string;
  expiresAt: Date;
  /** The latest time this session proved who it is: its login or a step-up (ADR 0015). */
  authenticatedAt: Date;
  /** When this session proved a second factor; null when it has not (ADR 0016). */
  secondFactorAt: Date | null;
  user: SessionUser;
}

const TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Last-seen is written at most this often per session, not on every request. */
const LAST_SEEN_GRANULARITY_MS = 60_000;

/**
 * Database-backed sessions. The cookie holds 256 random bits; the table holds only their SHA-256,
 * so every API instance sees every session and a leaked table opens none.
 */
export class SessionStore {
  private readonly db: Db;
  private readonly config: Config;
  private readonly lookup;

  constructor(db: Db, config: Config) {
    this.db = db;
    this.config = config;
    // The hot path of every authenticated request: one prepared, indexed join.
    this.lookup = db
      .select({
        idHash: sessions.idHash,
        publicId: sessions.publicId,
        expiresAt: sessions.expiresAt,
        authenticatedAt: sessions.authenticatedAt,
        reauthenticatedAt: sessions.reauthenticatedAt,
        lastSeenAt: sessions.lastSeenAt,
        secondFactorAt: sessions.secondFactorAt,
        id: users.id,
        username: users.username,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        avatarKey: users.avatarKey,
        language: users.language,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.idHash, sql.placeholder('idHash')),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.deletedAt),
        ),
      )
      .prepare('session_lookup');
  }

  async find(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const [row] = await this.lookup.execute({ idHash: sha256(token) });
    if (!row) return null;
    // Sliding expiry, written at most once a day per session, and last-seen at most once a minute,
    // rather than on every request.
    const now = Date.now();
    const slide = row.expiresAt.getTime() - now < TTL_MS - 24 * 60 * 60 * 1000;
    const seen = now - row.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS;
    if (slide || seen) {
      const expiresAt = slide ? new Date(now + TTL_MS) : row.expiresAt;
      await this.db
        .update(sessions)
        .set({ expiresAt, lastSeenAt: new Date(now), ...(slide ? { updatedAt: new Date(now) } : {}) })
        .where(eq(sessions.idHash, row.idHash));
      row.expiresAt = expiresAt;
    }
    const reauth = row.reauthenticatedAt;
    return {
      idHash: row.idHash,
      publicId: row.publicId,
      expiresAt: row.expiresAt,
      authenticatedAt: reauth && reauth > row.authenticatedAt ? reauth : row.authenticatedAt,
      secondFactorAt: row.secondFactorAt,
      user: {
        id: row.id,
        username: row.username,
        email: row.email,
        emailVerified: row.emailVerifiedAt !== null,
        avatarKey: row.avatarKey,
        language: asLanguage(row.language),
      },
    };
  }

  /** A fresh session id at every login: an id planted before login (fixation) is never promoted. */
  async create(
    db: Db,
    userId: string,
    req: FastifyRequest,
  ): Promise<{ token: string; idHash: string; expiresAt: Date }> {
    const token = randomToken(32);
    const idHash = sha256(token);
    const expiresAt = new Date(Date.now() + TTL_MS);
    await db.insert(sessions).values({
      idHash,
      userId,
      expiresAt,
      ip: req.ip,
      userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
      authenticatedAt: new Date(),
      lastSeenAt: new Date(),
    });
    return { token, idHash, expiresAt };
  }

  async destroy(db: Db, idHash: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Ends every session of a user, optionally keeping the one making the request. */
  async destroyAllForUser(db: Db, userId: string, keepIdHash?: string): Promise<void> {
    await db
      .delete(sessions)
      .where(
        keepIdHash
          ? and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${keepIdHash}`)
          : eq(sessions.userId, userId),
      );
  }

  setCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.isProduction,
      expires: expiresAt,
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.isProduction,
    });
  }
}

// The other changes to a session, here so that this module stays the only writer of `sessions`
// (ADR 0022): the features ask, this module writes.

/** The session proved a second factor (ADR 0016). */
export async function markSecondFactorVerified(db: Db, idHash: string): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.idHash, idHash));
}

/** With the account's last second factor gone, none of its sessions counts as verified. */
export async function clearSecondFactorVerified(db: Db, userId: string): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
}

/** The session's owner proved it again (step-up, ADR 0015). */
export async function markReauthenticated(db: Db, idHash: string, at: Date = new Date()): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.idHash, idHash));
}

/** Signs out one session of a member by the id they see; answers its hash, or undefined. */
export async function deleteSessionOf(db: Db, userId: string, publicId: string): Promise<string | undefined> {
  const [deleted] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ idHash: sessions.idHash });
  return deleted?.idHash;
}

/** Housekeeping: sessions past their expiry. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** Erasure (ADR 0004): the account's sessions lose their address and device. */
export async function forgetClientDetailsOf(db: Db, userId: string): Promise<void> {
  await db.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.userId, userId));
}
