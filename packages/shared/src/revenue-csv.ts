import { readCsv } from './csv.ts';
import { type AmountReading, readAmount } from './money.ts';
import { MAX_LINE_CENTS, REVENUE_STORES, type RevenueLineInput, type RevenueStore } from './revenue.ts';

// A store's sales export, imported into the revenue report form: a header row naming the columns
// store, gross, store_fees, refunds and taxes (any order, any case), then one row per store with
// amounts in euros. The file is read by readCsv (csv.ts) and the amounts by the one amount rule of
// imported files (money.ts): "1.250,00" and "1,250.00" as their locales mean them, "1.250" refused
// as ambiguous. A bad file names its first bad line (the header is line 1) and changes nothing.

export type RevenueCsvResult =
  | { ok: true; lines: RevenueLineInput[] }
  | { ok: false; code: 'revenueCsvInvalid' | 'csvAmountAmbiguous'; row?: number };

const COLUMNS = ['store', 'gross', 'store_fees', 'refunds', 'taxes'] as const;
type Column = (typeof COLUMNS)[number];

/** How the stores are named in the file: their code or their name, in any case. */
const STORE_NAMES: Record<string, RevenueStore> = {
  steam: 'steam',
  playstation: 'playstation',
  xbox: 'xbox',
  nintendo: 'nintendo',
  meta: 'meta',
  epic: 'epic',
  other: 'other',
};

/**
 * One amount cell -> cents, by the one amount rule of imported files (readAmount, ADR 0025), within
 * a report line's bounds; `ambiguous` for "1.250" / "1,250", `invalid` for anything else unreadable.
 */
export function parseCsvAmount(input: string): AmountReading {
  const reading = readAmount(input);
  if (reading.ok && Math.abs(reading.cents) > MAX_LINE_CENTS) return { ok: false, problem: 'invalid' };
  return reading;
}

/** Reads a revenue CSV into report lines; a bad file names the first bad line (the header is line 1). */
export function parseRevenueCsv(text: string): RevenueCsvResult {
  const bad = (row?: number, code: 'revenueCsvInvalid' | 'csvAmountAmbiguous' = 'revenueCsvInvalid') =>
    row === undefined ? ({ ok: false, code } as const) : ({ ok: false, code, row } as const);
  const reading = readCsv(text);
  if (!reading.ok) return bad(reading.line);
  const [head, ...rows] = reading.records;
  if (head?.line !== 1) return bad(1);
  const header = head.fields.map((h) => h.toLowerCase().replace(/\s+/g, '_'));
  const index = new Map<Column, number>();
  for (const [i, name] of header.entries()) {
    const column = COLUMNS.find((c) => c === name);
    if (!column) continue;
    if (index.has(column)) return bad(1);
    index.set(column, i);
  }
  if (index.size !== COLUMNS.length) return bad(1);

  const lines: RevenueLineInput[] = [];
  const seen = new Set<RevenueStore>();
  for (const { line, fields } of rows) {
    if (fields.length !== header.length) return bad(line);
    const cell = (c: Column) => fields[index.get(c) ?? -1] ?? '';
    const store = STORE_NAMES[cell('store').toLowerCase()];
    if (!store || seen.has(store)) return bad(line);
    const amounts = [cell('gross'), cell('store_fees'), cell('refunds'), cell('taxes')].map(parseCsvAmount);
    const [gross, fees, refunds, taxes] = amounts;
    if (!gross?.ok || !fees?.ok || !refunds?.ok || !taxes?.ok) {
      const ambiguous = amounts.some((a) => !a.ok && a.problem === 'ambiguous');
      return bad(line, ambiguous ? 'csvAmountAmbiguous' : 'revenueCsvInvalid');
    }
    if (lines.length === REVENUE_STORES.length) return bad(line);
    seen.add(store);
    lines.push({
      store,
      gross_cents: gross.cents,
      store_fees_cents: fees.cents,
      refunds_cents: refunds.cents,
      taxes_cents: taxes.cents,
    });
  }
  if (lines.length === 0) return bad();
  return { ok: true, lines };
}
