// Dates and numbers as people read them, in the interface language (amounts of money: formatMoney
// in packages/shared). Intl formatters are costly to build, so each one is made once per language
// and style, and shared by every screen.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter stored under `key` (which must name every option it was built with), made once. */
export function cachedFormatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** How much of a date is spelled out: "Mar 5, 2025" (medium) or "March 5, 2025" (long). */
export type DateLength = 'medium' | 'long';

/**
 * An instant (ISO timestamp), date and time, in the reader's time zone; or in `timeZone`, named
 * ("10:00 CET"), where the reader's is not known (a page the server renders).
 */
export function formatDateTime(
  value: string,
  lang: string,
  length: DateLength = 'medium',
  timeZone?: string,
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (timeZone)
    return cachedFormatter(
      `datetime:${length}:${lang}:${timeZone}`,
      () => new Intl.DateTimeFormat(lang, { dateStyle: length, timeStyle: 'long', timeZone }),
    ).format(date);
  return cachedFormatter(
    `datetime:${length}:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: length, timeStyle: 'short' }),
  ).format(date);
}

/** An instant's date only, in the reader's time zone. */
export function formatDate(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return cachedFormatter(
    `date:medium:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }),
  ).format(date);
}

/**
 * A calendar day (YYYY-MM-DD) is shown as that day wherever the reader is: it is read at noon UTC
 * and formatted in UTC, so no time zone can move it to the day before.
 */
export function formatDay(value: string, lang: string, length: DateLength = 'medium'): string {
  const date = new Date(`${value.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return cachedFormatter(
    `day:${length}:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: length, timeZone: 'UTC' }),
  ).format(date);
}
