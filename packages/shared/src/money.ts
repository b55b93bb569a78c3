// Money is integer cents everywhere (never floats). These turn what people type into cents and back,
// by string arithmetic, so "0.1" + "0.2" euros is exactly 30 cents.

/** Largest amount a form may carry: 1 billion euro, far below Number.MAX_SAFE_INTEGER cents. */
export const MAX_EURO_CENTS = 100_000_000_000;

/**
 * "1250", "1250.5", "1250,50", " 3 " -> cents; '' -> null; anything else (negative, three decimals,
 * exponent, thousands separators, over the maximum) -> undefined.
 */
export function parseEuroToCents(input: string): number | null | undefined {
  const text = input.trim().replace(',', '.');
  if (text === '') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_EURO_CENTS ? cents : undefined;
}

/** Cents -> "1250.50" (no grouping; for inputs and APIs). */
export function centsToEuroString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
