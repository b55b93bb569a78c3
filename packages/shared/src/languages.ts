// The two languages of the product (spec §9: en is the fallback). Apart from the message
// catalogue so that the browser can know the languages without loading every message.

export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'it';
}
