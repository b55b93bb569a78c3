import type { Language } from '@indiesplit/shared/messages';
import type { MailMessage } from '../../platform/mailer.ts';

// What the platform tells people about a campaign, in their language, and the layout the campaign
// and settlement emails share: plain text is the source; the HTML is the same words with the link
// as a button, every interpolated value escaped (titles are typed by people).

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text plus the same words as HTML with the link as a button; every value escaped. */
export function render(
  to: string,
  userId: string | null,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.url}`, '— IndieSplit'].join('\n\n');
  const body = paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('');
  const button = `<p><a href="${escapeHtml(action.url)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${body}${button}<p>— IndieSplit</p></body></html>`;
  return { to, userId, subject, text, html };
}

export const asLanguage = (value: string): Language => (value === 'it' ? 'it' : 'en');

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

export const campaignUrl = (publicUrl: string, slug: string) => `${publicUrl}/campaigns/${slug}`;

export function campaignOpenEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  const url = campaignUrl(publicUrl, c.slug);
  return r.language === 'it'
    ? render(
        r.to,
        r.userId,
        `«${c.title}» è aperta agli investimenti`,
        [
          'Ciao,',
          `ci avevi chiesto di avvisarti: la campagna di «${c.title}» è partita e da ora puoi investire.`,
          'Prima di decidere, leggi la scheda con le informazioni chiave e i rischi. Ricevi questa email una sola volta.',
        ],
        { label: 'Vai alla campagna', url },
      )
    : render(
        r.to,
        r.userId,
        `“${c.title}” is open for investment`,
        [
          'Hello,',
          `you asked us to tell you: the campaign for “${c.title}” has started and you can invest now.`,
          'Before you decide, read its key investment information and the risks. This is the only email we send about it.',
        ],
        { label: 'See the campaign', url },
      );
}
