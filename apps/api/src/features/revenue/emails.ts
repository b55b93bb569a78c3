import type { Language } from '@indiesplit/shared/messages';
import type { ReportKind, ReportPeriodKind } from '@indiesplit/shared/revenue';
import type { ReminderStep } from '../../db/schema-revenue.ts';
import { emailText, intlLocale } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mailer.ts';
import { type CampaignRef, campaignUrl, moneyText, type Recipient, renderFor } from '../campaigns/emails.ts';

// What the revenue share tells people, in their language: an investor that a payout has reached
// their wallet, a developer that the sales report of a month of the term is due. Words in the email
// catalogue (revenue.*); campaign titles are typed by people, values escaped in the HTML.

export interface PeriodRef {
  kind: ReportKind;
  periodKind: ReportPeriodKind;
  /** YYYY-MM-DD */
  periodStart: string;
}

/** "March 2026" / "marzo 2026". */
export function monthLabel(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** "15 February 2026" / "15 febbraio 2026". */
export function dayLabel(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
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
  return emailText(language, 'revenue.quarter', { quarter, year });
}

export function payoutArrivedEmail(
  r: Recipient,
  c: CampaignRef,
  period: PeriodRef,
  amountCents: number,
  publicUrl: string,
): MailMessage {
  // A phrase inside a sentence: built as plain text, escaped once with the sentence in the HTML.
  const what = emailText(
    r.language,
    period.kind === 'adjustment'
      ? 'revenue.payoutArrived.whatAdjustment'
      : 'revenue.payoutArrived.whatRevenue',
    { period: periodLabel(period, r.language), title: c.title },
  );
  return renderFor(r, c.title, {
    subject: 'revenue.payoutArrived.subject',
    paragraphs: ['layout.hi', 'revenue.payoutArrived.body', 'revenue.payoutArrived.detail'],
    action: { label: 'campaigns.myPortfolio', url: `${publicUrl}/portfolio` },
    values: { amount: moneyText(amountCents, c.currency, r.language), what },
  });
}

/** A developer's report was verified: the period, and the pool it makes for the investors. */
export function reportVerifiedEmail(
  r: Recipient,
  c: CampaignRef,
  report: { campaignId: string; kind: ReportKind; periodKind: ReportPeriodKind; periodStart: string },
  poolCents: number,
  publicUrl: string,
): MailMessage {
  return renderFor(r, c.title, {
    subject: 'revenue.reportVerified.subject',
    paragraphs: [
      'layout.hi',
      'revenue.reportVerified.body',
      poolCents > 0 ? 'revenue.reportVerified.pool' : 'revenue.reportVerified.noPool',
    ],
    action: {
      label: 'revenue.reportDue.action',
      url: `${publicUrl}/my-campaigns/${report.campaignId}/reports`,
    },
    values: {
      period: periodLabel(report, r.language),
      pool: moneyText(poolCents, c.currency, r.language),
    },
  });
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
  const when = emailText(
    r.language,
    due.dueOn === due.today ? 'revenue.reportDue.whenToday' : 'revenue.reportDue.whenPast',
    { day: dayLabel(due.dueOn, r.language) },
  );
  return renderFor(r, c.title, {
    subject: 'revenue.reportDue.subject',
    paragraphs: [
      'layout.hi',
      'revenue.reportDue.body',
      'revenue.reportDue.note',
      'revenue.reportDue.quarterly',
    ],
    action: { label: 'revenue.reportDue.action', url: `${publicUrl}/my-campaigns/${due.campaignId}/reports` },
    values: { month: monthLabel(due.periodStart, r.language), when },
  });
}

/**
 * A month's report is late (ADR 0032): the developer 7 and 30 days after the due day, the admins
 * the day after and at default, the campaign's investors at 30 days.
 */
export function reportEscalationEmail(
  r: Recipient,
  step: Exclude<ReminderStep, 'due'>,
  c: Pick<CampaignRef, 'title' | 'slug'>,
  due: DueReport,
  publicUrl: string,
): MailMessage {
  const values = {
    month: monthLabel(due.periodStart, r.language),
    day: dayLabel(due.dueOn, r.language),
    days: daysBetween(due.dueOn, due.today),
  };
  const page = campaignUrl(publicUrl, c.slug);
  switch (step) {
    case 'late_7':
    case 'late_30':
      return renderFor(r, c.title, {
        subject: 'revenue.late.subject',
        paragraphs: ['layout.hi', 'revenue.late.body', 'revenue.late.consequences'],
        action: { label: 'revenue.late.action', url: `${publicUrl}/my-campaigns/${due.campaignId}/reports` },
        values,
      });
    case 'admin_overdue':
      return renderFor(r, c.title, {
        subject: 'revenue.adminOverdue.subject',
        paragraphs: ['layout.hi', 'revenue.adminOverdue.body'],
        action: { label: 'revenue.adminOverdue.action', url: page },
        values,
      });
    case 'admin_default':
      return renderFor(r, c.title, {
        subject: 'revenue.adminDefault.subject',
        paragraphs: ['layout.hi', 'revenue.adminDefault.body'],
        action: { label: 'revenue.adminDefault.action', url: page },
        values,
      });
    case 'investors_30':
      return renderFor(r, c.title, {
        subject: 'revenue.investorsLate.subject',
        paragraphs: ['layout.hi', 'revenue.investorsLate.body', 'revenue.investorsLate.detail'],
        action: { label: 'revenue.investorsLate.action', url: page },
        values,
      });
  }
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
