// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import enAbout from '../i18n/en/about.json';
import enHome from '../i18n/en/home.json';
import enNews from '../i18n/en/news.json';
import itAbout from '../i18n/it/about.json';
import itHome from '../i18n/it/home.json';
import itNews from '../i18n/it/news.json';
import { aboutContent } from './about-content.ts';
import { homeIntroContent } from './home-intro-content.ts';
import { homeSectionsContent } from './home-sections-content.ts';
import { contentLanguage } from './language.ts';

/**
 * The structure of a value with the text taken out: object keys, array lengths and value types.
 * Two languages with the same shape differ only in their wording.
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('structured content', () => {
  it('has the same shape in English and Italian', () => {
    expect(shape(homeIntroContent.it)).toEqual(shape(homeIntroContent.en));
    expect(shape(homeSectionsContent.it)).toEqual(shape(homeSectionsContent.en));
    expect(shape(aboutContent.it)).toEqual(shape(aboutContent.en));
  });

  it('has exactly eight home FAQ questions, with the same ids in the same order', () => {
    expect(homeSectionsContent.en.faq.items).toHaveLength(8);
    expect(homeSectionsContent.it.faq.items.map((i) => i.id)).toEqual(
      homeSectionsContent.en.faq.items.map((i) => i.id),
    );
  });

  it('has five team heads titled CEO, COO, CTO, CMO, CLO and five advisors and staff', () => {
    for (const lang of ['en', 'it'] as const) {
      const about = aboutContent[lang];
      expect(about.teamHeads.map((h) => h.displayTitle)).toEqual(['CEO', 'COO', 'CTO', 'CMO', 'CLO']);
      expect(about.advisorsAndStaff).toHaveLength(5);
      expect(about.partners).toHaveLength(2);
      expect(about.endorsers).toHaveLength(2);
      expect(about.press).toHaveLength(2);
      expect(about.essence.map((e) => e.id)).toEqual(['vision', 'mission']);
    }
  });

  it('uses the same pictures and links in both languages', () => {
    const seeds = (lang: 'en' | 'it') => [
      ...aboutContent[lang].teamHeads.map((h) => [h.image.seed, h.reelUrl]),
      ...aboutContent[lang].advisorsAndStaff.map((m) => m.image.seed),
      ...aboutContent[lang].partners.map((p) => [p.logo.seed, p.url]),
      ...aboutContent[lang].press.map((p) => [p.logo.seed, p.url]),
    ];
    expect(seeds('it')).toEqual(seeds('en'));
  });

  it('keeps the first three why-choose-us cards and at least one more for the halves row', () => {
    expect(homeSectionsContent.en.whyChooseUs.length).toBeGreaterThanOrEqual(4);
  });

  it('links only to https addresses', () => {
    const urls = [
      ...aboutContent.en.teamHeads.map((h) => h.reelUrl),
      ...aboutContent.it.essence.map((e) => e.documentUrl),
      ...aboutContent.en.essence.map((e) => e.documentUrl),
      ...aboutContent.en.partners.map((p) => p.url),
      ...aboutContent.en.press.map((p) => p.url),
    ];
    for (const url of urls) expect(url).toMatch(/^https:\/\//);
  });
});

describe('page translations', () => {
  it.each([
    ['home', enHome, itHome],
    ['about', enAbout, itAbout],
    ['news', enNews, itNews],
  ])('%s has the same keys in English and Italian', (_name, en, it) => {
    expect(keys(it).sort()).toEqual(keys(en).sort());
  });

  it('keeps the press list title in Italian in both languages', () => {
    expect(enAbout.socialProof.pressTitle).toBe('Chi scrive di noi');
    expect(itAbout.socialProof.pressTitle).toBe('Chi scrive di noi');
  });
});

describe('contentLanguage', () => {
  it('maps language tags to a content language, English by default', () => {
    expect(contentLanguage('it')).toBe('it');
    expect(contentLanguage('it-IT')).toBe('it');
    expect(contentLanguage('en-GB')).toBe('en');
    expect(contentLanguage('fr')).toBe('en');
    expect(contentLanguage(undefined)).toBe('en');
  });
});
