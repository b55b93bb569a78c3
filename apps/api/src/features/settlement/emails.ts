import type { Language } from '@indiesplit/shared/messages';
import { type EmailSpec, renderEmail } from '../../platform/email/render.ts';
import { emailText, intlLocale } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// What the settlement worker tells people, in their language: watchers when a campaign opens,
// investors when their money is taken (funded) or given back (goal missed, campaign cancelled),
// the developer when the campaign ends. Words in the email catalogue (campaigns.*); titles are
// typed by people, values escaped in the HTML.

/** The mail's readers' language as stored; settlement and revenue read it from their rows. */
export { asLanguage } from '../../platform/i18n.ts';

/** "€1,250.00" / "1.250,00 €"; demo money says so, so nobody mistakes it for real euros. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  const amount = new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
  if (currency !== 'DEMO') return amount;
  return emailText(language, 'campaigns.virtualMoney', { amount });
}

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

const campaignUrl = (publicUrl: string, slug: string) => `${publicUrl}/campaigns/${slug}`;
const portfolioUrl = (publicUrl: string) => `${publicUrl}/portfolio`;

export function campaignOpenEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.open.subject',
    paragraphs: ['layout.hello', 'campaigns.open.body', 'campaigns.open.read'],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
  });
}

export function investmentPostedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.investmentPosted.subject',
    paragraphs: ['layout.hi', 'campaigns.investmentPosted.body', 'campaigns.investmentPosted.share'],
    action: { label: 'campaigns.myPortfolio', url: portfolioUrl(publicUrl) },
    values: { amount: formatMoney(amountCents, c.currency, r.language) },
  });
}

export function investmentRefundedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  why: 'failed' | 'cancelled',
  publicUrl: string,
): MailMessage {
  const failed = why === 'failed';
  return renderFor(r, c.title, {
    subject: failed
      ? 'campaigns.investmentRefunded.subjectFailed'
      : 'campaigns.investmentRefunded.subjectCancelled',
    paragraphs: [
      'layout.hi',
      failed ? 'campaigns.investmentRefunded.reasonFailed' : 'campaigns.investmentRefunded.reasonCancelled',
      'campaigns.investmentRefunded.refunded',
    ],
    action: { label: 'campaigns.myPortfolio', url: portfolioUrl(publicUrl) },
    values: { amount: formatMoney(amountCents, c.currency, r.language) },
  });
}

export function developerFundedEmail(
  r: Recipient,
  c: CampaignRef,
  raisedCents: number,
  investors: number,
  publicUrl: string,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.developerFunded.subject',
    paragraphs: ['layout.hi', 'campaigns.developerFunded.body', 'campaigns.developerFunded.services'],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
    values: { amount: formatMoney(raisedCents, c.currency, r.language), investors },
  });
}

export function developerFailedEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.developerFailed.subject',
    paragraphs: ['layout.hi', 'campaigns.developerFailed.body', 'campaigns.developerFailed.help'],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
  });
}
