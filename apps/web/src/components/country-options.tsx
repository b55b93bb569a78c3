import { COUNTRY_CODES } from '@indiesplit/shared/countries';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A country's name in `language` (its code when the browser cannot name it). */
export const countryName = (code: string, language: string) =>
  new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;

/**
 * The options of a country `<select>`: an empty choice saying `placeholder`, then every country in
 * the reader's language and order.
 */
export function CountryOptions({ placeholder }: { placeholder: string }) {
  const { i18n } = useTranslation();
  const countries = useCountries(i18n.language);
  return (
    <>
      <option value="">{placeholder}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}
