// Amounts and dates of pitches as people read them, in the interface language. Intl formatters are
// costly to build, so each one is made once per language.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Integer cents -> "€ 25.000,00" (it) or "€25,000.00" (en). Whole amounts drop the decimals. */
export function formatEuro(cents: number, lang: string): string {
  const whole = cents % 100 === 0;
  const formatter = cached(
    `euro:${lang}:${whole}`,
    () =>
      new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  );
  return formatter.format(cents / 100);
}

/**
 * A calendar date (YYYY-MM-DD) is shown as that day wherever the reader is: it is read at noon UTC
 * and formatted in UTC, so no time zone can move it to the day before.
 */
export function formatDay(value: string, lang: string): string {
  const day = value.slice(0, 10);
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `day:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

/** An instant (ISO timestamp) in the reader's time zone. */
export function formatDateTime(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `time:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

/** An instant's date only, in the reader's time zone. */
export function formatDate(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(`date:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' })).format(date);
}

/** An average score, one decimal ("3.8" / "3,8"). */
export function formatScore(value: number, lang: string): string {
  return cached(
    `score:${lang}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}
