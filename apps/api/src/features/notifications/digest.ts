import type { NotificationType } from '@indiesplit/shared/notifications';
import type { AppContext } from '../../platform/context.ts';
import { claimLease, type Job, leaseOwner, releaseLease } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import { digestEmail } from './emails.ts';
import * as repo from './repo.ts';

// The daily digest (ADR 0037), a job under its own lease: a member who takes a type "daily" gets
// one email with every waiting notification once the oldest of them is a day old. Each member's
// digest is claimed and queued in one transaction, so a crash sends it once or not at all.

export const DIGEST_LEASE_KEY = 'notifications:digest';
const LEASE_SECONDS = 120;
const BATCH = 500;

export async function runDigests(ctx: AppContext, now: Date): Promise<{ sent: number }> {
  let sent = 0;
  for (const userId of await repo.dueDigests(ctx.db, now, BATCH)) {
    const queued = await ctx.db.transaction(async (tx) => {
      const items = await repo.claimDigest(tx, userId);
      const to = await repo.recipient(tx, userId);
      if (items.length === 0 || !to) return false;
      const email = digestEmail(
        to.language,
        ctx.config.publicUrl,
        items.map((i) => ({
          type: i.type as NotificationType,
          campaign: i.slug && i.title ? { slug: i.slug, title: i.title } : null,
          data: i.data,
        })),
      );
      await enqueueMail(tx, { to: to.email, userId, ...email });
      return true;
    });
    if (queued) sent++;
  }
  if (sent > 0) ctx.mail.nudge();
  return { sent };
}

export function digestJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'notification-digest',
    intervalSeconds,
    async tick(now) {
      const owner = leaseOwner();
      if (!(await claimLease(ctx.db, DIGEST_LEASE_KEY, owner, LEASE_SECONDS))) return { leased: false };
      let error: string | null = null;
      let summary = { sent: 0 };
      try {
        summary = await runDigests(ctx, now);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        throw err;
      } finally {
        await releaseLease(
          ctx.db,
          DIGEST_LEASE_KEY,
          owner,
          { ...summary, at: now.toISOString() },
          error,
        ).catch((err) => ctx.log.warn({ err }, 'could not release the digest lease; it expires'));
      }
      return { leased: true, ...summary };
    },
  };
}
