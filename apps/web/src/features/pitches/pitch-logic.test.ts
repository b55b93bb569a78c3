// @vitest-environment jsdom

import type { PitchDto } from '@indiesplit/shared/pitches';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROJECT,
  firstAllowedReleaseDate,
  isCompleteDate,
  isHttpUrl,
  isPdf,
  isPdfSizeAllowed,
  isReleaseDateAllowed,
  minReleaseDate,
  PLATFORMS,
  parseEuro,
  projectFormData,
  SERVICE_CHOICES,
  serviceChoiceKey,
  valuesFromPitch,
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
    // Both locales' grouped formats (ADR 0025).
    expect(parseEuro('25.000,50')).toBe(25000.5);
    expect(parseEuro('25,000.50')).toBe(25000.5);
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

  it('never allows a date the server (which counts in UTC) would refuse', () => {
    const lateEvening = new Date(Date.UTC(2026, 2, 10, 23, 30));
    expect(firstAllowedReleaseDate(lateEvening) >= '2026-04-10').toBe(true);
    expect(firstAllowedReleaseDate(lateEvening) >= minReleaseDate(lateEvening)).toBe(true);
  });

  it('accepts a PDF up to 25 MB, not an empty one', () => {
    expect(isPdfSizeAllowed({ size: 25 * 1024 * 1024 })).toBe(true);
    expect(isPdfSizeAllowed({ size: 25 * 1024 * 1024 + 1 })).toBe(false);
    expect(isPdfSizeAllowed({ size: 0 })).toBe(false);
  });

  it('reads amounts as the server does (at most 1 billion euro, no thousands separators)', () => {
    expect(parseEuro('1000000000')).toBe(1_000_000_000);
    expect(parseEuro('1000000000.01')).toBeNaN();
    expect(parseEuro('25.000')).toBeNaN();
  });
});

describe('the project form body', () => {
  it('sends amounts as typed, the spec default 0, platforms in list order and booleans as text', () => {
    const data = projectFormData({
      ...EMPTY_PROJECT,
      name: ' Pixel Forge ',
      email: 'hi@pixelforge.example',
      project_name: 'Neon Drift',
      expected_production_budget: '1250,50',
      distribution_platforms: ['PC', 'XBOX SERIES'],
      is_debut_title: true,
      expected_release_date: '2030-01-01',
      i_am_looking_for: 'funding',
    });
    expect(data.get('name')).toBe('Pixel Forge');
    expect(data.get('expected_production_budget')).toBe('1250,50');
    expect(data.get('required_funding_size')).toBe('0');
    expect(data.get('distribution_platforms')).toBe('XBOX SERIES,PC');
    expect(data.get('is_debut_title')).toBe('true');
    expect(data.get('plan_to_choose_publisher')).toBe('false');
    // Left empty: not sent (on a resubmission the deck on file stays).
    expect(data.has('pitch_password')).toBe(false);
    expect(data.has('pitch_file')).toBe(false);
  });

  it('prefills the edit form from a pitch sent back for changes', () => {
    const pitch: PitchDto = {
      id: 'p1',
      project_name: 'Neon Drift',
      name: 'Pixel Forge',
      email: 'hi@pixelforge.example',
      status: 'changes_requested',
      decision_message: 'Please detail the budget.',
      expected_production_budget_cents: 2_500_000,
      required_funding_size_cents: 125_050,
      distribution_platforms: ['PC'],
      is_debut_title: false,
      expected_release_date: '2030-06-01',
      i_am_looking_for: ['funding', 'services'],
      plan_to_choose_publisher: true,
      notes: 'Notes',
      trailer_link: null,
      demo_link: 'https://demo.example',
      has_pitch_password: true,
      pdf_bytes: 1000,
      revision: 1,
      submitted_at: '2026-01-01T10:00:00Z',
      decided_at: '2026-01-05T10:00:00Z',
      can_resubmit: true,
    };
    const values = valuesFromPitch(pitch);
    expect(values.expected_production_budget).toBe('25000');
    expect(values.required_funding_size).toBe('1250.50');
    expect(values.i_am_looking_for).toBe('funding,services');
    expect(values.trailer_link).toBe('');
    expect(values.pitch_password).toBe('');
    expect(serviceChoiceKey(pitch.i_am_looking_for)).toBe('fundingServices');
  });
});
