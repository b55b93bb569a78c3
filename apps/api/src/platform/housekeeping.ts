import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { purgeDeliveredMail } from './mailer.ts';
import { deleteExpiredSessions } from './sessions.ts';

const HOUR = 60 * 60 * 1000;

/** Deletes what a feature keeps that has no use left (its own table: the feature is its writer). */
export type Purge = (db: Db) => Promise<void>;

/**
 * Deletes what has no use left: expired sessions and mail delivered over 30 days ago, then what
 * each feature's purge removes (the app passes them: dead email tokens, for one).
 */
export async function purgeExpired(db: Db, purges: readonly Purge[] = []): Promise<void> {
  await deleteExpiredSessions(db);
  await purgeDeliveredMail(db);
  for (const purge of purges) await purge(db);
}

export function startHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  onError: () => void = () => {},
  purges: readonly Purge[] = [],
): () => void {
  const run = () =>
    purgeExpired(db, purges).catch((err) => {
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
