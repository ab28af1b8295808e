import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

/**
 * `useTranslation` for what a page draws many times (a listing card and its parts): the same `t`
 * of a namespace and language, made once per i18n instance, and redrawn when the language
 * changes, as with useTranslation. react-i18next's hook sets up afresh at every mount (it copies
 * the whole i18n instance each time), which was a fifth of the server's time to draw a page of
 * twenty cards. Like useTranslation, it waits (Suspense) for a namespace not loaded yet.
 */
interface Made {
  subscribe: (onChange: () => void) => () => void;
  fixed: Map<string, TFunction>;
}
const made = new WeakMap<I18n, Made>();

function madeFor(i18n: I18n): Made {
  let m = made.get(i18n);
  if (!m) {
    m = {
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange);
        return () => i18n.off('languageChanged', onChange);
      },
      fixed: new Map(),
    };
    made.set(i18n, m);
  }
  return m;
}

export function useTexts(ns = 'common'): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const m = madeFor(i18n);
  const language = useSyncExternalStore(m.subscribe, () => i18n.language, () => i18n.language);
  if (!i18n.hasLoadedNamespace(ns)) throw i18n.loadNamespaces(ns);
  const key = `${language}|${ns}`;
  let t = m.fixed.get(key);
  if (!t) {
    t = i18n.getFixedT(language, ns);
    m.fixed.set(key, t);
  }
  return { t, i18n };
}
