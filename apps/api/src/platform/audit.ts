import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

export type AuditKind =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'email_verified'
  | 'email_changed'
  | 'password_changed'
  | 'password_reset'
  | 'password_reset_requested'
  | 'personal_data_erased'
  | 'account_deleted'
  | 'social_login'
  | 'social_signup'
  | 'social_linked'
  | 'social_unlinked'
  // step-up and account recovery (ADR 0015)
  | 'reauthenticated'
  | 'reauth_failed'
  | 'sensitive_change_undone'
  | 'session_revoked'
  // second factors (ADR 0016)
  | 'second_factor_changed'
  | 'second_factor_login'
  | 'second_factor_failed'
  // staff roles, given or taken by the roles command
  | 'staff_role_changed'
  // complaints (ADR 0030)
  | 'complaint_filed'
  | 'complaint_status_changed'
  | 'complaint_assigned'
  | 'complaint_note_added'
  | 'complaint_answered'
  // investor class: an admin's decision on a sophisticated-investor request, or its expiry (ADR 0033)
  | 'sophisticated_status_changed'
  // legal documents (ADR 0034)
  | 'terms_accepted'
  | 'legal_reloaded'
  // studios' verification (KYB, ADR 0036): sent by the studio, decided by staff
  | 'kyb_submitted'
  | 'kyb_approved'
  | 'kyb_refused'
  // community moderation, news and newsletters (ADR 0038)
  | 'community_post_hidden'
  | 'community_post_shown'
  | 'community_post_pinned'
  | 'community_post_unpinned'
  | 'community_reports_dismissed'
  | 'news_published'
  | 'newsletter_sent'
  | 'newsletter_unsubscribed'
  // a pay-in parked in the suspense account, assigned or returned by an admin (ADR 0039)
  | 'payment_suspense_decided'
  | 'payment_reconciliation_run';

export async function recordEvent(
  db: Db,
  event: { userId: string | null; kind: AuditKind; ip?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditEvents).values({
    userId: event.userId,
    kind: event.kind,
    ip: event.ip ?? null,
    data: event.data ?? {},
  });
}

/** Erasure (ADR 0004): the account's events keep what happened, not where from. */
export async function forgetAddressesOf(db: Db, userId: string): Promise<void> {
  await db.update(auditEvents).set({ ip: null }).where(eq(auditEvents.userId, userId));
}
