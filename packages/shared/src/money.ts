// The one money vocabulary of server and browser (ADR 0025). Money is integer cents everywhere,
// never floats: amounts are read by string arithmetic (so "0.1" + "0.2" euros is exactly 30 cents),
// shown by one Intl formatter, and sums coming back from SQL are checked before they become numbers.

/** An amount in integer cents (minor units). Any number is not a Cents: it is made by a parse or a check. */
export type Cents = number & { readonly __unit: 'cents' };

/** Largest amount a form may carry: 1 billion euro, far below Number.MAX_SAFE_INTEGER cents. */
export const MAX_EURO_CENTS = 100_000_000_000;

/** Digits of the whole part an amount may have (12: up to 999,999,999,999 euros, still safe as cents). */
const MAX_WHOLE_DIGITS = 12;

/** An integer that is safely a number of cents -> Cents; anything else throws. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of cents: ${value}`);
  return value as Cents;
}

/**
 * A sum or a bigint column as the database driver gives it (a string for numeric and bigint, a
 * number, a bigint, or null for a sum over no rows) -> Cents. Throws unless the value is an integer
 * that a JavaScript number holds exactly, so a sum too large for a number can never be rounded
 * silently into a wrong balance. null counts as 0 (SQL's sum over nothing).
 */
export function centsFromSql(value: string | number | bigint | null): Cents {
  if (value === null) return 0 as Cents;
  let n: number;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!/^-?\d+$/.test(text)) throw new RangeError(`SQL amount is not a whole number of cents: "${value}"`);
    n = Number(text);
  } else n = Number(value);
  if (!Number.isSafeInteger(n) || (typeof value === 'bigint' && BigInt(n) !== value)) {
    throw new RangeError(`SQL amount does not fit in a safe integer of cents: ${String(value)}`);
  }
  return (n === 0 ? 0 : n) as Cents;
}

// ---- reading amounts ---------------------------------------------------------------------------

/** "1250", "1250.5", "1250,50": a whole part and at most two decimals after either mark. */
const PLAIN = /^(\d{1,12})(?:[.,](\d{1,2}))?$/;

/**
 * What people type in a form -> cents, by the one amount rule (readAmount, ADR 0025): "1250",
 * "1250,50", "12.000,00" and "12,000.00" alike, with a € sign if they like; '' -> null; anything
 * else (negative, ambiguous like "1.250", three decimals, letters, over the maximum) -> undefined.
 * amountErrorKey says which refusal it was, for the field's message.
 */
export function parseEuroToCents(input: string): Cents | null | undefined {
  const reading = readTypedAmount(input);
  return reading.ok ? reading.cents : undefined;
}

/** A typed amount: empty (null), cents, or why it was refused. */
export type TypedAmountReading = { ok: true; cents: Cents | null } | { ok: false; problem: AmountProblem };

/** readAmount for form fields: empty is allowed (null), signs are not, and the form maximum holds. */
export function readTypedAmount(input: string): TypedAmountReading {
  const text = input.trim();
  if (text === '') return { ok: true, cents: null };
  // A form amount has no sign: a minus is never meant, and a plus only hides a typo.
  if (/^[-+\u2212]/.test(text.replace(/^€\s*/, ''))) return { ok: false, problem: 'invalid' };
  const reading = readAmount(text);
  if (!reading.ok) return reading;
  if (reading.cents > MAX_EURO_CENTS) return { ok: false, problem: 'invalid' };
  return reading;
}

/**
 * The message key for a refused typed amount: the shared "ambiguous" text when the refusal was
 * "1.250"-like, else the field's own key (which says what the field wants).
 */
export function amountErrorKey<K extends string>(input: string, otherwise: K): K | 'amountAmbiguous' {
  const reading = readTypedAmount(input);
  return !reading.ok && reading.problem === 'ambiguous' ? 'amountAmbiguous' : otherwise;
}

/** Why an amount of an imported file was refused. */
export type AmountProblem = 'invalid' | 'ambiguous';

export type AmountReading = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

// Thousands groups are read only where they cannot be decimals: a group mark followed by the other
// mark as decimal mark ("1.250,50" in Italy, "1,250.50" in English), the same mark used at least
// twice ("1.250.000", "1,250,000"), or spaces ("1 250,50").
const DOT_GROUPS = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$|^(\d{1,3}(?:\.\d{3}){2,})$/;
const COMMA_GROUPS = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$|^(\d{1,3}(?:,\d{3}){2,})$/;
const SPACE_GROUPS = /^(\d{1,3}(?: \d{3})+)(?:[.,](\d{1,2}))?$/;
/** One mark and three digits ("1.250", "1,250", "0,125"): 1250 in one country, 1.25 in another. */
const LONE_GROUP = /^\d{1,3}[.,]\d{3}$/;

/**
 * The one amount rule of imported files (bank statements, store sales reports), ADR 0025:
 * - plain: "1250", "1250.5", "1250,50", with an optional sign, a € sign and blanks around;
 * - grouped, read as its locale means it: "1.250,00" (Italian) and "1,250.00" (English) are both
 *   1250.00 euros; "1.250.000" and "1,250,000" are a million and a quarter; "1 250,50" too;
 * - ambiguous, refused: a single mark followed by exactly three digits ("1.250", "1,250"), which
 *   is a thousand and a quarter in one locale and one and a quarter in the other;
 * - invalid, refused: letters, exponents, more than two decimals, mixed or misplaced marks
 *   ("12,50.00", "1.234.5", "1,2345"), an empty cell, more than 12 digits before the decimals.
 * The caller decides whether a negative or zero amount makes sense.
 */
export function readAmount(input: string): AmountReading {
  let text = input
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/€/g, '')
    .trim()
    .replace(/^\u2212/, '-');
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1).trim();
  }
  if (LONE_GROUP.test(text)) return { ok: false, problem: 'ambiguous' };
  let whole: string | undefined;
  let decimals: string | undefined;
  const plain = PLAIN.exec(text);
  if (plain) [, whole, decimals] = plain;
  else {
    const grouped = DOT_GROUPS.exec(text) ?? COMMA_GROUPS.exec(text) ?? SPACE_GROUPS.exec(text);
    if (!grouped) return { ok: false, problem: 'invalid' };
    whole = (grouped[1] ?? grouped[3] ?? '').replace(/[., ]/g, '');
    decimals = grouped[2];
  }
  if (!whole || whole.length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'invalid' };
  const cents = Number(whole) * 100 + Number((decimals ?? '').padEnd(2, '0'));
  return { ok: true, cents: (sign * cents || 0) as Cents };
}

// ---- showing amounts ---------------------------------------------------------------------------

/** Cents -> "1250.50" (no grouping, "." decimal point): for inputs, APIs and CSV exports. */
export function centsToEuroString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface FormatMoneyOptions {
  /** Whole amounts without ",00" ("€25,000" rather than "€25,000.00"): for goals and budgets. */
  trimWhole?: boolean;
}

// Intl formatters are costly to build: one per locale and style, made once and shared.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Integer cents -> "€1,250.50" (en) / "1250,50 €" (it), in the reader's locale. Demo money is
 * virtual euros and is written as euros: saying that it is virtual (a tag, "(virtual money)") is
 * the caller's part, in its own words.
 */
export function formatMoney(
  cents: number,
  currency: string,
  locale: string,
  options: FormatMoneyOptions = {},
): string {
  const code = currency === 'DEMO' ? 'EUR' : currency;
  const whole = options.trimWhole === true && cents % 100 === 0;
  const key = `${locale}:${code}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
