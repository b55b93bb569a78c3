import { describe, expect, it } from 'vitest';
import { type LineValues, reportFormSchema } from './report-form-values.ts';

const line = (over: Partial<LineValues> = {}): LineValues => ({
  store: 'steam',
  gross: '0',
  store_fees: '0',
  refunds: '0',
  taxes: '0',
  ...over,
});

const check = (allowNegative: boolean, ...lines: LineValues[]) =>
  reportFormSchema(allowNegative).safeParse({
    period_kind: 'month',
    month: '2027-03',
    year: '',
    quarter: '1',
    lines,
  });

describe('the revenue report form’s amounts', () => {
  it('takes the Italian and the English format alike', () => {
    expect(check(false, line({ gross: '12.000,00', store_fees: '3,600.50' })).success).toBe(true);
    expect(check(true, line({ gross: '-1.250,00', refunds: '−1,250.00' })).success).toBe(true);
  });

  it('refuses an ambiguous amount with its own message, signed or not', () => {
    const plain = check(false, line({ gross: '1.250' }));
    expect(plain.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.gross', 'amountAmbiguous'],
    ]);
    const signed = check(true, line({ refunds: '-1,250' }));
    expect(signed.error?.issues[0]?.message).toBe('amountAmbiguous');
    expect(check(false, line({ taxes: 'abc' })).error?.issues[0]?.message).toBe('revenue:form.errors.amount');
  });
});
