import type { OAuthProvider, ProvidersResponse } from '@indiesplit/shared/oauth';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { recordSensitiveChange } from '../security/changes.ts';
import * as users from '../users/service.ts';
import * as repo from './repo.ts';

// Sign-in with Google and Discord: which providers are on, and the account's connections in
// settings. Signing in, signing up and linking are in google-flow.ts and discord-flow.ts.

export function providers(config: Config): ProvidersResponse {
  return {
    google_client_id: config.google?.clientId ?? null,
    google_script_url: config.google?.scriptUrl ?? null,
    discord: config.discord !== null,
  };
}

// --- settings ---------------------------------------------------------------------------------

export async function connections(db: Db, userId: string) {
  const [rows, user] = await Promise.all([repo.identitiesOf(db, userId), users.findUserById(db, userId)]);
  if (!user) throw notFound('accountNotFound');
  return {
    connections: rows.map((r) => ({
      provider: r.provider as OAuthProvider,
      email: r.email,
      display_name: r.displayName,
      connected_at: r.createdAt.toISOString(),
    })),
    has_password: user.passwordHash !== null,
  };
}

/** Disconnects a provider, unless it is the account's last way in (no password, no other one). */
export async function unlink(ctx: AppContext, req: FastifyRequest, userId: string, provider: OAuthProvider) {
  await ctx.db.transaction(async (tx) => {
    // Row lock: two disconnections at once cannot each leave the other as the "remaining" way in.
    const [locked] = await tx
      .select({ passwordHash: usersTable.passwordHash })
      .from(usersTable)
      .where(sql`${usersTable.id} = ${userId}`)
      .for('update');
    if (!locked) throw notFound('accountNotFound');
    const identities = await repo.identitiesOf(tx, userId);
    if (!identities.some((i) => i.provider === provider)) throw notFound('socialNotLinked');
    if (locked.passwordHash === null && identities.length <= 1) {
      throw new AppError('socialLastSignIn', 409);
    }
    await repo.deleteIdentity(tx, userId, provider);
    await recordEvent(tx, { userId, kind: 'social_unlinked', ip: req.ip, data: { provider } });
    await recordSensitiveChange(ctx, tx, { userId, undo: { kind: 'social_unlink', provider }, ip: req.ip });
  });
  ctx.mail.nudge();
}
