import { UNANSWERED_REMINDER_HOURS } from '@indiesplit/shared/community';
import type { AppContext } from '../../platform/context.ts';
import { claimLease, type Job, leaseOwner, releaseLease } from '../../platform/jobs.ts';
import { notifyStudioOfUnansweredQuestion } from './emails.ts';
import * as repo from './repo.ts';

// Unanswered questions (ADR 0038): during a live offer, a visible question with no answer from the
// studio after UNANSWERED_REMINDER_HOURS reminds the studio, once. The reminder is marked in the
// same transaction as its email is queued, guarded on "not reminded yet", so two rounds (or two
// instances) never send it twice. A job of the platform runner under its own lease.

const BATCH = 200;
const HOUR_MS = 3_600_000;
export const COMMUNITY_REMINDER_LEASE_KEY = 'community:unanswered-reminders';
const LEASE_SECONDS = 120;

export async function remindUnansweredQuestions(ctx: AppContext, now: Date): Promise<number> {
  let reminded = 0;
  const olderThan = new Date(now.getTime() - UNANSWERED_REMINDER_HOURS * HOUR_MS);
  for (const due of await repo.dueForReminder(ctx.db, olderThan, BATCH)) {
    const sent = await ctx.db.transaction(async (tx) => {
      if (!(await repo.markReminded(tx, due.id, now))) return false;
      const question = await repo.getPost(tx, due.id);
      const campaign = question && (await repo.campaignOf(tx, question.campaignId));
      if (!question || !campaign) return false;
      return notifyStudioOfUnansweredQuestion(
        tx,
        ctx.config.publicUrl,
        question,
        campaign,
        UNANSWERED_REMINDER_HOURS,
      );
    });
    if (sent) reminded++;
  }
  if (reminded > 0) ctx.mail.nudge();
  return reminded;
}

/** One round under the lease; null when another instance holds it. */
export async function runCommunityRound(
  ctx: AppContext,
  now: Date = new Date(),
  owner: string = leaseOwner(),
): Promise<{ reminded: number } | null> {
  if (!(await claimLease(ctx.db, COMMUNITY_REMINDER_LEASE_KEY, owner, LEASE_SECONDS))) return null;
  let fatal: string | null = null;
  let reminded = 0;
  try {
    reminded = await remindUnansweredQuestions(ctx, now);
    return { reminded };
  } catch (err) {
    fatal = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    await releaseLease(
      ctx.db,
      COMMUNITY_REMINDER_LEASE_KEY,
      owner,
      { reminded, at: now.toISOString() },
      fatal,
    ).catch((err) => ctx.log.warn({ err }, 'could not release the community lease; it expires'));
  }
}

export function communityRemindersJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'community-reminders',
    intervalSeconds,
    tick: (now) => runCommunityRound(ctx, now),
  };
}
