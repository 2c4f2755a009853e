import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources, type Language, LANGUAGES } from '../locales';

/** The spec's storage key for the chosen language (document 1, section 1). */
export const LANGUAGE_KEY = 'srpf-language';

function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
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
