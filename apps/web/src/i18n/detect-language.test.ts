// @vitest-environment jsdom
import { LANGUAGE_COOKIE } from '@indiesplit/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, keepLanguage } from './detect-language.ts';

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the way the server would
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
};

// The app's own start-up (the test setup loads it) has already chosen and kept a language.
const forget = () => {
  localStorage.clear();
  clearCookie();
  document.documentElement.removeAttribute('lang');
};
beforeEach(forget);
afterEach(() => {
  forget();
  vi.restoreAllMocks();
});

function browserSpeaks(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe("the reader's language", () => {
  it("follows the browser's first language the platform speaks, regional variants included", () => {
    browserSpeaks('de-DE', 'it-IT', 'en');
    expect(detectLanguage()).toBe('it');
    browserSpeaks('fr', 'de');
    expect(detectLanguage()).toBe('en');
  });

  it('prefers an earlier choice: local storage, then the cookie, then the page', () => {
    browserSpeaks('en-GB');
    document.documentElement.lang = 'it';
    expect(detectLanguage()).toBe('it');
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the way the server would
    document.cookie = `${LANGUAGE_COOKIE}=en; path=/`;
    expect(detectLanguage()).toBe('en');
    localStorage.setItem('i18nextLng', 'it');
    expect(detectLanguage()).toBe('it');
  });

  it('keeps a choice in local storage and in the cookie the server reads, and ignores one it does not speak', () => {
    keepLanguage('it');
    expect(localStorage.getItem('i18nextLng')).toBe('it');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=it`);
    keepLanguage('fr');
    expect(localStorage.getItem('i18nextLng')).toBe('it');
  });
});
