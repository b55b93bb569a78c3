import { MAX_LINE_CENTS, REVENUE_STORES, type RevenueLineInput, type RevenueStore } from './revenue.ts';

// A store's sales export, imported into the revenue report form: a header row naming the columns
// store, gross, store_fees, refunds and taxes (any order, any case), then one row per store with
// amounts in euros. Spreadsheets differ by country, so both separators (comma, semicolon) and both
// decimal marks are read; the amounts become integer cents by string arithmetic, never floats.

export type RevenueCsvResult =
  | { ok: true; lines: RevenueLineInput[] }
  | { ok: false; code: 'revenueCsvInvalid'; row?: number };

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

/** Splits the text into rows of fields; quoted fields may hold separators, quotes ("") and line breaks. */
function splitRows(text: string, separator: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
      continue;
    }
    if (ch === '"') {
      // A quote opens a field only at its start (blanks before it are ignored).
      if (field.trim() !== '' || wasQuoted) return null;
      field = '';
      quoted = true;
      wasQuoted = true;
    } else if (ch === separator) {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
    } else {
      if (wasQuoted && ch?.trim() !== '') return null;
      field += ch;
    }
  }
  if (quoted) return null;
  row.push(field);
  rows.push(row);
  return rows;
}

const PLAIN = /^(\d{1,12})(?:[.,](\d{1,2}))?$/;
// Thousands groups are read only where they cannot be decimals: "1,250.50", "1.250,50", "1,250,000".
// A lone group ("1,250", "1.250") means 1250 in one country and 1.25 in another: refused.
const COMMA_GROUPS = /^(\d{1,3}(?:,\d{3}){2,}|\d{1,3}(?:,\d{3})+(?=\.))(?:\.(\d{1,2}))?$/;
const DOT_GROUPS = /^(\d{1,3}(?:\.\d{3}){2,}|\d{1,3}(?:\.\d{3})+(?=,))(?:,(\d{1,2}))?$/;

/**
 * "1250.50", "1250,50", "1,250.50", "1.250,50", "-12.5", "€ 30" -> cents; anything else (three
 * decimals, a lone thousands group, letters, an empty cell, over MAX_LINE_CENTS) -> null.
 */
export function parseCsvAmount(input: string): number | null {
  let text = input.trim().replace(/€/g, '').trim();
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1).trim();
  }
  const match = PLAIN.exec(text) ?? COMMA_GROUPS.exec(text) ?? DOT_GROUPS.exec(text);
  if (!match?.[1]) return null;
  const whole = match[1].replace(/[.,]/g, '');
  if (whole.length > 12) return null;
  const cents = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_LINE_CENTS) return null;
  return sign * cents || 0;
}

function separatorOf(headerLine: string): string {
  const semicolons = headerLine.split(';').length;
  const commas = headerLine.split(',').length;
  return semicolons > commas ? ';' : ',';
}

/** Reads a revenue CSV into report lines; a bad file names the first bad row (the header is row 1). */
export function parseRevenueCsv(text: string): RevenueCsvResult {
  const bad = (row?: number): RevenueCsvResult =>
    row === undefined
      ? { ok: false, code: 'revenueCsvInvalid' }
      : { ok: false, code: 'revenueCsvInvalid', row };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const rows = splitRows(body, separatorOf(firstLine));
  if (!rows) return bad();
  const header = rows[0]?.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_')) ?? [];
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
  for (let r = 1; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    const rowNumber = r + 1;
    if (cells.every((c) => c.trim() === '')) continue;
    if (cells.length !== header.length) return bad(rowNumber);
    const cell = (c: Column) => cells[index.get(c) ?? -1] ?? '';
    const store = STORE_NAMES[cell('store').trim().toLowerCase()];
    if (!store || seen.has(store)) return bad(rowNumber);
    const amounts = [cell('gross'), cell('store_fees'), cell('refunds'), cell('taxes')].map(parseCsvAmount);
    const [gross, fees, refunds, taxes] = amounts;
    if (gross == null || fees == null || refunds == null || taxes == null) return bad(rowNumber);
    if (lines.length === REVENUE_STORES.length) return bad(rowNumber);
    seen.add(store);
    lines.push({
      store,
      gross_cents: gross,
      store_fees_cents: fees,
      refunds_cents: refunds,
      taxes_cents: taxes,
    });
  }
  if (lines.length === 0) return bad();
  return { ok: true, lines };
}
