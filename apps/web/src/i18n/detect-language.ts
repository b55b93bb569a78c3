import { LANGUAGE_COOKIE } from '@indiesplit/shared/constants';
import { isLanguage, type Language } from '@indiesplit/shared/languages';

// The reader's language, as the spec (§9) orders the places to look (after the language of a page
// the server rendered, see below): what this browser chose
// before (local storage, then the cookie the server reads too), the page's own lang attribute, then
// the browser's languages. The first one the platform speaks wins ("it-IT" is Italian); none, English.
// A choice is kept in both places, the cookie for a year. Written here rather than taken from a
// detection library: it is a few lines, and the home page's script budget is tight.

const STORAGE_KEY = 'i18nextLng';
const YEAR_SECONDS = 365 * 24 * 3600;

const speak = (value: string | null | undefined): Language | undefined => {
  const short = value?.trim().slice(0, 2).toLowerCase();
  return short && isLanguage(short) ? short : undefined;
};

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function cookie(): string | undefined {
  const prefix = `${LANGUAGE_COOKIE}=`;
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

export function detectLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  // A page whose first screen the server rendered is in the language its <html> names: the app's
  // first render must match that HTML (it is the reader's stored choice or browser language anyway).
  const rendered = document.getElementById('root')?.firstElementChild
    ? speak(document.documentElement.lang)
    : undefined;
  if (rendered) return rendered;
  const candidates = [stored(), cookie(), document.documentElement.lang, ...(navigator.languages ?? [])];
  for (const candidate of candidates) {
    const language = speak(candidate);
    if (language) return language;
  }
  return speak(navigator.language) ?? 'en';
}

export function keepLanguage(lng: string): void {
  const language = speak(lng);
  if (!language || typeof document === 'undefined') return;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage refused (private mode): the cookie still keeps it
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox; the cookie tells the server the language
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}
