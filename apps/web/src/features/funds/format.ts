// Amounts and dates of the funds screens as people read them, in the interface language.

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** Integer cents -> "€1,250.50" (en) or "1.250,50 €" (it); always with the cents. */
export function formatCents(cents: number, lang: string): string {
  return cached(
    `eur:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
  ).format(cents / 100);
}

export function formatDateTime(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return cached(
    `dt:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(d);
}

/** A calendar date (YYYY-MM-DD) shown as that day wherever the reader is. */
export function formatDay(day: string, lang: string): string {
  const d = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return cached(
    `day:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(d);
}
