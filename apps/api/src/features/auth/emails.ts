import { RESET_TOKEN_TTL_MINUTES, VERIFICATION_TOKEN_TTL_HOURS } from '@indiesplit/shared/constants';
import type { Language } from '@indiesplit/shared/messages';
import { renderEmail } from '../../platform/email/render.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// Account emails in the recipient's language; words in the email catalogue (auth.*).

export function verificationEmail(
  lang: Language,
  to: string,
  userId: string,
  username: string,
  url: string,
): MailMessage {
  return {
    to,
    userId,
    ...renderEmail(lang, {
      subject: 'auth.verification.subject',
      paragraphs: ['layout.hi', 'auth.verification.body', 'auth.verification.validity'],
      action: { label: 'auth.verification.action', url },
      values: { name: username, hours: VERIFICATION_TOKEN_TTL_HOURS },
    }),
  };
}

export function resetEmail(
  lang: Language,
  to: string,
  userId: string,
  username: string,
  url: string,
): MailMessage {
  return {
    to,
    userId,
    ...renderEmail(lang, {
      subject: 'auth.reset.subject',
      paragraphs: ['layout.hi', 'auth.reset.body', 'auth.reset.validity'],
      action: { label: 'auth.reset.action', url },
      values: { name: username, minutes: RESET_TOKEN_TTL_MINUTES },
    }),
  };
}
