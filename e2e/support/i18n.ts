import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { I18N_INTERPOLATION } from '../../apps/web/src/lib/i18n-interpolation';

export type Lang = 'en' | 'am';

/** The values the app gives every text (apps/web/src/lib/i18n-interpolation.ts). */
const DEFAULT_VARS: Record<string, string | number> = I18N_INTERPOLATION.defaultVariables;

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/locales');
const cache = new Map<string, Record<string, unknown>>();

function namespace(lang: Lang, ns: string): Record<string, unknown> {
  const key = `${lang}/${ns}`;
  let value = cache.get(key);
  if (!value) {
    value = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(key, value);
  }
  return value;
}

/**
 * The app's own text for a key ('auth:login.title', 'common:nav.logout'), with {{vars}} filled
 * in and <tags> dropped, so journeys find things by the words a person reads in either language.
 */
export function tr(lang: Lang, fullKey: string, vars: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['common', fullKey];
  const namespaced = namespace(lang, ns);
  let node: unknown = namespaced;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  // A plural key ('common:creditAmount' with a count) is the form the language's rules pick.
  if (node === undefined && typeof vars.count === 'number' && !key.includes('.')) node = namespaced[`${key}_${new Intl.PluralRules(lang).select(vars.count)}`];
  if (typeof node !== 'string') throw new Error(`No text for ${lang}:${fullKey}`);
  const filled = node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? DEFAULT_VARS[name] ?? ''));
  // i18next's nesting, as the app's texts use it: $t(common:creditAmount, {"count": 1 }).
  const nested = filled.replace(/\$t\(([\w:.]+),\s*(\{[^)]*\})\s*\)/g, (_, nestedKey: string, options: string) =>
    tr(lang, nestedKey, JSON.parse(options) as Record<string, string | number>),
  );
  return nested.replace(/<\/?\w+>/g, '');
}

/** The words inside one <tag>…</tag> of a key's text: a link's name in a sentence ('auth:fields.acceptTerms', 'terms'). */
export function trTag(lang: Lang, fullKey: string, tag: string): string {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['common', fullKey];
  let node: unknown = namespace(lang, ns);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const found = typeof node === 'string' ? new RegExp(`<${tag}>(.*?)</${tag}>`).exec(node) : null;
  if (!found) throw new Error(`No <${tag}> in ${lang}:${fullKey}`);
  return found[1]!;
}

/** A pattern for a text with variables: 'You can ask for a new code in (\\d+) s'. */
export function trPattern(lang: Lang, fullKey: string, captures: string[]): RegExp {
  const marker = '\u0000';
  const vars = Object.fromEntries(captures.map((name) => [name, marker]));
  const escaped = tr(lang, fullKey, vars)
    .split(marker)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('(\\d+)'));
}
