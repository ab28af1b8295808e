import type { i18n as I18n } from 'i18next';

/**
 * react-i18next is loaded by Vitest from node_modules, outside the Preact aliases, so its hooks
 * would call React's own runtime. Component tests mock it with this stand-in, which reads the
 * real translation files through `testI18n()`: vi.mock('react-i18next', () => mockReactI18next(() => i18n)).
 */
export function mockReactI18next(instance: () => I18n) {
  return {
    useTranslation: (ns?: string | string[]) => {
      const i18n = instance();
      const first = Array.isArray(ns) ? ns[0] : ns;
      return { t: i18n.getFixedT(null, first ?? 'common'), i18n, ready: true };
    },
    I18nextProvider: ({ children }: { children: unknown }) => children,
    initReactI18next: { type: '3rdParty', init: () => undefined },
  };
}
