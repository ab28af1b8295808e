import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

/**
 * The app's one way to read texts (the lint forbids react-i18next's `useTranslation`): the `t` of
 * one namespace, or of several looked up in order, in the current language; made once per i18n
 * instance, language and namespaces, and redrawn when the language changes.
 * react-i18next's hook sets up afresh at every mount (it copies the whole i18n instance each time):
 * on the server, which mounts every component of a page once per visit, that was about a quarter of
 * the time to draw a page. Like useTranslation, it waits (Suspense) for a namespace not loaded yet,
 * or, with `{ useSuspense: false }`, draws at once and answers `ready: false` until it has come.
 */
interface Made {
  subscribe: (onChange: () => void) => () => void;
  /** Moves on every language change. */
  version: number;
  /** The `t` of each language, by its namespaces (comma-separated); emptied when the language changes. */
  fixed: Map<string, Map<string, TFunction>>;
}
const made = new WeakMap<I18n, Made>();

function madeFor(i18n: I18n): Made {
  let m = made.get(i18n);
  if (!m) {
    const listeners = new Set<() => void>();
    const entry: Made = {
      version: 0,
      subscribe: (onChange) => {
        listeners.add(onChange);
        return () => listeners.delete(onChange);
      },
      fixed: new Map(),
    };
    const changed = () => {
      entry.version += 1;
      entry.fixed.clear();
      for (const listener of listeners) listener();
    };
    i18n.on('languageChanged', changed);
    made.set(i18n, (m = entry));
  }
  return m;
}

/**
 * On the server, the namespaces a page drawing used (entry-server.tsx provides a fresh set per
 * page): their files go out with the page, and the browser loads them before it hydrates.
 */
export const UsedNamespaces = createContext<Set<string> | null>(null);

export interface Texts {
  t: TFunction;
  i18n: I18n;
  /** Every namespace asked for has loaded (always true when the hook waits with Suspense). */
  ready: boolean;
}

export function useTexts(ns: string | readonly string[] = 'common', options: { useSuspense?: boolean } = {}): Texts {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const m = madeFor(i18n);
  useSyncExternalStore(
    m.subscribe,
    () => m.version,
    () => m.version,
  );
  const namespaces: readonly string[] = typeof ns === 'string' ? [ns] : ns;
  const used = useContext(UsedNamespaces);
  if (used) for (const n of namespaces) used.add(n);
  const wanted = typeof ns === 'string' ? ns : ns.join(',');
  const language = i18n.language;
  // A `t` is made once its namespaces have loaded, which never unload: made, they are ready.
  const kept = m.fixed.get(language)?.get(wanted);
  const ready = kept !== undefined || namespaces.every((n) => i18n.hasLoadedNamespace(n));
  const [, arrived] = useState(0);
  const waiting = !ready && options.useSuspense === false;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void i18n.loadNamespaces(wanted.split(',')).then(() => {
      if (live) arrived((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, waiting, wanted]);
  if (!ready && !waiting) throw i18n.loadNamespaces([...namespaces]);
  // Before its texts have come, `t` answers keys (useSuspense: false): nothing is kept then.
  if (!ready) return { t: i18n.getFixedT(language, namespaces as string[]), i18n, ready };
  if (kept) return { t: kept, i18n, ready };
  const t = remembering(i18n.getFixedT(language, namespaces as string[]));
  let ofLanguage = m.fixed.get(language);
  if (!ofLanguage) m.fixed.set(language, (ofLanguage = new Map()));
  ofLanguage.set(wanted, t);
  return { t, i18n, ready };
}

/** Texts kept per `t` at most (a page asks for far fewer; past it the kept texts start again). */
const TEXTS_KEPT = 2_000;

/** The options of a call when they are only strings, numbers and booleans (else none to key on). */
function plainOptions(options: unknown): string | null {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  for (const value of Object.values(options)) {
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return null;
  }
  return JSON.stringify(options);
}

/**
 * A `t` that keeps the text it answered for a key and plain options (a label, '5 bedrooms'):
 * i18next works the same answer out again at every call, and a page drawn on the server asks for
 * many (docs/performance.md, 'Figures behind choices in the code'). Only string answers are kept.
 */
function remembering(t: TFunction): TFunction {
  const texts = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => unknown;
  const remembered = (...args: unknown[]) => {
    const [key, options] = args;
    const plain = args.length === 1 ? '' : args.length === 2 ? plainOptions(options) : null;
    if (typeof key !== 'string' || plain === null) return call(...args);
    const id = plain ? `${key}\u0000${plain}` : key;
    const kept = texts.get(id);
    if (kept !== undefined) return kept;
    const text = call(...args);
    if (typeof text === 'string') {
      if (texts.size >= TEXTS_KEPT) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  return Object.assign(remembered, t) as unknown as TFunction;
}
