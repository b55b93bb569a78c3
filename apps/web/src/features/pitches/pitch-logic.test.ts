// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  isCompleteDate,
  isHttpUrl,
  isPdf,
  isReleaseDateAllowed,
  minReleaseDate,
  PLATFORMS,
  parseEuro,
  SERVICE_CHOICES,
} from './pitch-logic.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 30);

describe('pitch rules', () => {
  it('allows a release date from the same day next month', () => {
    expect(minReleaseDate(day(2026, 3, 10))).toBe('2026-04-10');
    expect(minReleaseDate(day(2026, 12, 5))).toBe('2027-01-05');
    // A shorter next month: its last day.
    expect(minReleaseDate(day(2026, 1, 31))).toBe('2026-02-28');
    expect(minReleaseDate(day(2028, 1, 30))).toBe('2028-02-29');
  });

  it('refuses a date less than a month ahead', () => {
    const today = day(2026, 3, 10);
    expect(isReleaseDateAllowed('2026-04-09', today)).toBe(false);
    expect(isReleaseDateAllowed('2026-04-10', today)).toBe(true);
    expect(isReleaseDateAllowed('2030-01-01', today)).toBe(true);
    expect(isReleaseDateAllowed('', today)).toBe(false);
  });

  it('does not judge a year that is still being typed', () => {
    expect(isCompleteDate('0002-05-01')).toBe(false);
    expect(isCompleteDate('2026-05-01')).toBe(true);
    expect(isCompleteDate('2026-5-1')).toBe(false);
  });

  it('reads euro amounts with up to two decimals', () => {
    expect(parseEuro('')).toBeNull();
    expect(parseEuro(' 25000 ')).toBe(25000);
    expect(parseEuro('1500,50')).toBe(1500.5);
    expect(parseEuro('-5')).toBeNaN();
    expect(parseEuro('1e5')).toBeNaN();
    expect(parseEuro('12.345')).toBeNaN();
  });

  it('accepts only PDF files and http(s) links', () => {
    expect(isPdf({ name: 'deck.pdf', type: 'application/pdf' })).toBe(true);
    expect(isPdf({ name: 'deck.PDF', type: '' })).toBe(true);
    expect(isPdf({ name: 'deck.docx', type: 'application/pdf' })).toBe(false);
    expect(isPdf({ name: 'deck.pdf', type: 'text/html' })).toBe(false);
    expect(isHttpUrl('https://youtu.be/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('youtube.com')).toBe(false);
  });

  it('offers the spec’s seven platforms and three service choices', () => {
    expect(PLATFORMS.map((p) => p.value)).toEqual([
      'XBOX SERIES',
      'XBOX ONE',
      'PLAY STATION 5',
      'PLAY STATION 4',
      'NINTENDO SWITCH',
      'META QUEST',
      'PC',
    ]);
    expect(SERVICE_CHOICES).toHaveLength(3);
  });
});
