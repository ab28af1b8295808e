/**
 * Keys used in code exist: part of `npm run check:locales`.
 *
 * Reads every .ts/.tsx file of apps/web/src (tests and test helpers left out) with the TypeScript
 * parser and collects the translation keys the code uses:
 *  - the first argument of `t(...)` / `i18n.t(...)`: a string, or a template literal;
 *  - `i18nKey="..."` on <Trans>;
 *  - any other string in a file that calls `t`, when it is written like a key of a namespace in
 *    scope ('moderation.failed' where `moderation` is a top-level key there, or 'admin:x.y'):
 *    keys handed to helpers (`failureAlert(t, 'moderation.failed', e)`), key tables, functions
 *    that answer a key (`t(unlockBadgeKey(r))`).
 *
 * Namespaces are resolved as the app's i18next does (apps/web/src/lib/i18n.ts): a key written
 * 'ns:key' is looked up in that namespace only; otherwise in the namespaces of the nearest
 * `useTexts(...)` whose `t` the call uses (all of them, in order, as i18next tries them),
 * then in `common` (fallbackNS). A `t` handed in as a parameter (lib helpers) has the namespaces
 * of every useTexts of its feature folder. A static key must exist, in en AND am, as a
 * string, as a plural group (`key_one`/`key_other`), or as an object when `returnObjects` asks
 * for one.
 *
 * Dynamic keys (template literals with `${...}`) cannot be looked up one by one: the part before
 * the first `${` must be one of the prefixes listed in scripts/locale-dynamic-keys.mjs, which says
 * for each prefix where its values come from (a contracts constant, a local list) so that every
 * `prefix + value` is checked in both languages; a prefix whose values cannot be listed is at
 * least checked to be a non-empty object in both languages. A key that is neither a literal nor
 * a template (`t(variable)`) is reported unless its file is listed there with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const KEY_SHAPE = /^(?:([a-z]+):)?([A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)$/;

function walkFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test' || entry.name === 'node_modules') continue;
      walkFiles(full, out);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** The feature folder of a file ('features/admin'), or the file's own folder outside features. */
function featureOf(rel) {
  const m = /^(features\/[^/]+)\//.exec(rel);
  return m ? m[1] : path.dirname(rel);
}

function stringsOf(node) {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) {
    const all = node.elements.map((e) => (ts.isStringLiteral(e) ? e.text : null));
    return all.every((x) => x !== null) ? all : null;
  }
  return null;
}

/** `const { t } = useTexts(...)` (or `{ t, i18n }`) -> the call's namespaces. */
const TEXT_HOOKS = new Set(['useTexts']);
function hookNamespaces(call) {
  const [first] = call.arguments;
  if (!first) return ['common'];
  const list = stringsOf(first);
  if (list) return list;
  // useTexts([namespace, 'common']): the variable part is unknown; keep the literal ones.
  if (ts.isArrayLiteralExpression(first))
    return first.elements
      .filter(ts.isStringLiteral)
      .map((e) => e.text)
      .concat(['*']);
  return ['*'];
}

function isTCall(node) {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && ts.isIdentifier(callee.expression) && callee.expression.text === 'i18n';
}

function objectOption(node, name) {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  for (const p of node.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  }
  return undefined;
}

/**
 * Collects the key usages of one file: { kind: 'static'|'dynamic'|'expression'|'loose', key,
 * prefix, namespaces, line, returnObjects }.
 */
function scanFile(file, rel) {
  const source = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const usages = [];
  const fileNamespaces = new Set();
  const inTCall = new Set();

  /** The namespaces of the `t` visible at `node`: the nearest enclosing function that declares it. */
  function scopeNamespaces(node) {
    for (let n = node.parent; n; n = n.parent) {
      if (ts.isFunctionLike(n) || ts.isSourceFile(n)) {
        const body = ts.isSourceFile(n) ? n : n.body;
        if (body && !ts.isSourceFile(n) && n.parameters?.some((p) => ts.isIdentifier(p.name) && p.name.text === 't')) return null;
        if (body) {
          let found = null;
          const look = (m) => {
            if (found) return;
            if (m !== body && ts.isFunctionLike(m)) return; // an inner function's own t
            if (
              ts.isVariableDeclaration(m) &&
              m.initializer &&
              ts.isCallExpression(m.initializer) &&
              ts.isIdentifier(m.initializer.expression) &&
              TEXT_HOOKS.has(m.initializer.expression.text)
            ) {
              if (ts.isObjectBindingPattern(m.name) && m.name.elements.some((e) => e.name.getText(sf) === 't' || e.propertyName?.getText(sf) === 't')) {
                found = hookNamespaces(m.initializer);
              }
            }
            ts.forEachChild(m, look);
          };
          ts.forEachChild(body, look);
          if (found) return found;
        }
      }
    }
    return null;
  }

  function line(node) {
    return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  }

  function visit(node) {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TEXT_HOOKS.has(node.expression.text)) {
      for (const ns of hookNamespaces(node)) fileNamespaces.add(ns);
    }
    if (isTCall(node)) {
      const [arg, options] = node.arguments;
      const namespaces = objectOption(options, 'ns') ? stringsOf(objectOption(options, 'ns')) : scopeNamespaces(node);
      const returnObjects = objectOption(options, 'returnObjects')?.kind === ts.SyntaxKind.TrueKeyword;
      const collect = (expr) => {
        inTCall.add(expr);
        if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
          usages.push({ kind: 'static', key: expr.text, namespaces, line: line(node), returnObjects });
        } else if (ts.isTemplateExpression(expr)) {
          const pattern = expr.head.text + expr.templateSpans.map((span) => `*${span.literal.text}`).join('');
          usages.push({ kind: 'dynamic', pattern, namespaces, line: line(node), source: expr.getText(sf) });
        } else if (ts.isConditionalExpression(expr) && [expr.whenTrue, expr.whenFalse].every((b) => ts.isStringLiteral(b) || ts.isTemplateLiteral(b))) {
          collect(expr.whenTrue);
          collect(expr.whenFalse);
        } else if (ts.isParenthesizedExpression(expr)) {
          collect(expr.expression);
        } else {
          usages.push({ kind: 'expression', source: expr.getText(sf), namespaces, line: line(node) });
        }
      };
      if (arg) collect(arg);
    }
    if (ts.isJsxAttribute(node) && node.name.getText(sf) === 'i18nKey' && node.initializer && ts.isStringLiteral(node.initializer)) {
      inTCall.add(node.initializer);
      usages.push({ kind: 'static', key: node.initializer.text, namespaces: scopeNamespaces(node), line: line(node) });
    }
    ts.forEachChild(node, visit);
  }
  visit(sf);

  // Loose strings that look like keys (checked only when they name a namespace's top-level key).
  {
    const loose = (node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !inTCall.has(node)) {
        const parent = node.parent;
        const isImport = ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent);
        const isTypeOrJsxName =
          ts.isLiteralTypeNode(parent) || (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && TEXT_HOOKS.has(parent.expression.text));
        if (!isImport && !isTypeOrJsxName && KEY_SHAPE.test(node.text) && node.text.includes('.')) {
          usages.push({ kind: 'loose', key: node.text, namespaces: scopeNamespaces(node), line: line(node) });
        }
      }
      ts.forEachChild(node, loose);
    };
    loose(sf);
  }
  return { rel, usages, fileNamespaces: [...fileNamespaces] };
}

function flattenKeys(node, prefix, out) {
  for (const [key, value] of Object.entries(node)) {
    const full = prefix ? `${prefix}.${key}` : key;
    out.set(full, value);
    if (value !== null && typeof value === 'object') flattenKeys(value, full, out);
  }
  return out;
}

export function loadLocales(localesDir, langs) {
  const locales = {};
  for (const lang of langs) {
    locales[lang] = {};
    for (const file of fs.readdirSync(path.join(localesDir, lang))) {
      if (!file.endsWith('.json')) continue;
      const ns = file.slice(0, -5);
      try {
        locales[lang][ns] = flattenKeys(JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), 'utf8')), '', new Map());
      } catch {
        locales[lang][ns] = new Map(); // reported by the completeness check
      }
    }
  }
  return locales;
}

/** Is `key` there in this namespace map: a string, a plural group, or (returnObjects) an object. */
function present(map, key, returnObjects) {
  if (!map) return false;
  const value = map.get(key);
  if (typeof value === 'string') return true;
  if (value !== null && typeof value === 'object') return Boolean(returnObjects);
  return typeof map.get(`${key}_other`) === 'string';
}

function splitKey(key) {
  const m = /^([a-z]+):(.*)$/.exec(key);
  return m ? { ns: m[1], key: m[2] } : { ns: null, key };
}

/**
 * Checks the usages of apps/web/src against the locale files. Answers problem lines
 * (`file:line  key  problem`) and a summary of what was checked.
 */
export function checkKeyUsage({ srcDir, localesDir, langs, dynamic }) {
  const locales = loadLocales(localesDir, langs);
  const allNamespaces = Object.keys(locales[langs[0]]);
  const files = walkFiles(srcDir).map((f) => scanFile(f, path.relative(srcDir, f).split(path.sep).join('/')));
  const featureNamespaces = new Map();
  for (const f of files) {
    const feature = featureOf(f.rel);
    const set = featureNamespaces.get(feature) ?? new Set();
    for (const ns of f.fileNamespaces) set.add(ns);
    featureNamespaces.set(feature, set);
  }

  const problems = [];
  const summary = { static: 0, dynamic: 0, expression: 0, loose: 0, dynamicValues: 0 };
  const usedPatterns = new Set();

  /** The namespaces a key without 'ns:' is looked up in, common (fallbackNS) last. */
  function lookupNamespaces(usage, file) {
    let list = usage.namespaces ?? [...(featureNamespaces.get(featureOf(file.rel)) ?? [])];
    if (list.includes('*')) list = allNamespaces; // a namespace chosen at run time: any of them
    return [...new Set([...list, 'common'])];
  }

  /** Where (which namespace) a key resolves, per language; null when missing in a language. */
  function resolve(key, namespaces, returnObjects) {
    const split = splitKey(key);
    const candidates = split.ns ? [split.ns] : namespaces;
    const missing = [];
    for (const lang of langs) {
      if (!candidates.some((ns) => present(locales[lang][ns], split.key, returnObjects))) missing.push(lang);
    }
    return { missing, candidates, key: split.key };
  }

  for (const file of files) {
    for (const usage of file.usages) {
      const where = `apps/web/src/${file.rel}:${usage.line}`;
      if (usage.kind === 'static') {
        summary.static += 1;
        const r = resolve(usage.key, lookupNamespaces(usage, file), usage.returnObjects);
        if (r.missing.length) problems.push(`${where}  '${usage.key}'  missing in ${r.missing.join(' and ')} (looked in ${r.candidates.join(', ')})`);
      } else if (usage.kind === 'loose') {
        // Only strings whose first part is a top-level key of a namespace in scope count as keys.
        const split = splitKey(usage.key);
        const namespaces = split.ns ? [split.ns] : lookupNamespaces(usage, file);
        if (split.ns && !allNamespaces.includes(split.ns)) continue;
        const root = split.key.split('.')[0];
        const looksLikeKey = namespaces.some((ns) => langs.some((lang) => locales[lang][ns]?.has(root) && typeof locales[lang][ns].get(root) === 'object'));
        if (!looksLikeKey) continue;
        summary.loose += 1;
        const r = resolve(usage.key, namespaces, true);
        if (r.missing.length)
          problems.push(`${where}  '${usage.key}'  (a key handed to t elsewhere) missing in ${r.missing.join(' and ')} (looked in ${r.candidates.join(', ')})`);
      } else if (usage.kind === 'dynamic') {
        summary.dynamic += 1;
        const namespaces = lookupNamespaces(usage, file);
        const split = splitKey(usage.pattern);
        // Every listed pattern the usage can resolve to (several when its namespace is chosen at
        // run time, as in components/report-dialog.tsx).
        const entries = dynamic.patterns.filter((p) => {
          const ps = splitKey(p.pattern);
          if (ps.key !== split.key) return false;
          return split.ns ? ps.ns === split.ns : namespaces.includes(ps.ns);
        });
        if (!entries.length) {
          problems.push(`${where}  t(${usage.source})  a dynamic key whose pattern '${usage.pattern}' is not listed in scripts/locale-dynamic-keys.mjs`);
          continue;
        }
        for (const entry of entries) usedPatterns.add(entry.pattern);
      } else {
        summary.expression += 1;
        const allowed = dynamic.expressions.find((e) => e.file === file.rel && e.source === usage.source);
        if (!allowed)
          problems.push(
            `${where}  t(${usage.source})  key from an expression: use a literal or a template with a listed prefix, or list it in scripts/locale-dynamic-keys.mjs`,
          );
      }
    }
  }

  // Every listed pattern: each of its values gives a key that exists in both languages; a pattern
  // whose values cannot be listed must at least lead to a non-empty group of keys.
  for (const entry of dynamic.patterns) {
    const { ns, key: patternKey } = splitKey(entry.pattern);
    if (!ns || !allNamespaces.includes(ns)) {
      problems.push(`scripts/locale-dynamic-keys.mjs  '${entry.pattern}'  a pattern must start with its namespace ('ns:a.*.b')`);
      continue;
    }
    if (entry.values) {
      for (const value of entry.values) {
        summary.dynamicValues += 1;
        const full = patternKey.replace('*', value);
        for (const lang of langs) {
          if (!present(locales[lang][ns], full, entry.returnObjects))
            problems.push(`${ns}:${full}  missing in ${lang} (a value of '${entry.pattern}', from ${entry.from})`);
        }
      }
    } else {
      const groupKey = patternKey.slice(0, patternKey.indexOf('*')).replace(/\.$/, '');
      for (const lang of langs) {
        const map = locales[lang][ns];
        const group = groupKey ? map?.get(groupKey) : map && map.size > 0 ? {} : null;
        const ok = groupKey ? group && typeof group === 'object' && Object.keys(group).length > 0 : Boolean(group);
        if (!ok) problems.push(`${ns}:${groupKey}  no such group of keys in ${lang} (for '${entry.pattern}', from ${entry.from})`);
      }
    }
    if (!usedPatterns.has(entry.pattern)) problems.push(`scripts/locale-dynamic-keys.mjs  '${entry.pattern}'  listed but no code uses it any more: remove it`);
  }
  return { problems, summary: { ...summary, files: files.length } };
}
