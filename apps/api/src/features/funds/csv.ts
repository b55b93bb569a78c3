import { parseEuroToCents } from '@indiesplit/shared/money';

// Reading the bank's export of received transfers. Banks and spreadsheets differ in small ways, so
// this accepts: a UTF-8 byte order mark, CRLF or LF, comma or semicolon separators (the header row
// decides), quoted fields with "" for a quote, ISO or day-first dates, and amounts with a thousands
// separator ("1.250,50", "1,250.50"). Anything else is reported row by row, never guessed.

export interface CsvRecord {
  /** Line number of the record's start in the file (the header is line 1). */
  line: number;
  fields: string[];
}

/** Splits CSV text into records (RFC 4180 quoting); blank lines are skipped. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === separator) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** A CSV amount -> positive cents, or undefined (negative, zero, not a number). */
export function csvAmountToCents(input: string): number | undefined {
  let text = input.replace(/[€\s]/g, '').replace(/^\+/, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) text = text.replace(/,/g, '');
  const cents = parseEuroToCents(text);
  return typeof cents === 'number' && cents > 0 ? cents : undefined;
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
