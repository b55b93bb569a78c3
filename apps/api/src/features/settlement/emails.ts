import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { Language } from '@indiesplit/shared/messages';
import { formatMoney } from '@indiesplit/shared/money';
import type { MailMessage } from '../../platform/mailer.ts';

// What the settlement worker tells people, in their language: watchers when a campaign opens,
// investors when their money is taken (funded) or given back (goal missed, campaign cancelled),
// the developer when the campaign ends. Plain text is the source; the HTML is the same words with
// the link as a button, every interpolated value escaped (titles are typed by people).

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

/** The amount in the reader's language; demo money says so, so nobody mistakes it for real euros. */
export function moneyText(cents: number, currency: string, language: Language): string {
  const amount = formatMoney(cents, currency, language);
  if (currency !== 'DEMO') return amount;
  return language === 'it' ? `${amount} (denaro virtuale)` : `${amount} (virtual money)`;
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

const campaignUrl = (publicUrl: string, slug: string) => `${publicUrl}/campaigns/${slug}`;
const portfolioUrl = (publicUrl: string) => `${publicUrl}/portfolio`;

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

export function investmentPostedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  const amount = moneyText(amountCents, c.currency, r.language);
  return r.language === 'it'
    ? render(
        r.to,
        r.userId,
        `«${c.title}» ha raggiunto l’obiettivo`,
        [
          `Ciao ${r.name},`,
          `la campagna di «${c.title}» si è chiusa e ha raggiunto il suo obiettivo. Il tuo investimento di ${amount} è confermato: l’importo che era riservato nel tuo portafoglio è stato trasferito alla campagna.`,
          `Riceverai la tua quota dei ricavi del gioco per ${REVENUE_SHARE_TERM_MONTHS} mesi dalla sua uscita. Puoi seguire tutto dal tuo portafoglio.`,
        ],
        { label: 'Il mio portafoglio', url: portfolioUrl(publicUrl) },
      )
    : render(
        r.to,
        r.userId,
        `“${c.title}” reached its goal`,
        [
          `Hi ${r.name},`,
          `the campaign for “${c.title}” has closed and reached its goal. Your investment of ${amount} is confirmed: the amount held in your wallet has been moved to the campaign.`,
          `You will receive your share of the game’s revenue for ${REVENUE_SHARE_TERM_MONTHS} months from its launch. You can follow it all from your portfolio.`,
        ],
        { label: 'My portfolio', url: portfolioUrl(publicUrl) },
      );
}

export function investmentRefundedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  why: 'failed' | 'cancelled',
  publicUrl: string,
): MailMessage {
  const amount = moneyText(amountCents, c.currency, r.language);
  if (r.language === 'it') {
    const reason =
      why === 'failed'
        ? `la campagna di «${c.title}» si è chiusa senza raggiungere il suo obiettivo, quindi non parte.`
        : `la campagna di «${c.title}» è stata annullata.`;
    return render(
      r.to,
      r.userId,
      why === 'failed'
        ? `«${c.title}» non ha raggiunto l’obiettivo: ti abbiamo rimborsato`
        : `«${c.title}» è stata annullata: ti abbiamo rimborsato`,
      [
        `Ciao ${r.name},`,
        reason,
        `Ti abbiamo restituito per intero i ${amount} che avevi investito: sono di nuovo disponibili nel tuo portafoglio, senza alcun costo.`,
      ],
      { label: 'Il mio portafoglio', url: portfolioUrl(publicUrl) },
    );
  }
  const reason =
    why === 'failed'
      ? `the campaign for “${c.title}” closed without reaching its goal, so it will not go ahead.`
      : `the campaign for “${c.title}” has been cancelled.`;
  return render(
    r.to,
    r.userId,
    why === 'failed'
      ? `“${c.title}” missed its goal: you have been refunded`
      : `“${c.title}” was cancelled: you have been refunded`,
    [
      `Hi ${r.name},`,
      reason,
      `The ${amount} you invested has been refunded in full: it is available in your wallet again, at no cost to you.`,
    ],
    { label: 'My portfolio', url: portfolioUrl(publicUrl) },
  );
}

export function developerFundedEmail(
  r: Recipient,
  c: CampaignRef,
  raisedCents: number,
  investors: number,
  publicUrl: string,
): MailMessage {
  const amount = moneyText(raisedCents, c.currency, r.language);
  const url = campaignUrl(publicUrl, c.slug);
  return r.language === 'it'
    ? render(
        r.to,
        r.userId,
        `Congratulazioni: «${c.title}» è finanziato!`,
        [
          `Ciao ${r.name},`,
          `la campagna di «${c.title}» si è chiusa con ${amount} raccolti da ${investors} investitori e ha raggiunto l’obiettivo.`,
          'I servizi per lo sviluppatore previsti dalla campagna sono attivi: il nostro team ti contatterà nei prossimi giorni per iniziare.',
        ],
        { label: 'Vai alla campagna', url },
      )
    : render(
        r.to,
        r.userId,
        `Congratulations: “${c.title}” is funded!`,
        [
          `Hi ${r.name},`,
          `the campaign for “${c.title}” has closed with ${amount} raised from ${investors} investors and reached its goal.`,
          'The developer services of the campaign are now active: our team will get in touch in the next few days to get started.',
        ],
        { label: 'See the campaign', url },
      );
}

export function developerFailedEmail(r: Recipient, c: CampaignRef, publicUrl: string): MailMessage {
  const url = campaignUrl(publicUrl, c.slug);
  return r.language === 'it'
    ? render(
        r.to,
        r.userId,
        `«${c.title}» non ha raggiunto l’obiettivo`,
        [
          `Ciao ${r.name},`,
          `la campagna di «${c.title}» si è chiusa senza raggiungere il suo obiettivo. Come previsto dalle regole «tutto o niente», ogni investitore viene rimborsato per intero.`,
          'Il nostro team è a disposizione per capire insieme a te come ripartire.',
        ],
        { label: 'Vai alla campagna', url },
      )
    : render(
        r.to,
        r.userId,
        `“${c.title}” did not reach its goal`,
        [
          `Hi ${r.name},`,
          `the campaign for “${c.title}” closed without reaching its goal. As the all-or-nothing rules say, every investor is being refunded in full.`,
          'Our team is glad to help you work out what to do next.',
        ],
        { label: 'See the campaign', url },
      );
}
