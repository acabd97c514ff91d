import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Translation } from './locales/en';

/**
 * i18next with the three languages of SPEC §1: English by default, the user's choice kept in
 * localStorage, and <html lang> following the language. All three are part of the build (no HTTP
 * backend). The English texts of the login screen are in the entry chunk and the rest of English
 * is a chunk of its own (`loadAllTexts`, awaited by every lazily loaded screen); German and Turkish
 * are chunks of their own, fetched whole when chosen (or at start when chosen before). That keeps
 * the login screen's first load small.
 */
export const LANGUAGES = ['en', 'de', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'ccsc.language';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  de: () => import('./locales/de').then((module) => module.de),
  tr: () => import('./locales/tr').then((module) => module.tr),
};

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
  }
}

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storedLanguage = (): Language => {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

let englishRest: Promise<void> | undefined;

/**
 * The English texts beyond the login screen's (locales/en-more.ts), added to the English bundle;
 * fetched once. Every lazily loaded screen and dialog waits for them (lib/lazy-named.ts).
 */
export const loadAllTexts = (): Promise<void> => {
  englishRest ??= import('./locales/en-more').then(
    ({ enMore }) => {
      i18next.addResourceBundle('en', 'translation', enMore, true, false);
    },
    (err: unknown) => {
      englishRest = undefined; // a failed download may succeed on the next attempt
      throw err;
    },
  );
  return englishRest;
};

const ensureLoaded = async (language: Language): Promise<void> => {
  if (language === 'en') return loadAllTexts();
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await loaders[language]());
};

export const currentLanguage = (): Language =>
  isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;

/** Switches the language (fetching its texts first) and remembers the choice. */
export const changeLanguage = async (language: Language): Promise<void> => {
  await ensureLoaded(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts until the page is reloaded.
  }
  await i18next.changeLanguage(language);
};

/**
 * English is usable as soon as this returns (synchronous init); the promise settles once the
 * remembered language, if another, is active. If its chunk cannot be fetched, English stays.
 */
export const initI18n = (): Promise<void> => {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', (language) => {
      // No document when the login screen is prerendered at build time (app/login-prerender.tsx).
      if (typeof document !== 'undefined') document.documentElement.lang = language;
    });
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
    });
  }
  const language = storedLanguage();
  return language === currentLanguage() ? Promise.resolve() : changeLanguage(language);
};
