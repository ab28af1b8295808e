/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { pageFilesPlugin } from './build/page-files-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { routeContractsPlugin } from './build/route-contracts-plugin.ts';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    // In a build, route files reach the browser (and the server's renderer) with each call's method,
    // path and success status only: their schemas stay with the server and the tests.
    routeContractsPlugin(),
    // The server's renderer (src/entry-server.tsx, built with --ssr into dist/server) needs neither.
    ...(isSsrBuild
      ? []
      : [
        // dist/page-files.json: what the server names in a page it draws, for each page module.
        pageFilesPlugin(),
        // /sw.js: the offline shell and the last browse results (docs/offline.md).
        serviceWorkerPlugin({
          routes: [
            'src/features/listings/components/browse-page.tsx',
            'src/features/listings/components/listing-detail-page.tsx',
            // The side of a listing's page, loaded after its top (the contact panel shows offline too).
            'src/features/listings/components/listing-detail-aside.tsx',
          ],
          // The texts of the shell, /browse and /l/{id} in both languages (about 16 KB gzip): the
          // pages' own and those of the parts they draw (the heart, 'Save this search', the
          // confirmed line, share and the fair price), so the language can change offline too.
          extra: [
            '/favicon.svg',
            '/manifest.webmanifest',
            ...['en', 'am'].flatMap((lng) => ['common', 'listings', 'favourites', 'alerts', 'freshness', 'extras'].map((ns) => `/locales/${lng}/${ns}.json`)),
          ],
        }),
      ]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package hands bundlers its development build (it has no "production"
      // condition); the production build is the same code without the development warnings.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  // The server's renderer has no public files of its own (dist/ has them).
  publicDir: isSsrBuild ? false : 'public',
  // The server's renderer takes React, the router, TanStack Query and i18next from node_modules.
  ssr: { noExternal: ['@betoch/contracts'] },
  build: {
    target: isSsrBuild ? 'node20' : 'es2020',
    sourcemap: false,
    // Vite 8's own minifier (Oxc): about 2 KB gzip smaller per route than terser here, and faster.
    minify: 'oxc',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    // scripts/bundle-size.mjs follows the manifest to weigh what each first-load route needs.
    manifest: !isSsrBuild,
    // Rolldown has no counterpart of Rollup's experimentalMinChunkSize (it merged chunks under
    // 2.5 KB into their importers: /browse loaded 9 JS files). Rolldown's own chunking splits
    // finer (/browse 34 files, mostly under 1 KB each), within the first-load budgets; its
    // codeSplitting groups capture the page modules too, which the manifest readers need as keys.
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
