import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTexts, type Language, LANGUAGES } from '../locales';

/** The spec's storage key for the chosen language (document 1, section 1). */
export const LANGUAGE_KEY = 'srpf-language';

function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

const lazyTexts: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    loadTexts(language, namespace).then(
      (texts) => callback(null, texts as never),
      (error: Error) => callback(error, false),
    );
  },
};

/** Resolves once the common texts of the stored language are loaded; main.tsx renders after it. */
export const i18nReady = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // Every language has every key (locales.test.ts), so no second language is downloaded as a fallback.
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export function setLanguage(language: Language): void {
  void i18n.changeLanguage(language);
}

export { i18n };
