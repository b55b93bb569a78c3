import type { Language } from '@indiesplit/shared/messages';
import { formatMoney } from '@indiesplit/shared/money';
import type { MailMessage } from '../../platform/mailer.ts';

// Funds emails in the member's language: a deposit credited, a withdrawal paid or rejected. Plain
// text is the source; the HTML is the same words, every interpolated value escaped (the rejection
// note is typed by an admin, the IBAN by the member).

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(t: FundsMailTarget, subject: string, paragraphs: string[], action: string): MailMessage {
  const label = t.language === 'it' ? 'Il tuo portafoglio' : 'Your portfolio';
  const text = [...paragraphs, `${label}: ${action}`, '— IndieSplit'].join('\n\n');
  const body = paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('');
  const link = `<p><a href="${escapeHtml(action)}">${escapeHtml(label)}</a></p>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${body}${link}<p>— IndieSplit</p></body></html>`;
  return { to: t.to, userId: t.userId, subject, text, html };
}

export interface FundsMailTarget {
  to: string;
  userId: string;
  language: Language;
  username: string;
}

const portfolio = (publicUrl: string) => `${publicUrl}/portfolio`;

export function depositCreditedEmail(
  t: FundsMailTarget,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  const amount = formatMoney(amountCents, 'EUR', t.language);
  return t.language === 'it'
    ? render(
        t,
        `Abbiamo accreditato ${amount} sul tuo portafoglio`,
        [
          `Ciao ${t.username},`,
          `abbiamo ricevuto il tuo bonifico e accreditato ${amount} sul tuo portafoglio IndieSplit. Puoi usarli subito per investire o chiederne il prelievo.`,
        ],
        portfolio(publicUrl),
      )
    : render(
        t,
        `We credited ${amount} to your wallet`,
        [
          `Hi ${t.username},`,
          `we received your bank transfer and credited ${amount} to your IndieSplit wallet. You can invest it right away or ask to withdraw it.`,
        ],
        portfolio(publicUrl),
      );
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
  const amount = formatMoney(w.amountCents, 'EUR', t.language);
  return t.language === 'it'
    ? render(
        t,
        `Abbiamo ricevuto la tua richiesta di prelievo di ${amount}`,
        [
          `Ciao ${t.username},`,
          `abbiamo ricevuto la tua richiesta di prelevare ${amount} sul conto ${w.maskedIban}. L’importo è riservato nel tuo portafoglio finché non lo paghiamo; ti scriveremo quando il bonifico sarà partito.`,
          'Non sei stato tu? Annulla subito la richiesta dal tuo portafoglio e cambia la password.',
        ],
        portfolio(publicUrl),
      )
    : render(
        t,
        `We received your request to withdraw ${amount}`,
        [
          `Hi ${t.username},`,
          `we received your request to withdraw ${amount} to the account ${w.maskedIban}. The amount is reserved in your wallet until we pay it; we will write again when the transfer has been sent.`,
          'Was this not you? Cancel the request in your wallet straight away and change your password.',
        ],
        portfolio(publicUrl),
      );
}

export function withdrawalPaidEmail(
  t: FundsMailTarget,
  w: { amountCents: number; maskedIban: string; bankReference: string },
  publicUrl: string,
): MailMessage {
  const amount = formatMoney(w.amountCents, 'EUR', t.language);
  return t.language === 'it'
    ? render(
        t,
        `Il tuo prelievo di ${amount} è stato pagato`,
        [
          `Ciao ${t.username},`,
          `abbiamo disposto il bonifico di ${amount} sul conto ${w.maskedIban}. Riferimento bancario: ${w.bankReference}.`,
          'Di solito il denaro arriva entro uno o due giorni lavorativi.',
        ],
        portfolio(publicUrl),
      )
    : render(
        t,
        `Your withdrawal of ${amount} has been paid`,
        [
          `Hi ${t.username},`,
          `we have sent ${amount} by bank transfer to the account ${w.maskedIban}. Bank reference: ${w.bankReference}.`,
          'The money usually arrives within one or two working days.',
        ],
        portfolio(publicUrl),
      );
}

export function withdrawalRejectedEmail(
  t: FundsMailTarget,
  w: { amountCents: number; note: string },
  publicUrl: string,
): MailMessage {
  const amount = formatMoney(w.amountCents, 'EUR', t.language);
  return t.language === 'it'
    ? render(
        t,
        `La tua richiesta di prelievo di ${amount} è stata rifiutata`,
        [
          `Ciao ${t.username},`,
          `non abbiamo potuto pagare la tua richiesta di prelievo di ${amount}. L’importo è di nuovo disponibile nel tuo portafoglio. Ecco il motivo:`,
          w.note,
        ],
        portfolio(publicUrl),
      )
    : render(
        t,
        `Your withdrawal request of ${amount} was rejected`,
        [
          `Hi ${t.username},`,
          `we could not pay your withdrawal request of ${amount}. The amount is available in your wallet again. Here is why:`,
          w.note,
        ],
        portfolio(publicUrl),
      );
}
