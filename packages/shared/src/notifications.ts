import { z } from 'zod';

// Notifications (ADR 0037): what a member is told, in the app at once and by email by their
// preferences. Shared by the API's contracts and the web app's bell, list and Settings.

/** Every kind of notification, in the order Settings lists them. */
export const NOTIFICATION_TYPES = [
  'campaign_update',
  'campaign_opened',
  'campaign_milestone',
  'campaign_ended',
  'question_answered',
  'investment_received',
  'investment_revoked',
  'settlement_result',
  'deposit_credited',
  'withdrawal_paid',
  'payout_received',
  'report_overdue',
  'pitch_decision',
  'key_information_changed',
  'security',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Messages that always reach the member's inbox at once: the account's security, and what the law
 * asks us to tell an investor (the investment's receipt and its revocation, the settlement of their
 * money, a change of the key information they invested on). Their preference cannot be changed.
 */
export const MANDATORY_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'investment_received',
  'investment_revoked',
  'settlement_result',
  'key_information_changed',
  'security',
];

export const isMandatory = (type: NotificationType): boolean => MANDATORY_NOTIFICATION_TYPES.includes(type);

export const DELIVERIES = ['immediately', 'daily', 'off'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** The email delivery a member has until they choose: every type at once. */
export const DEFAULT_DELIVERY: Delivery = 'immediately';

export const NotificationDto = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The campaign it is about, when it is about one (its slug for the link, its title to show). */
  campaign: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /** What the text needs: the update's title, the milestone, the amount in cents… never another member's data. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationListQuery = z.object({
  /** The id of the last notification of the page before (newest first); absent for the first page. */
  before: z.coerce.number().int().positive().optional(),
});

export const NotificationListResponse = z.object({
  results: z.array(NotificationDto),
  /** The `before` of the next page, or null on the last one. */
  next: z.number().int().nullable(),
  unread: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const UnreadCountResponse = z.object({ unread: z.number().int() });

export const NotificationPreference = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  delivery: z.enum(DELIVERIES),
  /** True for the types that cannot be switched (security, legally required). */
  locked: z.boolean(),
});
export const NotificationPreferencesResponse = z.object({ preferences: z.array(NotificationPreference) });
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;

export const NotificationPreferencesRequest = z.object({
  preferences: z
    .array(z.object({ type: z.enum(NOTIFICATION_TYPES), delivery: z.enum(DELIVERIES) }))
    .min(1)
    .max(NOTIFICATION_TYPES.length),
});
