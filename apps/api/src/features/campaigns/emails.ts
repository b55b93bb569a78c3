import type { Language } from '@indiesplit/shared/messages';
import { type EmailSpec, renderEmail } from '../../platform/email/render.ts';
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
export function campaignOpenEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.open.subject',
    paragraphs: ['layout.hello', 'campaigns.open.body', 'campaigns.open.read'],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
  });
}
