import { SOPHISTICATED_REMINDER_DAYS } from '@indiesplit/shared/investing';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { claimLease, type Job, leaseOwner, releaseLease } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import * as profileRepo from './profile-repo.ts';
import { sophisticatedStatusEmail } from './sophisticated-emails.ts';

// The end of a sophisticated investor's approval (ADR 0033), a job under its own lease run on the
// business clock: SOPHISTICATED_REMINDER_DAYS before the end the investor is reminded (once: the
// reminder is marked in the same transaction as its email is queued, guarded on "not reminded
// yet"), and at the end the investor is non-sophisticated again (class and status in one update,
// with its email and audit event).

const BATCH = 200;
const DAY_MS = 86_400_000;
export const SOPHISTICATED_LEASE_KEY = 'investing:sophisticated-expiry';
const LEASE_SECONDS = 120;

export interface ExpiryRoundSummary {
  leased: boolean;
  reminded: number;
  expired: number;
}

export async function runSophisticatedExpiry(
  ctx: AppContext,
  now: Date,
): Promise<{ reminded: number; expired: number }> {
  let reminded = 0;
  let expired = 0;
  const remindBefore = new Date(now.getTime() + SOPHISTICATED_REMINDER_DAYS * DAY_MS);
  for (const due of await profileRepo.dueForReminder(ctx.db, remindBefore, now, BATCH)) {
    if (!due.validUntil) continue;
    const validUntil = due.validUntil;
    const sent = await ctx.db.transaction(async (tx) => {
      if (!(await profileRepo.markReminded(tx, due.userId, validUntil, now))) return false;
      const to = await profileRepo.recipientOf(tx, due.userId);
      if (to && !to.deletedAt)
        await enqueueMail(
          tx,
          sophisticatedStatusEmail(
            { userId: due.userId, ...to },
            'sophisticatedExpiring',
            ctx.config.publicUrl,
            {
              until: validUntil,
            },
          ),
        );
      return true;
    });
    if (sent) reminded++;
  }
  for (const due of await profileRepo.dueForExpiry(ctx.db, now, BATCH)) {
    const ended = await ctx.db.transaction(async (tx) => {
      const before = await profileRepo.recipientOf(tx, due.userId);
      const validUntil = await profileRepo.expire(tx, due.userId, now);
      if (!validUntil) return false;
      await recordEvent(tx, {
        userId: due.userId,
        kind: 'sophisticated_status_changed',
        data: { decision: 'expired', valid_until: validUntil.toISOString() },
      });
      if (before && !before.deletedAt)
        await enqueueMail(
          tx,
          sophisticatedStatusEmail(
            { userId: due.userId, ...before },
            'sophisticatedExpired',
            ctx.config.publicUrl,
            {
              until: validUntil,
            },
          ),
        );
      return true;
    });
    if (ended) expired++;
  }
  if (reminded + expired > 0) ctx.mail.nudge();
  return { reminded, expired };
}

/** One round under the lease; `leased` is false when another instance holds it. */
export async function runSophisticatedExpiryRound(
  ctx: AppContext,
  now: Date = new Date(),
  owner: string = leaseOwner(),
): Promise<ExpiryRoundSummary> {
  if (!(await claimLease(ctx.db, SOPHISTICATED_LEASE_KEY, owner, LEASE_SECONDS)))
    return { leased: false, reminded: 0, expired: 0 };
  let fatal: string | null = null;
  let summary: { reminded: number; expired: number } | undefined;
  try {
    summary = await runSophisticatedExpiry(ctx, now);
    return { leased: true, ...summary };
  } catch (err) {
    fatal = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    await releaseLease(
      ctx.db,
      SOPHISTICATED_LEASE_KEY,
      owner,
      { ...summary, at: now.toISOString() },
      fatal,
    ).catch((err) => ctx.log.warn({ err }, 'could not release the sophisticated-expiry lease; it expires'));
  }
}

/** The expiry round as a job of the app's runner. */
export function sophisticatedExpiryJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'sophisticated-expiry',
    intervalSeconds,
    tick: (now) => runSophisticatedExpiryRound(ctx, now),
  };
}
