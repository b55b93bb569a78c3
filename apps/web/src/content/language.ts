import { isLanguage, type Language } from '@indiesplit/shared/languages';
import { useTranslation } from 'react-i18next';

/** Picks the content language from a language tag such as "it" or "it-IT"; English otherwise. */
export function contentLanguage(tag: string | undefined): Language {
  const short = tag?.slice(0, 2).toLowerCase();
  return isLanguage(short) ? short : 'en';
}

/** The language to show content in, following the i18n language (re-renders when it changes). */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return contentLanguage(i18n.resolvedLanguage ?? i18n.language);
}
