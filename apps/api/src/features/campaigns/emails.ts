import { renderEmail } from '../../platform/email/render.ts';
import { asLanguage } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';

// The "it is open" email to someone who asked to be told when a campaign opens, in the language
// they watched it in. Words in the email catalogue (campaigns.watcherOpened.*).

export function openedEmail(
  to: string,
  lang: string,
  title: string,
  url: string,
  demo: boolean,
): MailMessage {
  return {
    to,
    ...renderEmail(asLanguage(lang), {
      subject: 'campaigns.watcherOpened.subject',
      paragraphs: [
        demo ? 'campaigns.watcherOpened.bodyDemo' : 'campaigns.watcherOpened.body',
        'campaigns.watcherOpened.why',
      ],
      action: { label: 'campaigns.seeCampaign', url },
      values: { title },
    }),
  };
}
