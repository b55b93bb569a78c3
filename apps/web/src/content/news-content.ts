// Member news in both languages (loaded with the news page only).
import type { Language } from '@indiesplit/shared/languages';
import { news as enNews } from './en/news.ts';
import { news as itNews } from './it/news.ts';
import { useContentLanguage } from './language.ts';
import type { NewsEntry } from './types.ts';

export const newsContent: Record<Language, readonly NewsEntry[]> = { en: enNews, it: itNews };

export function useNewsContent(): readonly NewsEntry[] {
  return newsContent[useContentLanguage()];
}
