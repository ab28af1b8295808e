#!/usr/bin/env node
/**
 * Locale completeness, run in CI after the lint: `npm run check:locales`.
 *
 * For every namespace file in apps/web/public/locales/{en,am}/:
 *  - every key (nested, as a dotted path) exists in both languages; plural keys (`_one`,
 *    `_other`, ...) are matched per language: each language must have exactly the plural forms
 *    its own rules use (Intl.PluralRules), whatever the other language has;
 *  - no Amharic value is a copy of its English value, unless the key or the value is in
 *    scripts/locale-allowlist.json (brand and product names, 'ETB', numbers, Latin place names);
 *    values with no letters at all (numbers, punctuation, only {{variables}}) are always allowed;
 *  - the {{interpolation}} variables and <tags> of a key are the same in both languages;
 *  - no value writes out a number that stands for a rule (a cost in credits, a price in birr):
 *    those come from the constants (RULE_NUMBER below; exceptions in the allowlist's ruleNumbers);
 *  - every value is a non-empty string;
 *  - every API error code (packages/contracts/src/errors.ts) has its text in common:errors.<code>;
 *  - every key the code of apps/web/src uses exists in both languages, with the namespaces
 *    resolved as the app does; dynamic keys only with a pattern listed, and checked value by
 *    value, in scripts/locale-dynamic-keys.mjs (scripts/locale-key-usage.mjs says how).
 * Prints every problem as `ns:key  message` and exits 1 when there is any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkKeyUsage } from './locale-key-usage.mjs';
import { dynamicKeys } from './locale-dynamic-keys.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCALES = path.join(ROOT, 'apps/web/public/locales');
const ALLOWLIST_FILE = path.join(ROOT, 'scripts/locale-allowlist.json');
const ERRORS_FILE = path.join(ROOT, 'packages/contracts/src/errors.ts');
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const LANGS = ['en', 'am'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/**
 * Digits that stand for a rule: a cost in (post) credits or a price in birr, in either language.
 * They come from the constants and the SKU table (defaultVariables of i18n-interpolation.ts, or a
 * value the call passes); a number that is not a rule (a product's name) is listed in the
 * allowlist's ruleNumbers.
 */
const RULE_NUMBER = /\d+\s*(?:post\s+credits?|credits?|birr|ETB|(?:የማስታወቂያ\s+)?ክሬዲት|ብር)/iu;

/** Flattens nested objects to { 'a.b.c': value }. */
function flatten(node, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(node)) {
    const full = prefix ? `${prefix}.${key}` : key;
    // Arrays (lists of plan features) are checked item by item: 'features.0', 'features.1'.
    if (value !== null && typeof value === 'object') flatten(value, full, out);
    else out[full] = value;
  }
  return out;
}

/**
 * Splits keys into plural groups: a key ending in a plural suffix belongs to a group only when
 * its base also has an `_other` form (so 'otp_from_one_ip' stays an ordinary key).
 */
function pluralBase(key, keys) {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match) return null;
  const base = key.slice(0, -match[0].length);
  return keys.has(`${base}_other`) ? base : null;
}

function variables(value) {
  const found = new Set();
  for (const m of value.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of value.matchAll(/<\/?([a-zA-Z0-9]+)\s*\/?>/g)) found.add(`<${m[1]}>`);
  return [...found].sort();
}

function stripMarkup(value) {
  return value.replace(/\{\{[^}]*\}\}/g, '').replace(/<[^>]*>/g, '');
}

function hasLetters(value) {
  return /\p{L}/u.test(stripMarkup(value));
}

export function checkLocales({ localesDir = LOCALES, allowlist = readAllowlist() } = {}) {
  const problems = [];
  const namespaces = new Set();
  for (const lang of LANGS) {
    for (const file of fs.readdirSync(path.join(localesDir, lang))) if (file.endsWith('.json')) namespaces.add(file.slice(0, -5));
  }
  const allowedKeys = new Set(allowlist.keys ?? []);
  const allowedValues = new Set(allowlist.values ?? []);
  const allowedRuleNumbers = new Set(allowlist.ruleNumbers ?? []);
  const pluralForms = Object.fromEntries(LANGS.map((l) => [l, new Intl.PluralRules(l).resolvedOptions().pluralCategories]));

  for (const ns of [...namespaces].sort()) {
    const flat = {};
    for (const lang of LANGS) {
      const file = path.join(localesDir, lang, `${ns}.json`);
      if (!fs.existsSync(file)) {
        problems.push(`${ns}  missing file ${lang}/${ns}.json`);
        flat[lang] = {};
        continue;
      }
      try {
        flat[lang] = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
      } catch (error) {
        problems.push(`${ns}  ${lang}/${ns}.json is not valid JSON: ${error.message}`);
        flat[lang] = {};
      }
    }

    // Keys grouped: ordinary keys by themselves, plural keys by their base.
    const groups = {};
    for (const lang of LANGS) {
      const keys = new Set(Object.keys(flat[lang]));
      groups[lang] = new Map();
      for (const key of keys) {
        const base = pluralBase(key, keys);
        const id = base ?? key;
        if (!groups[lang].has(id)) groups[lang].set(id, { plural: base !== null, keys: [] });
        groups[lang].get(id).keys.push(key);
      }
    }

    const ids = new Set([...groups.en.keys(), ...groups.am.keys()]);
    for (const id of [...ids].sort()) {
      const en = groups.en.get(id);
      const am = groups.am.get(id);
      for (const [lang, group] of [
        ['en', en],
        ['am', am],
      ]) {
        if (!group) problems.push(`${ns}:${id}  missing in ${lang}`);
      }
      if (!en || !am) continue;

      for (const lang of LANGS) {
        const group = lang === 'en' ? en : am;
        const other = lang === 'en' ? am : en;
        if (!group.plural && other.plural) continue; // reported once below
        if (!group.plural) continue;
        const have = group.keys.map((k) => PLURAL_SUFFIX.exec(k)[1]);
        for (const form of pluralForms[lang]) if (!have.includes(form)) problems.push(`${ns}:${id}_${form}  missing plural form in ${lang}`);
        // i18next answers `_zero` for a count of 0 in any language: allowed, but then in both.
        for (const form of have)
          if (form !== 'zero' && !pluralForms[lang].includes(form)) problems.push(`${ns}:${id}_${form}  plural form '${form}' is not used in ${lang}`);
      }
      if (en.plural !== am.plural) problems.push(`${ns}:${id}  plural in ${en.plural ? 'en' : 'am'} only`);
      if (en.plural && am.plural) {
        const zeroEn = en.keys.some((k) => k.endsWith('_zero'));
        const zeroAm = am.keys.some((k) => k.endsWith('_zero'));
        if (zeroEn !== zeroAm) problems.push(`${ns}:${id}_zero  in ${zeroEn ? 'en' : 'am'} only`);
      }

      const values = {};
      for (const lang of LANGS) {
        const group = lang === 'en' ? en : am;
        values[lang] = group.keys.map((k) => [k, flat[lang][k]]);
        for (const [k, v] of values[lang]) {
          if (typeof v !== 'string') problems.push(`${ns}:${k}  ${lang} value is not a string`);
          else if (v.trim() === '') problems.push(`${ns}:${k}  ${lang} value is empty`);
        }
      }

      const enVars = new Set(values.en.flatMap(([, v]) => (typeof v === 'string' ? variables(v) : [])));
      const amVars = new Set(values.am.flatMap(([, v]) => (typeof v === 'string' ? variables(v) : [])));
      // Plural keys need {{count}} in neither language (Amharic 'one' may say the word instead).
      if (en.plural || am.plural) {
        enVars.delete('{{count}}');
        amVars.delete('{{count}}');
      }
      const missingInAm = [...enVars].filter((v) => !amVars.has(v));
      const missingInEn = [...amVars].filter((v) => !enVars.has(v));
      if (missingInAm.length) problems.push(`${ns}:${id}  am lacks ${missingInAm.join(', ')}`);
      if (missingInEn.length) problems.push(`${ns}:${id}  am has ${missingInEn.join(', ')} that en lacks`);

      // Amharic text with Latin words and no Ge'ez letter at all is English left in place (exact
      // copies are reported once, below).
      const enText = Object.fromEntries(values.en);
      for (const [k, amValue] of values.am) {
        if (typeof enText[k] === 'string' && enText[k].trim() === String(amValue).trim()) continue;
        if (typeof amValue !== 'string' || /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]/u.test(amValue)) continue;
        if (!/[A-Za-z]{2}/.test(stripMarkup(amValue))) continue;
        if (allowedKeys.has(`${ns}:${k}`) || allowedValues.has(amValue.trim())) continue;
        problems.push(`${ns}:${k}  am has no Amharic letters: "${amValue}" (translate it, or allow-list it)`);
      }

      // English copies: compared key by key.
      const enByKey = Object.fromEntries(values.en);
      for (const [k, amValue] of values.am) {
        const enValue = enByKey[k];
        if (typeof amValue !== 'string' || typeof enValue !== 'string') continue;
        if (amValue.trim() !== enValue.trim()) continue;
        if (!hasLetters(amValue)) continue;
        if (allowedKeys.has(`${ns}:${k}`) || allowedValues.has(amValue.trim())) continue;
        problems.push(`${ns}:${k}  am is the English text "${amValue}" (translate it, or allow-list it in scripts/locale-allowlist.json)`);
      }

      // A number written out where it stands for a rule (what something costs in credits or birr).
      for (const lang of LANGS) {
        for (const [k, v] of values[lang]) {
          if (typeof v !== 'string' || allowedRuleNumbers.has(`${ns}:${k}`)) continue;
          const found = RULE_NUMBER.exec(stripMarkup(v));
          if (found) problems.push(`${ns}:${k}  ${lang} writes out "${found[0]}": interpolate it from the constants (apps/web/src/lib/i18n-interpolation.ts)`);
        }
      }
    }
  }
  return problems;
}

/** The API's error codes: the keys of ERROR_STATUS in packages/contracts/src/errors.ts. */
export function errorCodes(file = ERRORS_FILE) {
  const source = fs.readFileSync(file, 'utf8');
  const block = /export const ERROR_STATUS = \{([\s\S]*?)\n\}/.exec(source);
  if (!block) throw new Error(`No ERROR_STATUS in ${file}`);
  return [...block[1].matchAll(/^\s*([a-z0-9_]+):\s*\d{3}/gm)].map((m) => m[1]);
}

/** Every API error code has its text in common:errors.<code>, in both languages. */
export function checkErrorCodes({ localesDir = LOCALES, codes = errorCodes() } = {}) {
  const problems = [];
  for (const lang of LANGS) {
    const file = path.join(localesDir, lang, 'common.json');
    const errors = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')).errors ?? {}) : {};
    for (const code of codes) if (typeof errors[code] !== 'string') problems.push(`common:errors.${code}  the API error code has no ${lang} text`);
  }
  return problems;
}

function readAllowlist() {
  return JSON.parse(fs.readFileSync(ALLOWLIST_FILE, 'utf8'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const usage = checkKeyUsage({ srcDir: WEB_SRC, localesDir: LOCALES, langs: LANGS, dynamic: await dynamicKeys() });
  const problems = [...checkLocales(), ...checkErrorCodes(), ...usage.problems];
  if (problems.length) {
    console.error(`Locale check: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  const u = usage.summary;
  console.log(`Locale check: every key in ${LANGS.join(' and ')}, no English copies, same variables, every API error code translated.`);
  console.log(
    `Keys used in code (${u.files} files): ${u.static} literal keys, ${u.loose} keys handed to helpers, ${u.dynamic} dynamic keys ` +
      `(${u.dynamicValues} values checked), ${u.expression} listed expressions; all present in ${LANGS.join(' and ')}.`,
  );
}
