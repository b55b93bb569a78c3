import type { Language } from '@indiesplit/shared/messages';
import type { MailMessage } from '../../platform/mailer.ts';
import { type CampaignRef, campaignUrl, type Recipient, render } from '../campaigns/emails.ts';

// What the settlement worker tells people, in their language: investors when their money is taken
// (funded) or given back (goal missed, campaign cancelled), the developer when the campaign ends.
// The layout is the campaign emails' (render); watchers are told by the campaign's opening.

/** "€1,250.00" / "1.250,00 €"; demo money says so, so nobody mistakes it for real euros. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  const amount = new Intl.NumberFormat(language === 'it' ? 'it-IT' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
  if (currency !== 'DEMO') return amount;
  return language === 'it' ? `${amount} (denaro virtuale)` : `${amount} (virtual money)`;
}

const portfolioUrl = (publicUrl: string) => `${publicUrl}/portfolio`;

export function investmentPostedEmail(
  r: Recipient,
  c: CampaignRef,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  const amount = formatMoney(amountCents, c.currency, r.language);
  return r.language === 'it'
    ? render(
        r.to,
        r.userId,
        `«${c.title}» ha raggiunto l’obiettivo`,
        [
          `Ciao ${r.name},`,
          `la campagna di «${c.title}» si è chiusa e ha raggiunto il suo obiettivo. Il tuo investimento di ${amount} è confermato: l’importo che era riservato nel tuo portafoglio è stato trasferito alla campagna.`,
          'Riceverai la tua quota dei ricavi del gioco per 36 mesi dalla sua uscita. Puoi seguire tutto dal tuo portafoglio.',
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
          'You will receive your share of the game’s revenue for 36 months from its launch. You can follow it all from your portfolio.',
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
  const amount = formatMoney(amountCents, c.currency, r.language);
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
  const amount = formatMoney(raisedCents, c.currency, r.language);
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
