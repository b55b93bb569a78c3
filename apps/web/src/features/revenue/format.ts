import { parseEuroToCents } from '@indiesplit/shared/money';
import { MAX_LINE_CENTS, type ReportPeriodKind } from '@indiesplit/shared/revenue';
import type { TFunction } from 'i18next';
import { cachedFormatter } from '../../lib/format.ts';

/** "March 2027" / "marzo 2027" for a month; "Q2 2027" / "2º trimestre 2027" for a quarter. */
export function periodLabel(t: TFunction, kind: ReportPeriodKind, periodStart: string, lang: string): string {
  const year = Number(periodStart.slice(0, 4));
  const month = Number(periodStart.slice(5, 7));
  if (kind === 'quarter')
    return t('revenue:period.quarter', { quarter: Math.floor((month - 1) / 3) + 1, year });
  const date = new Date(Date.UTC(year, month - 1, 15));
  return cachedFormatter(
    `month-year:${lang}`,
    () => new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(date);
}

/** Basis points -> "12.5 %" in the reader's language. */
export function formatBps(bps: number, lang: string): string {
  return cachedFormatter(
    `percent:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }),
  ).format(bps / 10_000);
}

/**
 * What a person typed as euros -> cents, exactly (string arithmetic). Empty counts as 0. A leading
 * minus is accepted only where negatives are allowed (adjustments). `undefined`: not an amount.
 */
export function parseAmount(input: string, allowNegative: boolean): number | undefined {
  let text = input.trim().replace(/^\u2212/, '-');
  let sign = 1;
  if (text.startsWith('-')) {
    if (!allowNegative) return undefined;
    sign = -1;
    text = text.slice(1);
  }
  const cents = parseEuroToCents(text);
  if (cents === undefined) return undefined;
  if (cents === null) return sign === 1 ? 0 : undefined;
  if (cents > MAX_LINE_CENTS) return undefined;
  return cents === 0 ? 0 : sign * cents;
}
