import type { Language } from '@indiesplit/shared/messages';
import { formatMoney } from '@indiesplit/shared/money';
import { type EmailSpec, renderEmail } from '../../platform/email/render.ts';
import { type EmailKey, emailText, intlLocale } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// What the platform tells people about a campaign, in their language, and what the campaign,
// settlement and revenue emails share: the recipient, the campaign, and the rendering through the
// one email module (platform/email). Words in the email catalogue (campaigns.*).

/** The mail's readers' language as stored; settlement and revenue read it from their rows. */
export { asLanguage } from '../../platform/i18n.ts';

export interface Recipient {
  to: string;
  userId: string | null;
  language: Language;
  name: string;
}

export interface CampaignRef {
  title: string;
  slug: string;
  currency: string;
}

/** The email to one recipient: their name and the campaign's title are values of every text. */
export function renderFor(r: Recipient, title: string, spec: EmailSpec): MailMessage {
  return {
    to: r.to,
    userId: r.userId,
    ...renderEmail(r.language, { ...spec, values: { name: r.name, title, ...spec.values } }),
  };
}

export const campaignUrl = (publicUrl: string, slug: string) => `${publicUrl}/campaigns/${slug}`;

/** The amount in the reader's convention; demo money says so, so nobody mistakes it for real euros. */
export function moneyText(cents: number, currency: string, language: Language): string {
  const amount = formatMoney(cents, 'EUR', intlLocale(language));
  if (currency !== 'DEMO') return amount;
  return emailText(language, 'campaigns.virtualMoney', { amount });
}

/** The PDF of one version of a campaign's key information sheet (ADR 0029), in the reader's language. */
export const keyInformationPdfUrl = (publicUrl: string, slug: string, version: number, language: Language) =>
  `${publicUrl}/api/campaigns/${encodeURIComponent(slug)}/key-information/versions/${version}.pdf?lang=${language}`;

/** A moment as an email states it: the date and time in the reader's convention, in UTC. */
export function momentText(at: Date, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}
export function campaignOpenEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.open.subject',
    paragraphs: ['layout.hello', 'campaigns.open.body', 'campaigns.open.read'],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
  });
}

/** The studio's campaign is open: where to follow it, until when it runs, and what to do meanwhile. */
export function studioCampaignOpenEmail(
  r: Recipient,
  c: CampaignRef,
  deadlineAt: Date | null,
  publicUrl: string,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.studioOpen.subject',
    paragraphs: [
      'layout.hi',
      deadlineAt ? 'campaigns.studioOpen.body' : 'campaigns.studioOpen.bodyNoDeadline',
      'campaigns.studioOpen.next',
    ],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
    values: { deadline: deadlineAt ? momentText(deadlineAt, r.language) : '' },
  });
}

/** The sheet's fields an email can name; a field it does not know is "other terms". */
const FIELD_LABELS: Record<string, EmailKey> = {
  project_owner: 'campaigns.keyInformationChanged.fields.project_owner',
  currency: 'campaigns.keyInformationChanged.fields.terms',
  goal_cents: 'campaigns.keyInformationChanged.fields.goal',
  max_cents: 'campaigns.keyInformationChanged.fields.max',
  min_ticket_cents: 'campaigns.keyInformationChanged.fields.min_ticket',
  revenue_share_bps: 'campaigns.keyInformationChanged.fields.revenue_share',
  term_months: 'campaigns.keyInformationChanged.fields.term',
  starts_at: 'campaigns.keyInformationChanged.fields.dates',
  deadline_at: 'campaigns.keyInformationChanged.fields.dates',
  reflection_seconds: 'campaigns.keyInformationChanged.fields.terms',
  investor_fee_cents: 'campaigns.keyInformationChanged.fields.fees',
  services: 'campaigns.keyInformationChanged.fields.services',
  risks: 'campaigns.keyInformationChanged.fields.risks',
  use_of_funds: 'campaigns.keyInformationChanged.fields.use_of_funds',
};

/**
 * A material change of the key information sheet (ADR 0029): what changed, the new version, and
 * until when the investor may revoke again.
 */
export function keyInformationChangedEmail(
  r: Recipient,
  c: CampaignRef,
  v: { number: number; changes: readonly string[]; revocableUntil: Date },
  publicUrl: string,
): MailMessage {
  const labels = [
    ...new Set(
      v.changes.map((f) =>
        emailText(r.language, FIELD_LABELS[f] ?? 'campaigns.keyInformationChanged.fields.other'),
      ),
    ),
  ];
  return renderFor(r, c.title, {
    subject: 'campaigns.keyInformationChanged.subject',
    paragraphs: [
      'layout.hello',
      'campaigns.keyInformationChanged.body',
      { verbatim: labels.map((l) => `- ${l}`).join('\n') },
      'campaigns.keyInformationChanged.revoke',
    ],
    action: { label: 'campaigns.myPortfolio', url: `${publicUrl}/portfolio` },
    values: { version: v.number, until: momentText(v.revocableUntil, r.language) },
  });
}
