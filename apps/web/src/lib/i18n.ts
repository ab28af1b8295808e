import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { FALLBACK_LANGUAGE, I18N_NAMESPACES, LANGUAGE_COOKIE, LANGUAGES, STORAGE_KEYS } from '@betoch/contracts/constants';
import { firstScreenFor } from '@/config/first-screens';
import { toLanguage } from './i18n-language';

/** `<html lang>` follows the interface language, so screen readers and fonts pick the right one. */
function syncDocumentLanguage(lng: string | undefined): void {
  document.documentElement.lang = toLanguage(lng);
}

/**
 * The namespaces of the page the app opens on, asked for at start together with common: otherwise
 * the page asks for them only once its own code has arrived, and its data call waits behind them
 * (the page suspends first), one more round trip before the first screen on a slow network. The
 * server names the same files in the page it sends (config/first-screens.ts).
 */
function firstScreenNamespaces(pathname: string): readonly string[] {
  return firstScreenFor(pathname)?.namespaces ?? [];
}

/**
 * English and Amharic, nine namespaces loaded on demand from /locales/{lng}/{ns}.json. The
 * language is detected from storage (i18nextLng), then the browser; English is the fallback.
 * Settles when the first screen's texts are here (or could not be had).
 */
export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', syncDocumentLanguage);
  const ready = i18n
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
        // The cookie only tells the server which texts to name in the page (LANGUAGE_COOKIE).
        caches: ['localStorage', 'cookie'],
        lookupCookie: LANGUAGE_COOKIE,
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  syncDocumentLanguage(i18n.language);
  return ready;
}

export const ALL_NAMESPACES = I18N_NAMESPACES;
export { i18n };
