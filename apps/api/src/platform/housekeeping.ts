import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { emailTokens, sessions } from '../db/schema.ts';
import { purgeDeliveredMail } from './mailer.ts';

const HOUR = 60 * 60 * 1000;

/** Deletes what has no use left: expired sessions, dead tokens, mail delivered over 30 days ago. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db
    .delete(emailTokens)
    .where(
      or(
        lt(emailTokens.expiresAt, sql`now() - interval '7 days'`),
        and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, sql`now() - interval '7 days'`)),
      ),
    );
  await purgeDeliveredMail(db);
}

export function startHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  onError: () => void = () => {},
): () => void {
  const run = () =>
    purgeExpired(db).catch((err) => {
      onError();
      log.warn({ err }, 'housekeeping failed');
    });
  const first = setTimeout(run, 60_000).unref();
  const timer = setInterval(run, HOUR).unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
