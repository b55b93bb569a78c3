import type { Language } from '@indiesplit/shared/messages';
import { renderEmail } from '../../platform/email/render.ts';
import type { MailMessage } from '../../platform/mailer.ts';

/**
 * The last email of a deleted account: what was erased, what the law makes us keep. It is bound
 * to no account (the account is a tombstone by the time it goes), and leaves the outbox like any
 * sent mail.
 */
export function accountDeletedEmail(lang: Language, to: string, username: string): MailMessage {
  return {
    to,
    userId: null,
    ...renderEmail(lang, {
      subject: 'auth.deleted.subject',
      paragraphs: ['layout.hi', 'auth.deleted.body', 'auth.deleted.kept', 'auth.deleted.notYou'],
      values: { name: username },
    }),
  };
}
