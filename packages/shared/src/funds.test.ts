import { describe, expect, it } from 'vitest';
import {
  euroAmountSchema,
  extractReference,
  formatIban,
  ibanProblem,
  ibanSchema,
  isValidIban,
  maskIban,
} from './funds.ts';

describe('IBAN', () => {
  it('accepts valid Italian, German and French IBANs, in any case and spacing', () => {
    for (const iban of [
      'IT60X0542811101000000123456',
      'it60 x054 2811 1010 0000 0123 456',
      'DE89 3704 0044 0532 0130 00',
      'FR14 2004 1010 0505 0001 3M02 606',
    ])
      expect(isValidIban(iban)).toBe(true);
  });

  it('names what is wrong: checksum, length, country, characters', () => {
    expect(ibanProblem('IT60X0542811101000000123457')).toBe('ibanChecksum');
    expect(ibanProblem('DE89370400440532013000 1')).toBe('ibanLength');
    expect(ibanProblem('FR1420041010050500013M0260')).toBe('ibanLength');
    expect(ibanProblem('QQ89370400440532013000')).toBe('ibanCountry');
    expect(ibanProblem('DE89-3704-0044-0532-0130-00')).toBe('ibanCharacters');
    expect(ibanProblem('')).toBe('ibanCharacters');
  });

  it('is normalised by the schema, with a catalogue key as the error', () => {
    expect(ibanSchema.parse(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(ibanSchema.safeParse('DE88370400440532013000').error?.issues[0]?.message).toBe('invalidIban');
    expect(ibanSchema.safeParse('').error?.issues[0]?.message).toBe('fillMandatory');
    expect(formatIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(maskIban('IT60X0542811101000000123456')).toBe('IT60 •••• 3456');
  });
});

describe('amounts and references', () => {
  it('turns euro strings into cents and refuses what is not a positive amount', () => {
    expect(euroAmountSchema.parse('250,5')).toBe(25_050);
    expect(euroAmountSchema.parse(' 0.01 ')).toBe(1);
    for (const bad of ['0', '-1', 'abc', '1e3', '12,50.00'])
      expect(euroAmountSchema.safeParse(bad).error?.issues[0]?.message).toBe('invalidEuroAmount');
  });

  it('reads both locales’ formats and names an ambiguous amount (ADR 0025)', () => {
    expect(euroAmountSchema.parse('12.000,00')).toBe(1_200_000);
    expect(euroAmountSchema.parse('12,000.00')).toBe(1_200_000);
    for (const ambiguous of ['1.234', '1,234'])
      expect(euroAmountSchema.safeParse(ambiguous).error?.issues[0]?.message).toBe('amountAmbiguous');
  });

  it('finds a personal reference however the bank passed it on', () => {
    expect(extractReference('IS-7K3M-Q9TX')).toBe('IS-7K3M-Q9TX');
    expect(extractReference('bonifico is7k3mq9tx grazie')).toBe('IS-7K3M-Q9TX');
    expect(extractReference('Payment IS 7K3M Q9TX')).toBe('IS-7K3M-Q9TX');
    // Ambiguous characters are never part of a reference; nor is a code inside a longer word.
    expect(extractReference('IS-7K3M-Q9T0')).toBeNull();
    expect(extractReference('THIS-7K3M-Q9TX')).toBeNull();
    expect(extractReference('IS-7K3M-Q9TXA')).toBeNull();
  });
});
