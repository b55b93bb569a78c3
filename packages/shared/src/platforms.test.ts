import { describe, expect, it } from 'vitest';
import { PITCH_PLATFORMS, platformLabel } from './pitches.ts';

describe('platform names for people', () => {
  it('writes every platform as its brand does', () => {
    expect(PITCH_PLATFORMS.map(platformLabel)).toEqual([
      'Xbox Series',
      'Xbox One',
      'PlayStation 5',
      'PlayStation 4',
      'Nintendo Switch',
      'Meta Quest',
      'PC',
    ]);
  });

  it('shows an unknown stored value as it is, and nothing inherited', () => {
    expect(platformLabel('SEGA DREAMCAST')).toBe('SEGA DREAMCAST');
    expect(platformLabel('toString')).toBe('toString');
  });
});
