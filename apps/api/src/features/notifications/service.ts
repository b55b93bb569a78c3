import {
  DEFAULT_DELIVERY,
  DELIVERIES,
  type Delivery,
  isMandatory,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationDto,
  type NotificationType,
} from '@indiesplit/shared/notifications';
import type { Db } from '../../db/client.ts';
import type { ParamRef } from '../../db/prepared-raw.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { enqueueMail, enqueueMailStep, enqueueMailValues, type MailMessage } from '../../platform/mailer.ts';
import { type NotificationFacts, notificationEmail } from './emails.ts';
import * as repo from './repo.ts';

// The notification model (ADR 0037). Features call `notify` (an audience, set-based) or
// `notifyMember` (one member, with the feature's own email) inside their transaction: the in-app
// notification and its email are written if and only if the change that raised them commits.
// Delivery by the member's preference for the type: 'immediately' queues the email in the outbox,
// 'daily' leaves it for the digest job, 'off' sends none; the in-app notification is always there.
// Mandatory types (security, legally required) always go at once.

type Data = Record<string, string | number | boolean | null>;

export interface CampaignFacts {
  id: string;
  title: string;
  slug: string;
}

/**
 * Who hears of it: members by id, or a campaign's investors and/or followers. `exceptInvestors`
 * (with followers only) leaves out the followers who hold a live investment in the campaign, for an
 * event its investors hear of in their own notification (the end of the offer: its settlement).
 */
export type Audience =
  | { userIds: string[] }
  | {
      campaignId: string;
      investors: boolean;
      followers: boolean;
      except?: string | null;
      exceptInvestors?: boolean;
    };

export interface NotifyInput {
  type: NotificationType;
  campaign?: CampaignFacts | null;
  /** What it is about besides the campaign (an update's id …): one notification per member and subject. */
  subjectId?: string | null;
  /** What the text needs. Never another member's data: every recipient reads the same. */
  data?: Data;
  audience: Audience;
  /**
   * 'own': the caller sends its own email (a message with each member's amount) to the members
   * returned in `immediately`, in the same transaction; none is queued here. The notifications
   * are written set-based all the same, and the digest lists them for the members on 'daily'.
   */
  mail?: 'generic' | 'own';
}

export interface NotifyResult {
  notified: number;
  /** Generic emails queued (0 with `mail: 'own'`). */
  emailed: number;
  /** With `mail: 'own'`: the members who take the type at once, for the caller's own email. */
  immediately: Set<string>;
}

/**
 * Notifies an audience set-based whatever its size, inside the caller's transaction: the recipients
 * are chosen once (with their delivery and language), then notified and mailed by INSERT … SELECT
 * in batches. The email is rendered and stored once per language (it names no one); each reader's
 * outbox row names it.
 */
export async function notify(tx: Db, publicUrl: string, input: NotifyInput): Promise<NotifyResult> {
  const data = input.data ?? {};
  const facts: NotificationFacts = { type: input.type, campaign: input.campaign ?? null, data };
  const own = input.mail === 'own';
  const result = await repo.insertForAudience(tx, {
    type: input.type,
    mandatory: isMandatory(input.type),
    campaignId: input.campaign?.id ?? null,
    subjectId: input.subjectId ?? null,
    data,
    audience: input.audience,
    mail: own
      ? null
      : { en: notificationEmail('en', publicUrl, facts), it: notificationEmail('it', publicUrl, facts) },
  });
  return { notified: result.notified, emailed: result.emailed, immediately: new Set(result.immediately) };
}

export interface NotifyMemberInput {
  type: NotificationType;
  userId: string;
  campaign?: CampaignFacts | null;
  subjectId?: string | null;
  data?: Data;
  /**
   * The feature's own email to the member (a receipt with their amounts). Queued when the member
   * takes this type immediately (always, for a mandatory type); without it the type's generic email
   * is. For the digest only the notification's one line is used.
   */
  mail?: MailMessage;
}

/** Notifies one member; returns where the email went ('none' for a deleted account). */
export async function notifyMember(
  tx: Db,
  publicUrl: string,
  input: NotifyMemberInput,
): Promise<'queued' | 'digest' | 'none'> {
  const member = await repo.memberForDelivery(tx, input.userId, input.type);
  if (!member) return 'none';
  const delivery: Delivery = isMandatory(input.type) ? 'immediately' : member.delivery;
  const email = delivery === 'immediately' ? 'queued' : delivery === 'daily' ? 'digest' : 'none';
  await repo.insertOne(tx, {
    userId: input.userId,
    type: input.type,
    campaignId: input.campaign?.id ?? null,
    subjectId: input.subjectId ?? null,
    data: input.data ?? {},
    email,
  });
  if (email === 'queued') {
    const mail =
      input.mail ??
      ({
        to: member.email,
        userId: input.userId,
        ...notificationEmail(member.language, publicUrl, {
          type: input.type,
          campaign: input.campaign ?? null,
          data: input.data ?? {},
        }),
      } satisfies MailMessage);
    await enqueueMail(tx, mail);
  }
  return email;
}

/**
 * `notifyMember` as steps (for a `WITH` list) of a caller's statement that must do its work in one
 * round trip (a provider's pay-in, ADR 0039): `notify_member` writes the notification once for
 * each row of the step `after` (one row or none), its `email` chosen by the member's preference
 * for the type as `notifyMember` chooses it, and `mail_queued` queues the feature's own email when
 * that is 'queued'. The caller holds the member's row and has checked that the account is live.
 * The values of the parameters are `notifyMemberValues`.
 */
export function notifyMemberSteps(ref: ParamRef, after: string): string {
  const userId = `${ref('notify.userId')}::uuid`;
  const type = `${ref('notify.type')}::text`;
  return `notify_member as (
    insert into notifications (user_id, type, campaign_id, subject_id, data, email)
    select ${userId}, ${type}, ${ref('notify.campaignId')}::uuid, ${ref('notify.subjectId')}::text,
      ${ref('notify.data')}::jsonb,
      case when ${ref('notify.mandatory')}::boolean then 'queued'
        else coalesce((select case p.delivery when 'daily' then 'digest' when 'off' then 'none' else 'queued' end
                         from notification_preferences p where p.user_id = ${userId} and p.type = ${type}),
                      'queued') end
    from ${after}
    returning email
  ), ${enqueueMailStep(ref, 'notify_member')}`;
}

export function notifyMemberValues(
  input: NotifyMemberInput & { mail: MailMessage },
): Record<string, unknown> {
  return {
    'notify.userId': input.userId,
    'notify.type': input.type,
    'notify.campaignId': input.campaign?.id ?? null,
    'notify.subjectId': input.subjectId ?? null,
    'notify.data': JSON.stringify(input.data ?? {}),
    'notify.mandatory': isMandatory(input.type),
    ...enqueueMailValues(input.mail),
  };
}

/** Whether a member's email of this type goes at once (mandatory types always do). */
export async function emailsImmediately(db: Db, userId: string, type: NotificationType): Promise<boolean> {
  if (isMandatory(type)) return true;
  return (await repo.preferenceOf(db, userId, type)) === 'immediately';
}

export async function listNotifications(
  db: Db,
  userId: string,
  before: number | undefined,
): Promise<{ results: NotificationDto[]; next: number | null; unread: number }> {
  const rows = await repo.page(db, userId, before, NOTIFICATIONS_PAGE_SIZE + 1);
  const more = rows.length > NOTIFICATIONS_PAGE_SIZE;
  const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  return {
    results: shown.map((r) => ({
      id: String(r.id),
      type: r.type as NotificationType,
      campaign: r.slug && r.title ? { slug: r.slug, title: r.title } : null,
      data: r.data,
      created_at: r.createdAt.toISOString(),
      read_at: r.readAt ? r.readAt.toISOString() : null,
    })),
    next: more ? (shown.at(-1)?.id ?? null) : null,
    unread: await repo.unreadCount(db, userId),
  };
}

export const unreadCount = (db: Db, userId: string) => repo.unreadCount(db, userId);

export async function markRead(db: Db, userId: string, id: number): Promise<void> {
  if (!(await repo.markRead(db, userId, id))) throw new AppError('notFound', 404);
}

export const markAllRead = (db: Db, userId: string) => repo.markAllRead(db, userId);

export async function preferencesOf(db: Db, userId: string) {
  const chosen = await repo.preferences(db, userId);
  return NOTIFICATION_TYPES.map((type) => ({
    type,
    delivery: isMandatory(type) ? ('immediately' as const) : (chosen.get(type) ?? DEFAULT_DELIVERY),
    locked: isMandatory(type),
  }));
}

export async function setPreferences(
  db: Db,
  userId: string,
  choices: Array<{ type: NotificationType; delivery: Delivery }>,
) {
  for (const c of choices) {
    if (!DELIVERIES.includes(c.delivery)) throw badRequest('invalidValue');
    if (isMandatory(c.type) && c.delivery !== 'immediately') throw badRequest('notificationLocked');
  }
  await db.transaction(async (tx) => {
    for (const c of choices)
      if (!isMandatory(c.type)) await repo.upsertPreference(tx, userId, c.type, c.delivery);
  });
  return preferencesOf(db, userId);
}

/** Account erasure (ADR 0004): a member's notifications and preferences go with their personal data. */
export async function eraseNotificationsOf(tx: Db, userId: string): Promise<void> {
  await repo.eraseOf(tx, userId);
}
