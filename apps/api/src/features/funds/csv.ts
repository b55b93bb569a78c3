import { readAmount } from '@indiesplit/shared/money';

// Reading the cells of the bank's export of received transfers; the file itself is split by the
// shared CSV reader (readCsv) and amounts follow the one amount rule of imported files (ADR 0025):
// "1.250,50" and "1,250.50" are read as their locales mean them, "1.250" is refused as ambiguous.
// Anything else is reported row by row, never guessed.

/** A CSV amount -> positive cents; `ambiguous` ("1.250") or `invalid` (negative, zero, not a number). */
export function csvAmountToCents(input: string): number | 'ambiguous' | 'invalid' {
  const reading = readAmount(input);
  if (!reading.ok) return reading.problem;
  return reading.cents > 0 ? reading.cents : 'invalid';
}

/** "2026-03-05", "05/03/2026", "05.03.2026" -> "2026-03-05"; undefined for anything else. */
export function csvDate(input: string): string | undefined {
  const text = input.trim();
  let iso: string | undefined;
  const dayFirst = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = text;
  else if (dayFirst) iso = `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
}
