// Content of the home page's lower sections, in both languages. Only the lazily loaded part of the
// home page imports it, so it stays out of the first-load bundle.
import type { Language } from '@indiesplit/shared/languages';
import { businessModel as enBusinessModel } from './en/business-model.ts';
import { faq as enFaq } from './en/faq.ts';
import { whyChooseUs as enWhyChooseUs } from './en/why-choose-us.ts';
import { businessModel as itBusinessModel } from './it/business-model.ts';
import { faq as itFaq } from './it/faq.ts';
import { whyChooseUs as itWhyChooseUs } from './it/why-choose-us.ts';
import { useContentLanguage } from './language.ts';
import type { BusinessModel, Faq, FeatureCard } from './types.ts';

export interface HomeSectionsContent {
  faq: Faq;
  businessModel: BusinessModel;
  whyChooseUs: readonly FeatureCard[];
}

export const homeSectionsContent: Record<Language, HomeSectionsContent> = {
  en: { faq: enFaq, businessModel: enBusinessModel, whyChooseUs: enWhyChooseUs },
  it: { faq: itFaq, businessModel: itBusinessModel, whyChooseUs: itWhyChooseUs },
};

export function useHomeSectionsContent(): HomeSectionsContent {
  return homeSectionsContent[useContentLanguage()];
}
