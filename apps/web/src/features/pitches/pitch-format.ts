// Scores and dates of pitches as people read them, in the interface language.

import { cachedFormatter } from '../../lib/format.ts';

export { formatDate, formatDateTime, formatDay } from '../../lib/format.ts';

/** An average score, one decimal ("3.8" / "3,8"). */
export function formatScore(value: number, lang: string): string {
  return cachedFormatter(
    `score:${lang}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}
