import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryNamer, countryOptions } from '../utils/countries';

/** Country names and the sorted choices in the current language. */
export const useCountries = () => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () => ({ nameOf: countryNamer(language), options: countryOptions(language) }),
    [language],
  );
};
