import { describe, expect, it } from 'vitest';
import { parseCsvAmount, parseRevenueCsv } from './revenue-csv.ts';

describe('parseRevenueCsv', () => {
  it('reads a comma-separated file into lines of integer cents', () => {
    const csv = 'store,gross,store_fees,refunds,taxes\nsteam,1250.50,375.15,20,100.05\nXbox,0.10,0.03,0,0\n';
    expect(parseRevenueCsv(csv)).toEqual({
      ok: true,
      lines: [
        {
          store: 'steam',
          gross_cents: 125050,
          store_fees_cents: 37515,
          refunds_cents: 2000,
          taxes_cents: 10005,
        },
        { store: 'xbox', gross_cents: 10, store_fees_cents: 3, refunds_cents: 0, taxes_cents: 0 },
      ],
    });
  });

  it('takes columns in any order and case, a BOM, semicolons, CRLF, quotes and store names', () => {
    const csv =
      '\uFEFF Taxes ;STORE;Gross;Refunds;store_fees\r\n' +
      '"1.000,00";PlayStation;"12.345,67";0,5;"3.703,70"\r\n' +
      '0;"Nintendo";1250,50;-12,30;375\r\n';
    expect(parseRevenueCsv(csv)).toEqual({
      ok: true,
      lines: [
        {
          store: 'playstation',
          gross_cents: 1234567,
          store_fees_cents: 370370,
          refunds_cents: 50,
          taxes_cents: 100000,
        },
        {
          store: 'nintendo',
          gross_cents: 125050,
          store_fees_cents: 37500,
          refunds_cents: -1230,
          taxes_cents: 0,
        },
      ],
    });
  });

  it('reads thousands separators in quoted comma-separated fields and ignores blank lines', () => {
    const csv = 'store,gross,store_fees,refunds,taxes\n\n"Epic","1,250.50","-0.01","0","1,000,000"\n\n';
    expect(parseRevenueCsv(csv)).toEqual({
      ok: true,
      lines: [
        {
          store: 'epic',
          gross_cents: 125050,
          store_fees_cents: -1,
          refunds_cents: 0,
          taxes_cents: 100000000,
        },
      ],
    });
  });

  it('turns amounts into exact cents where floating point would not', () => {
    const cents = (text: string) => {
      const reading = parseCsvAmount(text);
      return reading.ok ? reading.cents : reading.problem;
    };
    expect(cents('0.29')).toBe(29);
    expect(cents('1,15')).toBe(115);
    expect(cents('4.35')).toBe(435);
    expect(cents('-4.35')).toBe(-435);
    expect(cents('€ 30')).toBe(3000);
    expect(cents('-0')).toBe(0);
    expect(cents('100000000')).toBe(10_000_000_000);
    expect(cents('1.250,5')).toBe(125050);
    expect(cents('1,250,000')).toBe(125000000);
  });

  it('refuses amounts it cannot read exactly, and says which could mean two things', () => {
    for (const bad of ['', 'abc', '1.234.5', '1,2345', '1e3', '12,50.00', '100000000.01', '--1']) {
      expect(parseCsvAmount(bad), bad).toEqual({ ok: false, problem: 'invalid' });
    }
    for (const ambiguous of ['12.345', '1,250', '1.250']) {
      expect(parseCsvAmount(ambiguous), ambiguous).toEqual({ ok: false, problem: 'ambiguous' });
    }
  });

  it('names the line of an ambiguous amount with its own message', () => {
    const csv = 'store;gross;store_fees;refunds;taxes\nsteam;"1.250,00";0;0;0\nxbox;1.250;0;0;0\n';
    expect(parseRevenueCsv(csv)).toEqual({ ok: false, code: 'csvAmountAmbiguous', row: 3 });
  });

  it('refuses a header without every column, or with one twice', () => {
    expect(parseRevenueCsv('store,gross,store_fees,refunds\nsteam,1,0,0\n')).toEqual({
      ok: false,
      code: 'revenueCsvInvalid',
      row: 1,
    });
    expect(parseRevenueCsv('store,gross,gross,store_fees,refunds,taxes\nsteam,1,1,0,0,0\n')).toMatchObject({
      ok: false,
      row: 1,
    });
  });

  it('names the row of an unknown store, a duplicate store, a bad amount or a short row', () => {
    const head = 'store,gross,store_fees,refunds,taxes\nsteam,1,0,0,0\n';
    expect(parseRevenueCsv(`${head}itch,1,0,0,0\n`)).toEqual({
      ok: false,
      code: 'revenueCsvInvalid',
      row: 3,
    });
    expect(parseRevenueCsv(`${head}STEAM,1,0,0,0\n`)).toEqual({
      ok: false,
      code: 'revenueCsvInvalid',
      row: 3,
    });
    expect(parseRevenueCsv(`${head}xbox,1.9999,0,0,0\n`)).toEqual({
      ok: false,
      code: 'revenueCsvInvalid',
      row: 3,
    });
    // 1999 euros in Italy, 1.999 in England: refused with its own message.
    expect(parseRevenueCsv(`${head}xbox,1.999,0,0,0\n`)).toEqual({
      ok: false,
      code: 'csvAmountAmbiguous',
      row: 3,
    });
    expect(parseRevenueCsv(`${head}xbox,1,0,0\n`)).toEqual({ ok: false, code: 'revenueCsvInvalid', row: 3 });
    expect(parseRevenueCsv(`${head}xbox,,0,0,0\n`)).toEqual({ ok: false, code: 'revenueCsvInvalid', row: 3 });
  });

  it('refuses more rows than there are stores', () => {
    const stores = ['steam', 'playstation', 'xbox', 'nintendo', 'meta', 'epic', 'other', 'steam'];
    const csv = `store,gross,store_fees,refunds,taxes\n${stores.map((s) => `${s},1,0,0,0`).join('\n')}`;
    expect(parseRevenueCsv(csv)).toEqual({ ok: false, code: 'revenueCsvInvalid', row: 9 });
    expect(
      parseRevenueCsv(
        stores.slice(0, 7).reduce((csv, s) => `${csv}\n${s},1,0,0,0`, 'store,gross,store_fees,refunds,taxes'),
      ),
    ).toMatchObject({ ok: true });
  });

  it('refuses an empty file, a header alone and broken quoting', () => {
    expect(parseRevenueCsv('')).toEqual({ ok: false, code: 'revenueCsvInvalid', row: 1 });
    expect(parseRevenueCsv('store,gross,store_fees,refunds,taxes\n')).toEqual({
      ok: false,
      code: 'revenueCsvInvalid',
    });
    // Broken quoting names the line of the record that could not be read.
    expect(parseRevenueCsv('store,gross,store_fees,refunds,taxes\n"steam,1,0,0,0\n')).toEqual({
      ok: false,
      code: 'revenueCsvInvalid',
      row: 2,
    });
    expect(parseRevenueCsv('store,gross,store_fees,refunds,taxes\nsteam,1,0,0,0\nst"eam",1,0,0,0\n')).toEqual(
      {
        ok: false,
        code: 'revenueCsvInvalid',
        row: 3,
      },
    );
  });
});
