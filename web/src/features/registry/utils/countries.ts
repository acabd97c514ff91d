import { COUNTRY_CODES } from '@ccsc/contract/countries';

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * A country's name in the reader's language (the browser's Intl.DisplayNames): "Germany",
 * "Deutschland", "Almanya". The code itself when the browser has no name for it.
 */
export const countryNamer = (language: string): ((code: string) => string) => {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  } catch {
    names = null;
  }
  return (code: string) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
};

/** Every ISO 3166-1 alpha-2 code with its name in the language, sorted by that name. */
export const countryOptions = (language: string): CountryOption[] => {
  const nameOf = countryNamer(language);
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: nameOf(code) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
};
