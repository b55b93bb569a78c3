import { formatMoney } from '@indiesplit/shared/money';
import type { TFunction } from 'i18next';
import {
  cachedFormatter,
  formatDateTime as formatDateTimeOf,
  formatDay as formatDayOf,
} from '../../lib/format.ts';

// Amounts, shares and times of campaigns as people read them, in the interface language; dates
// are spelled out in full ("March 5, 2025").

/** An amount in the campaign's money: demo amounts always say they are virtual. */
export function formatAmount(t: TFunction, cents: number, currency: string, lang: string): string {
  const amount = formatMoney(cents, currency, lang, { trimWhole: true });
  return currency === 'DEMO' ? t('campaigns:money.virtual', { amount }) : amount;
}

/** Basis points -> "7.5%". */
export function formatShare(bps: number, lang: string): string {
  return cachedFormatter(
    `pct:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }),
  ).format(bps / 10_000);
}

/** An instant (ISO timestamp), in the reader's time zone. */
export function formatDateTime(value: string, lang: string, timeZone?: string): string {
  return formatDateTimeOf(value, lang, 'long', timeZone);
}

/** A calendar day (YYYY-MM-DD), read at noon UTC so no time zone moves it. */
export function formatDay(value: string, lang: string): string {
  return formatDayOf(value, lang, 'long');
}

/** Share of the goal reached, 0–100 (more than the goal shows as 100 on the bar). */
export function progressPercent(committed: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.floor((committed / goal) * 100);
}

function largestUnit(ms: number): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  const minutes = Math.floor(ms / 60_000);
  if (minutes >= 1440) return { unit: 'days', count: Math.floor(minutes / 1440) };
  if (minutes >= 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'minutes', count: Math.max(1, minutes) };
}

/** "12 days left", "5 hours left", "20 minutes left", "Ended". */
export function timeLeftText(t: TFunction, deadline: string, now: number = Date.now()): string {
  const ms = new Date(deadline).getTime() - now;
  if (!(ms > 0)) return t('campaigns:timeLeft.ended');
  const { unit, count } = largestUnit(ms);
  return t(`campaigns:timeLeft.${unit}`, { count });
}

/** "in 3 days", "in 5 hours", "any moment now". */
export function opensInText(t: TFunction, start: string, now: number = Date.now()): string {
  const ms = new Date(start).getTime() - now;
  if (!(ms > 0)) return t('campaigns:opensIn.soon');
  const { unit, count } = largestUnit(ms);
  return t(`campaigns:opensIn.${unit}`, { count });
}
