import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTexts, type Language } from '../locales';
import { changeLanguage, currentLanguage, onLanguageChange } from './texts';

/**
 * i18next for every page but the sign-in page, loaded with the first of them (the router imports
 * this module on demand: see lib/texts.ts for why). The language is the one lib/texts.ts keeps.
 */
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

/** Resolves once the common texts of the current language are loaded; the router awaits it before any page. */
export const i18nReady = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    lng: currentLanguage(),
    // Every language has every key (locales.test.ts), so no second language is downloaded as a fallback.
    fallbackLng: false,
    // `errors` words the server's refusals (lib/error-text.ts) on any page.
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// lib/texts.ts stores the choice and sets <html lang>; i18next follows it.
onLanguageChange(() => {
  if (i18n.language !== currentLanguage()) void i18n.changeLanguage(currentLanguage());
});

export function setLanguage(language: Language): void {
  void changeLanguage(language);
}

export { i18n };
