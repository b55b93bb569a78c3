import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { MailMessage } from '../../platform/mailer.ts';
import {
  type CampaignRef,
  campaignUrl,
  keyInformationPdfUrl,
  moneyText,
  type Recipient,
  renderFor,
} from '../campaigns/emails.ts';

// What the settlement worker tells people, in their language: investors when their money is taken
// (funded) or given back (goal missed, campaign cancelled), the developer when the campaign ends.
// Words in the email catalogue (campaigns.*); titles are typed by people, values escaped in the
// HTML. Watchers are told by the campaign's opening (campaigns/emails.ts).

const portfolioUrl = (publicUrl: string) => `${publicUrl}/portfolio`;

export function investmentPostedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  publicUrl: string,
  /** The key information sheet's version the investor acknowledged (ADR 0029), when recorded. */
  keyInformationVersion: number | null = null,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.investmentPosted.subject',
    paragraphs: [
      'layout.hi',
      'campaigns.investmentPosted.body',
      'campaigns.investmentPosted.share',
      ...(keyInformationVersion === null ? [] : (['campaigns.investmentPosted.keyInformation'] as const)),
    ],
    action: { label: 'campaigns.myPortfolio', url: portfolioUrl(publicUrl) },
    values: {
      amount: moneyText(amountCents, c.currency, r.language),
      termMonths: REVENUE_SHARE_TERM_MONTHS,
      version: keyInformationVersion ?? '',
      sheetUrl:
        keyInformationVersion === null
          ? ''
          : keyInformationPdfUrl(publicUrl, c.slug, keyInformationVersion, r.language),
    },
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
    values: { amount: moneyText(amountCents, c.currency, r.language) },
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
    values: { amount: moneyText(raisedCents, c.currency, r.language), investors },
  });
}

export function developerFailedEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.developerFailed.subject',
    paragraphs: ['layout.hi', 'campaigns.developerFailed.body', 'campaigns.developerFailed.help'],
    action: { label: 'campaigns.seeCampaign', url: campaignUrl(publicUrl, c.slug) },
  });
}
