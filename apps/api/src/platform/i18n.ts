import { LANGUAGE_COOKIE } from '@indiesplit/shared/constants';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@indiesplit/shared/languages';
import { MESSAGES, type MessageKey } from '@indiesplit/shared/messages';
import type { FastifyRequest } from 'fastify';
import { createInstance } from 'i18next';
import en from './email/catalog/en.json' with { type: 'json' };
import it from './email/catalog/it.json' with { type: 'json' };
import { escapeHtml } from './email/escape.ts';
import pagesEn from './pages/en.json' with { type: 'json' };
import pagesIt from './pages/it.json' with { type: 'json' };

// The server's one way to put words in a language: an i18next instance of its own (never the
// global one), holding the shared error catalogue (namespace "errors") and the email catalogue
// (namespace "email"), and the titles and descriptions of the web pages the server writes into the
// app shell (namespace "pages"), all loaded at start. Placeholders are `{name}`, as in the web app's
// catalogues. A language is a catalogue file plus its entry in LANGUAGES: no code chooses texts
// by language.

/** The email catalogue's shape is the English one: a language missing a key does not compile. */
export type EmailCatalogue = typeof en;
export const EMAIL_CATALOGUES: Record<Language, EmailCatalogue> = { en, it };
/** The page catalogue, shaped like the English one. */
const PAGE_CATALOGUES: Record<Language, typeof pagesEn> = { en: pagesEn, it: pagesIt };

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A text of the email catalogue, by its dotted path: `funds.depositCredited.subject`. */
export type EmailKey = Leaves<EmailCatalogue>;
export type TextValues = Record<string, string | number>;

const i18n = createInstance();
void i18n.init({
  initAsync: false,
  resources: Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      { errors: MESSAGES[lang], email: EMAIL_CATALOGUES[lang], pages: PAGE_CATALOGUES[lang] },
    ]),
  ),
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['errors', 'email', 'pages'],
  defaultNS: 'email',
  // Values only: a value that looks like a placeholder or a nesting is left as typed.
  interpolation: { prefix: '{', suffix: '}', escapeValue: false, escape: escapeHtml, skipOnVariables: true },
  returnNull: false,
});

/** An error or notice text of the shared catalogue, `{name}` placeholders filled. */
export function translate(lang: Language, key: MessageKey, params: TextValues = {}): string {
  return i18n.t(key, { lng: lang, ns: 'errors', replace: params });
}

/** An email text as plain text: the values as they are. */
export function emailText(lang: Language, key: EmailKey, values: TextValues = {}): string {
  return i18n.t(key, { lng: lang, ns: 'email', replace: values });
}

/** A page's title or description, by its dotted path in the page catalogue: `home.title`. */
export type PageKey = Leaves<typeof pagesEn>;
export function pageText(lang: Language, key: PageKey): string {
  return i18n.t(key, { lng: lang, ns: 'pages' });
}

/** An email text for HTML: every interpolated value escaped (the catalogue's own words hold no markup). */
export function emailHtml(lang: Language, key: EmailKey, values: TextValues = {}): string {
  return i18n.t(key, { lng: lang, ns: 'email', replace: values, interpolation: { escapeValue: true } });
}

/** The Intl locale that formats dates and numbers for a language ("en-IE", "it-IT"). */
export function intlLocale(lang: Language): string {
  return EMAIL_CATALOGUES[lang].locale;
}

/** A language read from storage or input; anything unknown is the default language. */
export function asLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The language of an answer: the browser's chosen language (the `i18next` cookie the web app keeps),
 * else the first supported language of Accept-Language, else English.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const cookie = req.cookies?.[LANGUAGE_COOKIE]?.slice(0, 2);
  if (isLanguage(cookie)) return cookie;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { lang: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { lang } of ranked) if (isLanguage(lang)) return lang;
  }
  return DEFAULT_LANGUAGE;
}
