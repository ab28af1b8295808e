/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { pageFilesPlugin } from './build/page-files-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { routeContractsPlugin } from './build/route-contracts-plugin.ts';
import { smallChunksPlugin } from './build/small-chunks.ts';

// The pages that open offline (the service worker precaches them with the shell): /browse, /l/{id}
// and the side of a listing's page, loaded after its top (the contact panel shows offline too).
const OFFLINE_PAGES = [
  'src/features/listings/components/browse-page.tsx',
  'src/features/listings/components/listing-detail-page.tsx',
  'src/features/listings/components/listing-detail-aside.tsx',
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // In a build, route files reach the browser (and the server's renderer) with each call's method,
    // path and success status only: their schemas stay with the server and the tests.
    routeContractsPlugin(),
    // The server's renderer (src/entry-server.tsx, built with --ssr into dist/server) needs neither.
    ...(isSsrBuild
      ? []
      : [
          // Rolldown's chunks laid out for few script files per page (Rollup's experimentalMinChunkSize
          // under Vite 7, which Rolldown lacks): /, /browse and /l/{id} (with its side) each load the
          // shell, their own chunk and one chunk for each set of these pages sharing code, with no code
          // they do not need; any other chunk under 2,500 bytes of code is merged into another. Measured
          // against Vite 7 (script files on first load, KB gzip): / 2 and 126.5 (was 2 and 127.8),
          // /browse 5 and 137.1 (was 9 and 138.8), /l/{id} 4 and 133.2 (was 5 and 134.5); the service
          // worker precaches 32 files (was 37).
          smallChunksPlugin({ minSize: 2_500, firstPages: ['src/features/landing/components/landing-page.tsx', ...OFFLINE_PAGES] }),
          // dist/page-files.json: what the server names in a page it draws, for each page module.
          pageFilesPlugin(),
          // /sw.js: the offline shell and the last browse results (docs/offline.md).
          serviceWorkerPlugin({
            routes: OFFLINE_PAGES,
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
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  // The server's renderer has no public files of its own (dist/ has them).
  publicDir: isSsrBuild ? false : 'public',
  // The server's renderer takes React, the router, TanStack Query and i18next from node_modules.
  ssr: { noExternal: ['@betoch/contracts'] },
  build: {
    target: isSsrBuild ? 'node24' : 'es2020',
    sourcemap: false,
    // Oxc's minifier (Vite 8's own): about 2 KB gzip smaller than terser on each first load, and
    // the client build takes about 1 s instead of 6.
    minify: 'oxc',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    // scripts/bundle-size.mjs follows the manifest to weigh what each first-load route needs.
    manifest: !isSsrBuild,
    // The client's chunks: smallChunksPlugin above.
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
    pool: 'vmThreads',
    maxWorkers: 2,
  },
}));
