import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import type { Plugin, ResolvedConfig } from 'vite';
import { precacheUrls, type BuildManifest } from './build-manifest.ts';

const SOURCE = fileURLToPath(new URL('../src/sw/service-worker.ts', import.meta.url));

export interface ServiceWorkerOptions {
  /** Route modules (as the build manifest names them) whose chunks are precached with the shell. */
  routes: string[];
  /** Other files of the public folder to precache. */
  extra?: string[];
}

/**
 * After the build, writes /sw.js: src/sw/service-worker.ts bundled (esbuild, which Vite itself
 * runs on) with the list of files to precache and a version that is the hash of the build
 * manifest and the worker's code, so every build that changes a file installs a new worker and
 * drops the old caches (docs/offline.md).
 */
export function serviceWorkerPlugin({ routes, extra = [] }: ServiceWorkerOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'betoch-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifestText = fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8');
      const precache = precacheUrls(JSON.parse(manifestText) as BuildManifest, routes, extra);
      const define = (version: string) => ({
        __SW_VERSION__: JSON.stringify(version),
        __SW_PRECACHE__: JSON.stringify(precache),
      });
      const bundle = async (version: string): Promise<Uint8Array> => {
        const options: BuildOptions = {
          entryPoints: [SOURCE],
          bundle: true,
          format: 'iife',
          target: 'es2020',
          minify: true,
          legalComments: 'none',
          write: false,
          define: define(version),
        };
        const out = (await build(options)).outputFiles?.[0];
        if (!out) throw new Error('esbuild wrote no service worker');
        return out.contents;
      };
      // The version: the worker's own code plus every file name of the build (hashed names).
      const version = crypto
        .createHash('sha256')
        .update(manifestText)
        .update(await bundle(''))
        .digest('hex')
        .slice(0, 12);
      fs.writeFileSync(path.join(outDir, 'sw.js'), await bundle(version));
      config.logger.info(`service worker: sw.js version ${version}, ${precache.length} files precached`);
    },
  };
}
