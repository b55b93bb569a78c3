import type { Language } from '@indiesplit/shared/messages';
import type { ReportKind, ReportPeriodKind } from '@indiesplit/shared/revenue';
import type { MailMessage } from '../../platform/mailer.ts';
import { type CampaignRef, moneyText, type Recipient, render } from '../settlement/emails.ts';

// What the revenue share tells people, in their language: an investor that a payout has reached
// their wallet, a developer that the sales report of a month of the term is due. Campaign titles
// are typed by people: render() escapes them in the HTML.

export interface PeriodRef {
  kind: ReportKind;
  periodKind: ReportPeriodKind;
  /** YYYY-MM-DD */
  periodStart: string;
}

const locale = (language: Language) => (language === 'it' ? 'it-IT' : 'en-IE');

/** "March 2026" / "marzo 2026". */
export function monthLabel(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** "15 February 2026" / "15 febbraio 2026". */
export function dayLabel(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** "March 2026", "Q2 2026" / "marzo 2026", "2º trimestre 2026". */
export function periodLabel(period: Omit<PeriodRef, 'kind'>, language: Language): string {
  if (period.periodKind === 'month') return monthLabel(period.periodStart, language);
  const year = period.periodStart.slice(0, 4);
  const quarter = Math.floor((Number(period.periodStart.slice(5, 7)) - 1) / 3) + 1;
  return language === 'it' ? `${quarter}º trimestre ${year}` : `Q${quarter} ${year}`;
}

export function payoutArrivedEmail(
  r: Recipient,
  c: CampaignRef,
  period: PeriodRef,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  const amount = moneyText(amountCents, c.currency, r.language);
  const label = periodLabel(period, r.language);
  const url = `${publicUrl}/portfolio`;
  if (r.language === 'it') {
    const what =
      period.kind === 'adjustment'
        ? `la rettifica dei ricavi di ${label} di «${c.title}»`
        : `i ricavi di ${label} di «${c.title}»`;
    return render(
      r.to,
      r.userId,
      `Hai ricevuto ${amount} da «${c.title}»`,
      [
        `Ciao ${r.name},`,
        `abbiamo distribuito la quota dei ricavi per ${what}. La tua parte, ${amount}, è già disponibile nel tuo portafoglio.`,
        'Nel tuo portafoglio trovi il dettaglio del periodo, dalle vendite lorde alla tua quota, e il totale ricevuto finora.',
      ],
      { label: 'Il mio portafoglio', url },
    );
  }
  const what =
    period.kind === 'adjustment'
      ? `the adjustment to ${label}’s revenue of “${c.title}”`
      : `${label}’s revenue of “${c.title}”`;
  return render(
    r.to,
    r.userId,
    `You received ${amount} from “${c.title}”`,
    [
      `Hi ${r.name},`,
      `we have paid out the revenue share for ${what}. Your part, ${amount}, is already available in your wallet.`,
      'Your portfolio shows how the period adds up, from gross sales to your share, and everything you have received so far.',
    ],
    { label: 'My portfolio', url },
  );
}

export interface DueReport {
  campaignId: string;
  /** The month's first day, YYYY-MM-DD. */
  periodStart: string;
  /** The day the report is due, YYYY-MM-DD. */
  dueOn: string;
  /** Today, YYYY-MM-DD: "is due today" or "was due on …". */
  today: string;
}

export function reportDueEmail(
  r: Recipient,
  c: Pick<CampaignRef, 'title'>,
  due: DueReport,
  publicUrl: string,
): MailMessage {
  const month = monthLabel(due.periodStart, r.language);
  const day = dayLabel(due.dueOn, r.language);
  const url = `${publicUrl}/my-campaigns/${due.campaignId}/reports`;
  if (r.language === 'it') {
    const when = due.dueOn === due.today ? `va inviato entro oggi, ${day}` : `andava inviato entro il ${day}`;
    return render(
      r.to,
      r.userId,
      `«${c.title}»: è il momento del rendiconto di ${month}`,
      [
        `Ciao ${r.name},`,
        `il rendiconto delle vendite di «${c.title}» per ${month} ${when}. Gli investitori ricevono la loro quota dei ricavi solo dopo che lo abbiamo verificato.`,
        'Se rendiconti per trimestre, invia il rendiconto del trimestre appena si è concluso. Se l’hai già inviato, ignora pure questa email.',
      ],
      { label: 'Invia il rendiconto', url },
    );
  }
  const when = due.dueOn === due.today ? `is due today, ${day}` : `was due on ${day}`;
  return render(
    r.to,
    r.userId,
    `“${c.title}”: the sales report for ${month} is due`,
    [
      `Hi ${r.name},`,
      `the sales report of “${c.title}” for ${month} ${when}. Investors receive their share of the revenue only once we have verified it.`,
      'If you report by quarter, file the quarter’s report as soon as it has ended. If you have already sent it, please ignore this email.',
    ],
    { label: 'File the report', url },
  );
}
