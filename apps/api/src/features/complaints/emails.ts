import type { Language } from '@indiesplit/shared/messages';
import { renderEmail } from '../../platform/email/render.ts';
import { intlLocale } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// Complaint emails in the complainant's language (words in the catalogue's complaints.*). The
// answer is typed by staff: a verbatim paragraph, escaped in the HTML.

export interface ComplaintMailTarget {
  to: string;
  userId: string | null;
  language: Language;
  name: string;
  reference: string;
}

const day = (at: Date, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/** Sent at filing: the reference, when an answer is due, and the private link to the status. */
export function complaintReceivedEmail(
  t: ComplaintMailTarget,
  answerDueAt: Date,
  statusUrl: string,
): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, {
      subject: 'complaints.received.subject',
      paragraphs: [
        'layout.hi',
        'complaints.received.body',
        'complaints.received.deadline',
        'complaints.received.link',
        'complaints.received.contact',
      ],
      action: { label: 'complaints.viewStatus', url: statusUrl },
      values: { name: t.name, reference: t.reference, due: day(answerDueAt, t.language) },
    }),
  };
}

/**
 * The final answer, kept in the register as sent. No link: only the token's hash is kept, and the
 * acknowledgement's link keeps working.
 */
export function complaintAnsweredEmail(t: ComplaintMailTarget, answer: string): MailMessage {
  return {
    to: t.to,
    userId: t.userId,
    ...renderEmail(t.language, {
      subject: 'complaints.answered.subject',
      paragraphs: ['layout.hi', 'complaints.answered.body', { verbatim: answer }, 'complaints.answered.more'],
      values: { name: t.name, reference: t.reference },
    }),
  };
}
