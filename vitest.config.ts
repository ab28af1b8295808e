import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI asks for a JSON report beside the console one (see .ci/run and scripts/ci-summary.mjs).
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    // Both cores for the web and contracts files too (the default leaves one core free: on this
    // 2-core machine the web project ran on one, about 125 s instead of about 70).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The repository's own ESLint rules (eslint-rules/), each with ESLint's RuleTester.
          name: 'lint-rules',
          include: ['eslint-rules/**/*.test.js'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          // Migrates one database before any file runs; every file starts from a copy of it.
          globalSetup: ['apps/api/test/support/template-database.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite and sharp are CPU-heavy; two workers fit a 2-core machine.
          pool: 'forks',
          maxWorkers: 2,
          // Each worker imports the app once and runs file after file, rather than a new process
          // importing everything for each of ~90 files (half the project's CPU time). Files stay
          // apart where it matters: each opens its own database from the template and its own app,
          // and no API test mocks modules or changes process.env.
          isolate: false,
          // Projects with their own worker count run as their own group (after contracts and web).
          sequence: { groupOrder: 1 },
          // The web app's server renderer (apps/web/dist/server, linked into the tests' web builds) is
          // built code: Node imports it, as the server does. Through Vite 8's module runner the
          // linked entry and the chunks that import it back would be two modules, with two routers.
          server: { deps: { external: [/[\\/]apps[\\/]web[\\/]dist[\\/]server[\\/]/, /[\\/]server[\\/]entry-server\.js$/] } },
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
