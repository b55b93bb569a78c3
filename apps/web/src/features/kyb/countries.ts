import { COUNTRY_CODES } from '@indiesplit/shared/countries';
import { useMemo } from 'react';

/** Every ISO country, named and sorted in the reader's language. */
export function useCountries(language: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [language]);
}

export const countryName = (code: string, language: string) =>
  new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
