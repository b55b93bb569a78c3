import type { MailMessage } from '../../platform/mailer.ts';
import {
  type CampaignRef,
  keyInformationPdfUrl,
  momentText,
  moneyText,
  type Recipient,
  renderFor,
} from '../campaigns/emails.ts';

// What an investor is told when their own money moves (words in the email catalogue,
// campaigns.*): the receipt of a reservation, and the confirmation of a revocation. Each is queued
// in the transaction that moves the money, so it goes if and only if the money moved.

const portfolioUrl = (publicUrl: string) => `${publicUrl}/portfolio`;

/**
 * The receipt of an investment: the amount, the campaign, the key information sheet's version the
 * investor acknowledged (ADR 0029) and the last moment to revoke (none for a sophisticated
 * investor, whose reflection period ends as it starts).
 */
export function investmentReservedEmail(
  r: Recipient,
  c: CampaignRef,
  v: { amountCents: number; revocableUntil: Date | null; keyInformationVersion: number | null },
  publicUrl: string,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.investmentReserved.subject',
    paragraphs: [
      'layout.hi',
      'campaigns.investmentReserved.body',
      ...(v.keyInformationVersion === null ? [] : (['campaigns.investmentReserved.keyInformation'] as const)),
      v.revocableUntil ? 'campaigns.investmentReserved.revoke' : 'campaigns.investmentReserved.noRevoke',
    ],
    action: { label: 'campaigns.myPortfolio', url: portfolioUrl(publicUrl) },
    values: {
      amount: moneyText(v.amountCents, c.currency, r.language),
      until: v.revocableUntil ? momentText(v.revocableUntil, r.language) : '',
      version: v.keyInformationVersion ?? '',
      sheetUrl:
        v.keyInformationVersion === null
          ? ''
          : keyInformationPdfUrl(publicUrl, c.slug, v.keyInformationVersion, r.language),
    },
  });
}

/** The confirmation of a revocation: the money is free again. */
export function investmentRevokedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'campaigns.investmentRevoked.subject',
    paragraphs: ['layout.hi', 'campaigns.investmentRevoked.body', 'campaigns.investmentRevoked.notYou'],
    action: { label: 'campaigns.myPortfolio', url: portfolioUrl(publicUrl) },
    values: { amount: moneyText(amountCents, c.currency, r.language) },
  });
}
