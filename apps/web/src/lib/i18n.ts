import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@betoch/contracts/constants';
import { textFilesBackend } from './i18n-backend';
import { I18N_INTERPOLATION } from './i18n-interpolation';
import { detectLanguage, rememberLanguage, toLanguage } from './i18n-language';

/**
 * `<html lang>` follows the interface language, so screen readers and fonts pick the right one;
 * the language is remembered on this device (storage and cookie).
 */
function onLanguage(lng: string | undefined): void {
  document.documentElement.lang = toLanguage(lng);
  rememberLanguage(lng);
}

/**
 * English and Amharic, nine namespaces loaded on demand from /locales/{lng}/{ns}.json. The
 * language is the one chosen on this device (i18nextLng), else the browser's; English is the
 * fallback (lib/i18n-language.ts). On a page the server drew, the namespaces it was drawn with
 * are asked for at start too, so the browser hydrates it with the same texts.
 * Settles when the first screen's texts are here (or could not be had).
 */
export function initI18n(drawnNamespaces: readonly string[] = []): Promise<unknown> {
  const lng = detectLanguage();
  document.documentElement.lang = lng;
  i18n.on('languageChanged', onLanguage);
  const ready = i18n
    .use(textFilesBackend(import.meta.env.BASE_URL))
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: [...new Set(['common', ...drawnNamespaces])],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: I18N_INTERPOLATION,
      react: { useSuspense: true },
    });
  return ready;
}
export { i18n };
