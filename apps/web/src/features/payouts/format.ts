import type { ReportPeriodKind } from '@indiesplit/shared/revenue';
import type { TFunction } from 'i18next';
import { cachedFormatter } from '../../lib/format.ts';

// Figures of the revenue share as investors read them, in the interface language.

/** 0.42 -> "0.42" (en) / "0,42" (it): always two decimals. */
export function formatMultiple(value: number, lang: string): string {
  return cachedFormatter(
    `multiple:${lang}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(value);
}

/** Basis points -> "7.5%". */
export function formatBps(bps: number, lang: string): string {
  return cachedFormatter(
    `bps:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }),
  ).format(bps / 10_000);
}

/** A report's period: "March 2027" for a month, "Q1 2027" for a quarter. */
export function periodLabel(t: TFunction, kind: ReportPeriodKind, start: string, lang: string): string {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  if (kind === 'quarter')
    return t('payouts:period.quarter', { quarter: Math.floor((month - 1) / 3) + 1, year });
  return cachedFormatter(
    `month-year:${lang}`,
    () => new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(year, month - 1, 15)));
}
