import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import noForeignRepository from './eslint-rules/no-foreign-repository.js';
import noLiteralJsxText from './eslint-rules/no-literal-jsx-text.js';
import noModuleCycle from './eslint-rules/no-module-cycle.js';

// Features never import each other: each one may use shared code (components, lib, config, and
// api: the calls several features make) and its own files; the app folder composes features.
const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
// Texts are read with useTexts (apps/web/src/lib/use-texts.ts), never react-i18next's hook, which
// copies the whole i18n instance at every mount (a quarter of the server's time to draw a page).
const oneTextHook = {
  name: 'react-i18next',
  importNames: ['useTranslation', 'withTranslation', 'Translation'],
  message: 'Read texts with useTexts from @/lib/use-texts.',
};
const featureBoundaries = features.map((feature) => {
  const others = features.filter((f) => f !== feature);
  return {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneTextHook],
          patterns: [
            {
              group: others.flatMap((o) => [`@/features/${o}`, `@/features/${o}/**`, `../../${o}/**`, `../../../${o}/**`]),
              message: `The ${feature} feature may not import another feature; move shared code to components, lib, config or api.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules of hooks. Version 7's recommended set adds the React Compiler's rules
      // (set-state-in-effect, refs, purity…), which this code base has not adopted.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Shared code never reaches into a feature.
    files: ['apps/web/src/{components,lib,config,api}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneTextHook],
          patterns: [{ group: ['@/features/**', '../features/**', '../../features/**'], message: 'Shared code may not import a feature.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneTextHook] }] },
  },
  ...featureBoundaries,
  {
    // API modules own their repositories: others use a module's public surface or a shared module.
    // And modules import one another without cycles (docs/decisions/0018-the-shape-of-the-code-second.md).
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { api: { rules: { 'no-foreign-repository': noForeignRepository, 'no-module-cycle': noModuleCycle } } },
    rules: { 'api/no-foreign-repository': 'error', 'api/no-module-cycle': 'error' },
  },
  {
    // lib/ and the database schema are below the modules: they never import one (route() gets
    // authentication from the app's context).
    files: ['apps/api/src/lib/**/*.ts', 'apps/api/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'lib/ and db/ may not import a module; pass what they need in from app.ts.' }] },
      ],
    },
  },
  {
    // Every word on screen comes from the locale files, in English and Amharic (docs/i18n-and-a11y.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**', 'apps/web/src/**/test/**'],
    plugins: { local: { rules: { 'no-literal-jsx-text': noLiteralJsxText } } },
    rules: {
      'local/no-literal-jsx-text': ['error', { allow: ['Betoch', 'English', 'አማርኛ', 'ETB', 'ብር'] }],
    },
  },
);
