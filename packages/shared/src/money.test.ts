import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountErrorKey,
  centsFromSql,
  centsToEuroString,
  formatMoney,
  parseEuroToCents,
  readAmount,
  readTypedAmount,
} from './money.ts';

const read = (text: string) => {
  const reading = readAmount(text);
  return reading.ok ? reading.cents : reading.problem;
};

/** 123456789 -> "1,234,567" with `mark` between groups of three. */
function grouped(whole: number, mark: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, mark);
}

describe('readAmount, the one amount rule of imported files', () => {
  it('reads both locales as they mean it', () => {
    expect(read('1.250,00')).toBe(125_000);
    expect(read('1,250.00')).toBe(125_000);
    expect(read('1.250,5')).toBe(125_050);
    expect(read('1,250.5')).toBe(125_050);
    expect(read('1.250.000')).toBe(125_000_000);
    expect(read('1,250,000')).toBe(125_000_000);
    expect(read('1 250,50')).toBe(125_050);
    expect(read('1\u202f250,50 €')).toBe(125_050);
  });

  it('reads the plain forms people type', () => {
    expect(read('1250')).toBe(125_000);
    expect(read('1250.5')).toBe(125_050);
    expect(read('1250,50')).toBe(125_050);
    expect(read(' € 30 ')).toBe(3000);
    expect(read('+12,30')).toBe(1230);
    expect(read('-12,30')).toBe(-1230);
    expect(read('\u221212.30')).toBe(-1230);
    expect(read('-0')).toBe(0);
  });

  it('refuses a lone thousands group as ambiguous', () => {
    for (const text of ['1.250', '1,250', '12.345', '999,000', '-1.250', '0,125']) {
      expect(read(text), text).toBe('ambiguous');
    }
  });

  it('refuses mixed or misplaced marks, more than two decimals and anything else', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '1e3',
      '12,50.00',
      '1.234.5',
      '1,2345',
      '1250.505',
      '1.250,505',
      '1,250.505',
      '1.250.00',
      '1,250,00',
      '1.25.000',
      '--1',
      '1 25',
      '1234567890123',
    ]) {
      expect(read(text), text).toBe('invalid');
    }
  });

  it('reads every amount written the Italian or the English way back to its cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 999_999_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, c) => {
          const decimals = String(c).padStart(2, '0');
          const cents = whole * 100 + c;
          expect(read(`${grouped(whole, '.')},${decimals}`)).toBe(cents);
          expect(read(`${grouped(whole, ',')}.${decimals}`)).toBe(cents);
          expect(read(`${whole},${decimals}`)).toBe(cents);
          expect(read(`${whole}.${decimals}`)).toBe(cents);
        },
      ),
    );
  });

  it('never reads a lone group of three digits as a number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('.', ','),
        (a, b, mark) => {
          expect(read(`${a}${mark}${String(b).padStart(3, '0')}`)).toBe('ambiguous');
        },
      ),
    );
  });

  it('agrees with the form parser on every plain amount, and with the exporter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        const text = centsToEuroString(cents);
        expect(read(text)).toBe(cents);
        expect(read(text.replace('.', ','))).toBe(cents);
        expect(parseEuroToCents(text)).toBe(cents);
      }),
    );
  });
});

describe('parseEuroToCents, what people type in a form', () => {
  it('takes both locales’ formats by the one amount rule, and refuses the ambiguous', () => {
    expect(parseEuroToCents('1250,50')).toBe(125_050);
    expect(parseEuroToCents('12.000,00')).toBe(1_200_000);
    expect(parseEuroToCents('12,000.00')).toBe(1_200_000);
    expect(parseEuroToCents('€ 1.250.000')).toBe(125_000_000);
    expect(parseEuroToCents('')).toBeNull();
    expect(parseEuroToCents('1.250')).toBeUndefined();
    expect(parseEuroToCents('-3')).toBeUndefined();
    expect(parseEuroToCents('+3')).toBeUndefined();
    expect(parseEuroToCents('1000000001')).toBeUndefined();
  });

  it('names the ambiguous refusal so the field can explain it', () => {
    expect(readTypedAmount('1,250')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(amountErrorKey('1.250', 'invalidAmount')).toBe('amountAmbiguous');
    expect(amountErrorKey('12,50.00', 'invalidAmount')).toBe('invalidAmount');
    expect(amountErrorKey('abc', 'investAmountInvalid')).toBe('investAmountInvalid');
  });
});

describe('formatMoney', () => {
  it('writes euros in the reader’s locale, with the cents unless asked to drop whole ones', () => {
    expect(formatMoney(125_050, 'EUR', 'en')).toBe('€1,250.50');
    expect(formatMoney(2_500_000, 'EUR', 'it')).toBe('25.000,00\u00a0€');
    expect(formatMoney(2_500_000, 'EUR', 'en', { trimWhole: true })).toBe('€25,000');
    expect(formatMoney(2_500_050, 'EUR', 'en', { trimWhole: true })).toBe('€25,000.50');
    expect(formatMoney(-300, 'EUR', 'en')).toBe('-€3.00');
  });

  it('writes demo money as euros (the caller says it is virtual)', () => {
    expect(formatMoney(125_050, 'DEMO', 'en')).toBe(formatMoney(125_050, 'EUR', 'en'));
  });
});

describe('centsFromSql', () => {
  it('takes what the drivers give for sums and bigints', () => {
    expect(centsFromSql('125050')).toBe(125_050);
    expect(centsFromSql('-5')).toBe(-5);
    expect(centsFromSql(42)).toBe(42);
    expect(centsFromSql(42n)).toBe(42);
    expect(centsFromSql(null)).toBe(0);
    expect(centsFromSql(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('throws rather than round a sum a number cannot hold, or read a fraction', () => {
    expect(() => centsFromSql('9007199254740993')).toThrow(/safe integer/);
    expect(() => centsFromSql(2n ** 60n)).toThrow(/safe integer/);
    expect(() => centsFromSql(1.5)).toThrow(/safe integer/);
    expect(() => centsFromSql('12.50')).toThrow(/whole number/);
    expect(() => centsFromSql('')).toThrow(/whole number/);
  });
});
