import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_INTERPOLATION } from '@/lib/i18n-interpolation';

// Every namespace of both languages, read at once from the real locale files.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../public/locales/*/*.json', { eager: true });

function resources(): Resource {
  const out: Resource = {};
  for (const [file, json] of Object.entries(files)) {
    const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!lng || !ns) continue;
    out[lng] = { ...out[lng], [ns]: json.default };
  }
  return out;
}

/** The real locale files, every namespace loaded at once (no HTTP, no Suspense), for component tests. */
export function createTestI18n(lng: 'en' | 'am' = 'en'): I18n {
  const all = resources();
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: all,
    ns: Object.keys(all.en ?? {}),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: I18N_INTERPOLATION,
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}
