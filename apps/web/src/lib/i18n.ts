import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { FALLBACK_LANGUAGE, I18N_NAMESPACES, LANGUAGES, STORAGE_KEYS } from '@betoch/contracts/constants';
import { paths } from '@/config/paths';
import { toLanguage } from './i18n-language';

/** `<html lang>` follows the interface language, so screen readers and fonts pick the right one. */
function syncDocumentLanguage(lng: string | undefined): void {
  document.documentElement.lang = toLanguage(lng);
}

/**
 * The namespace of the page the app opens on, asked for at start together with common: otherwise
 * the page asks for it only once its own code has arrived, and its data call waits behind it (the
 * page suspends first), one more round trip before the first screen on a slow network.
 */
function firstScreenNamespaces(pathname: string): string[] {
  if (pathname === paths.home) return ['landing'];
  if (pathname === paths.browse || pathname.startsWith(paths.listing(''))) return ['listings'];
  return [];
}

/**
 * English and Amharic, nine namespaces loaded on demand from /locales/{lng}/{ns}.json. The
 * language is detected from storage (i18nextLng), then the browser; English is the fallback.
 */
export function initI18n() {
  i18n.on('languageChanged', syncDocumentLanguage);
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: ['common', ...firstScreenNamespaces(window.location.pathname)],
      defaultNS: 'common',
      fallbackNS: 'common',
      backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json` },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  syncDocumentLanguage(i18n.language);
  return i18n;
}

export const ALL_NAMESPACES = I18N_NAMESPACES;
export { i18n };
