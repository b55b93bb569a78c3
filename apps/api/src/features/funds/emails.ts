import type { Language } from '@indiesplit/shared/messages';
import { formatMoney } from '@indiesplit/shared/money';
import { type EmailSpec, renderEmail } from '../../platform/email/render.ts';
import { intlLocale } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// Funds emails in the member's language: a deposit credited, a withdrawal requested, paid or
// rejected. Words in the email catalogue (funds.*); the rejection note is typed by an admin and
// the IBAN by the member, so both are values, escaped in the HTML.

export interface FundsMailTarget {
  to: string;
  userId: string;
  language: Language;
  username: string;
}

/** An amount of euros in the reader's convention: "€1,234.50" / "1.234,50 €". */
const euros = (cents: number, language: Language): string => formatMoney(cents, 'EUR', intlLocale(language));

function render(t: FundsMailTarget, publicUrl: string, spec: Omit<EmailSpec, 'action'>): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, {
      ...spec,
      action: { label: 'funds.portfolio', url: `${publicUrl}/portfolio` },
      values: { name: t.username, ...spec.values },
    }),
  };
}

export function depositCreditedEmail(
  t: FundsMailTarget,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  return render(t, publicUrl, {
    subject: 'funds.depositCredited.subject',
    paragraphs: ['layout.hi', 'funds.depositCredited.body'],
    values: { amount: euros(amountCents, t.language) },
  });
}

/**
 * Sent at every request: the member learns at once of a withdrawal they did not ask for (a stolen
 * session) while it can still be cancelled, before an admin pays it.
 */
export function withdrawalRequestedEmail(
  t: FundsMailTarget,
  w: { amountCents: number; maskedIban: string },
  publicUrl: string,
): MailMessage {
  return render(t, publicUrl, {
    subject: 'funds.withdrawalRequested.subject',
    paragraphs: ['layout.hi', 'funds.withdrawalRequested.body', 'funds.withdrawalRequested.notYou'],
    values: { amount: euros(w.amountCents, t.language), iban: w.maskedIban },
  });
}

export function withdrawalPaidEmail(
  t: FundsMailTarget,
  w: { amountCents: number; maskedIban: string; bankReference: string },
  publicUrl: string,
): MailMessage {
  return render(t, publicUrl, {
    subject: 'funds.withdrawalPaid.subject',
    paragraphs: ['layout.hi', 'funds.withdrawalPaid.body', 'funds.withdrawalPaid.arrival'],
    values: {
      amount: euros(w.amountCents, t.language),
      iban: w.maskedIban,
      reference: w.bankReference,
    },
  });
}

export function withdrawalRejectedEmail(
  t: FundsMailTarget,
  w: { amountCents: number; note: string },
  publicUrl: string,
): MailMessage {
  return render(t, publicUrl, {
    subject: 'funds.withdrawalRejected.subject',
    paragraphs: ['layout.hi', 'funds.withdrawalRejected.body', { verbatim: w.note }],
    values: { amount: euros(w.amountCents, t.language) },
  });
}
