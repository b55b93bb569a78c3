// Content of the home page's first screen, in both languages: it ships with the first load.
import type { Language } from '@indiesplit/shared/languages';
import { whyJoin as enWhyJoin } from './en/why-join.ts';
import { whyJoin as itWhyJoin } from './it/why-join.ts';
import { useContentLanguage } from './language.ts';
import type { WhyJoin } from './types.ts';

export interface HomeIntroContent {
  whyJoin: WhyJoin;
}

export const homeIntroContent: Record<Language, HomeIntroContent> = {
  en: { whyJoin: enWhyJoin },
  it: { whyJoin: itWhyJoin },
};

export function useHomeIntroContent(): HomeIntroContent {
  return homeIntroContent[useContentLanguage()];
}
