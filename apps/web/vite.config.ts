/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { pageFilesPlugin } from './build/page-files-plugin';
import { serviceWorkerPlugin } from './build/service-worker-plugin';
import { routeContractsPlugin } from './build/route-contracts-plugin';

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
    minify: 'terser',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    // scripts/bundle-size.mjs follows the manifest to weigh what each first-load route needs.
    manifest: !isSsrBuild,
    rollupOptions: {
      // Fold chunks smaller than this into the ones that import them: /l/{id} fetched ten chunks
      // of 0.2-2 KB, each a request on a slow 3G connection; now /browse and /l/{id} load 7 JS files
      // instead of 12, and the first-load budgets got slightly smaller, not larger.
      output: { experimentalMinChunkSize: 2_500 },
    },
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
