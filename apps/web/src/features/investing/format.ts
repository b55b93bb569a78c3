// Money and dates of investing as people read them, in the interface language.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** Integer cents -> "€25,000.50" (en) / "25.000,50 €" (it). Demo euros are labelled by the caller. */
export function formatEuro(cents: number, lang: string): string {
  return cached(
    `eur:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
  ).format(cents / 100);
}

export function formatDateTime(value: string, lang: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return cached(
    `dt:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(d);
}
