import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { campaignListPath, campaignPath } from './campaign-discovery.ts';

describe('the public list addresses', () => {
  it('spells a query always alike, leaving out the first page and empty values', () => {
    expect(campaignListPath({})).toBe('/campaigns/');
    expect(campaignListPath({ page_size: 48, currency: 'DEMO', page: 1 })).toBe(
      '/campaigns/?currency=DEMO&page_size=48',
    );
    expect(campaignListPath({ sort: 'newest', q: 'moss & co', group: 'live', page: 2 })).toBe(
      '/campaigns/?group=live&q=moss+%26+co&sort=newest&page=2',
    );
    expect(campaignPath('a/b')).toBe('/campaigns/a%2Fb');
  });

  it('keeps the modules the public campaign pages load free of the validation library', () => {
    // These two are imported by the campaign pages instead of campaigns.ts and pitches.ts, whose
    // schemas would bring the whole validation library into those pages.
    for (const file of ['./campaign-discovery.ts', './platforms.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^\s*import\s/m);
    }
  });
});
