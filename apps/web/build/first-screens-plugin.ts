import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { FIRST_SCREENS } from '../src/config/first-screens';
import type { BuildManifest } from './build-manifest';
import { firstScreenFiles } from './first-screen-files';

/**
 * After the build, writes dist/first-screens.json: for each page of src/config/first-screens.ts,
 * the code and styles its first screen loads beyond the entry, and its text namespaces. The server
 * names them in the page it sends (apps/api/src/plugins/first-screen-page.ts).
 */
export function firstScreensPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'betoch-first-screens',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
      const screens = FIRST_SCREENS.map((screen) => {
        // A page small enough to be folded into another chunk (experimentalMinChunkSize) has no
        // entry of its own in the manifest: its page goes out without hints.
        const files = screen.page in manifest ? firstScreenFiles(manifest, screen.page, config.base) : { scripts: [], styles: [] };
        const later = (screen.alsoStyles ?? []).flatMap((page) => firstScreenFiles(manifest, page, config.base).styles);
        return {
          path: screen.path,
          scripts: files.scripts,
          styles: [...new Set([...files.styles, ...later])],
          namespaces: ['common', ...screen.namespaces],
          ...(screen.photoSizes ? { photoSizes: screen.photoSizes } : {}),
        };
      });
      fs.writeFileSync(path.join(outDir, 'first-screens.json'), `${JSON.stringify({ screens }, null, 2)}\n`);
    },
  };
}
