import { parse } from 'csv-parse/sync';

// The one reading of CSV files people upload (the bank's statement on the server, a store's sales
// report in the browser), with one well-kept parser (csv-parse; the web build maps it to its
// browser bundle). Banks and spreadsheets differ by country, so it accepts: a UTF-8 byte order
// mark, CRLF, LF or CR line ends, comma or semicolon separators (whichever the header row has more
// of), RFC 4180 quoting with "" for a quote and blanks around quoted fields. A stray quote is an
// error that names its line; nothing is guessed. Amounts are read by `readAmount` (money.ts).

export interface CsvRecord {
  /** Line number of the record's first line in the file (the header is line 1). */
  line: number;
  fields: string[];
}

export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

function separatorOf(headerLine: string): ';' | ',' {
  const semicolons = headerLine.split(';').length;
  const commas = headerLine.split(',').length;
  return semicolons > commas ? ';' : ',';
}

const LINE_BREAK = /\r\n|\r|\n/g;
const breaksIn = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * Splits the text into records with the line each starts on; blank records (empty lines, or only
 * separators and blanks) are left out. A malformed file gives the line where reading failed.
 */
export function readCsv(text: string): CsvReading {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = source.split(/\r\n|\r|\n/, 1)[0] ?? '';
  // Each record's line is counted from its raw text (csv-parse counts line ends inside quoted
  // fields its own way): the line breaks of the records before it, blank lines included.
  const records: CsvRecord[] = [];
  let line = 1;
  try {
    parse(source, {
      delimiter: separatorOf(firstLine),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      trim: true,
      raw: true,
      // With `raw`, each record comes as { record, raw } (the option is not in csv-parse's types).
      on_record: (value: string[]) => {
        const { record, raw } = value as unknown as { record: string[]; raw: string };
        if (record.some((field) => field !== '')) records.push({ line, fields: record });
        line += Math.max(1, breaksIn(raw));
        return null;
      },
    });
  } catch {
    // The record that could not be read starts after the last one that could.
    return { ok: false, line };
  }
  return { ok: true, records };
}
