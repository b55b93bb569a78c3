import type { Language } from '@indiesplit/shared/languages';
import type { NotificationType } from '@indiesplit/shared/notifications';
import { type RenderedEmail, renderEmail } from '../../platform/email/render.ts';
import type { EmailKey, TextValues } from '../../platform/i18n.ts';

// The email of a notification when the feature that raised it has none of its own: one text per
// type (email catalogue, notifications.<type>), the same for every recipient in a language, so a
// large audience is rendered twice (en, it) and not once per member. It greets no one by name and
// holds nothing personal: what a member was told about their own money comes with the feature's
// own email.

export interface NotificationFacts {
  type: NotificationType;
  /** The campaign's title and slug, when the notification is about one. */
  campaign?: { title: string; slug: string } | null;
  data: Record<string, string | number | boolean | null>;
}

/**
 * The values of a notification's texts in `lang`: a fact given per language (`update_title_it`
 * beside `update_title`) takes the place of the plain one, so every catalogue names the same
 * placeholders.
 */
const values = (facts: NotificationFacts, lang: Language): TextValues => {
  const out: TextValues = { title: facts.campaign?.title ?? '' };
  for (const [k, v] of Object.entries(facts.data))
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  for (const k of Object.keys(out)) {
    const own = facts.data[`${k}_${lang}`];
    if (typeof own === 'string' || typeof own === 'number') out[k] = own;
  }
  return out;
};

/** Where a notification leads: the campaign page, or the notification centre. */
export function notificationUrl(publicUrl: string, facts: NotificationFacts): string {
  if (facts.campaign) {
    const base = `${publicUrl}/campaigns/${encodeURIComponent(facts.campaign.slug)}`;
    if (facts.type === 'campaign_update') return `${base}#updates`;
    const post = facts.data.post_id;
    return facts.type === 'question_answered' && typeof post === 'string'
      ? `${base}#post-${encodeURIComponent(post)}`
      : base;
  }
  return `${publicUrl}/notifications`;
}

export function notificationEmail(
  lang: Language,
  publicUrl: string,
  facts: NotificationFacts,
): RenderedEmail {
  const key = `notifications.${facts.type}` as const;
  return renderEmail(lang, {
    subject: `${key}.subject` as EmailKey,
    paragraphs: ['layout.hello', `${key}.body` as EmailKey, 'notifications.preferences'],
    action: { label: 'notifications.open', url: notificationUrl(publicUrl, facts) },
    values: values(facts, lang),
  });
}

/** The daily digest: one line per notification, newest first. */
export function digestEmail(lang: Language, publicUrl: string, items: NotificationFacts[]): RenderedEmail {
  const lines = items.map((facts) => ({
    verbatim: `• ${renderEmail(lang, { subject: `notifications.${facts.type}.subject` as EmailKey, paragraphs: [], values: values(facts, lang) }).subject}`,
  }));
  return renderEmail(lang, {
    subject: 'notifications.digest.subject',
    paragraphs: ['layout.hello', 'notifications.digest.body', ...lines, 'notifications.preferences'],
    action: { label: 'notifications.open', url: `${publicUrl}/notifications` },
    values: { count: items.length },
  });
}
