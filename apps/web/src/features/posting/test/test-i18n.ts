import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../../../public/locales/en/common.json';
import amCommon from '../../../../public/locales/am/common.json';
import enLandlord from '../../../../public/locales/en/landlord.json';
import amLandlord from '../../../../public/locales/am/landlord.json';
import enDelala from '../../../../public/locales/en/delala.json';
import amDelala from '../../../../public/locales/am/delala.json';
import { I18N_INTERPOLATION } from '@/lib/i18n-interpolation';

/** An i18next instance with the real translation files, for tests (no network backend). */
export async function testI18n(lng: 'en' | 'am' = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'landlord', 'delala'],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: {
      en: { common: enCommon, landlord: enLandlord, delala: enDelala },
      am: { common: amCommon, landlord: amLandlord, delala: amDelala },
    },
    interpolation: I18N_INTERPOLATION,
    react: { useSuspense: false },
  });
  return instance;
}

export { enLandlord, amLandlord, enDelala, amDelala };
