import type { Language } from '@indiesplit/shared/languages';
import { renderEmail } from '../../platform/email/render.ts';
import { asLanguage, intlLocale } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// What investing tells an investor about their sophisticated status (ADR 0033), in their language:
// the admin's decision, the reminder before the two years end, and the end. Words in the email
// catalogue (investing.*); the refusal's reason is an admin's own words, shown as typed.

export interface InvestorRecipient {
  userId: string;
  email: string;
  firstName: string;
  username: string;
  language: string;
}

/** "27 November 2028" / "27 novembre 2028". */
const dayText = (d: Date, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

type Kind =
  | 'sophisticatedApproved'
  | 'sophisticatedRefused'
  | 'sophisticatedExpiring'
  | 'sophisticatedExpired';

export function sophisticatedStatusEmail(
  r: InvestorRecipient,
  kind: Kind,
  publicUrl: string,
  details: { until?: Date | null; reason?: string | null },
): MailMessage {
  const language = asLanguage(r.language);
  const reason = kind === 'sophisticatedRefused' && details.reason ? [{ verbatim: details.reason }] : [];
  return {
    to: r.email,
    userId: r.userId,
    ...renderEmail(language, {
      subject: `investing.${kind}.subject`,
      paragraphs: ['layout.hi', `investing.${kind}.body`, ...reason, `investing.${kind}.detail`],
      action: { label: 'investing.profile', url: `${publicUrl}/investor-profile` },
      values: {
        name: r.firstName || r.username,
        until: details.until ? dayText(details.until, language) : '',
      },
    }),
  };
}
