import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import amAuth from '../../public/locales/am/auth.json';
import amCommon from '../../public/locales/am/common.json';
import enAuth from '../../public/locales/en/auth.json';
import enCommon from '../../public/locales/en/common.json';
import enLanding from '../../public/locales/en/landing.json';

/** The real locale files, loaded at once (no HTTP, no Suspense), for component tests. */
export function createTestI18n(lng: 'en' | 'am' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { common: enCommon, auth: enAuth, landing: enLanding },
      am: { common: amCommon, auth: amAuth },
    },
    ns: ['common', 'auth', 'landing'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}
