import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import type { BuildManifest } from './build-manifest';
import { allPageFiles } from './page-files.ts';

/**
 * After the build, writes dist/page-files.json: for each page module, the code and styles it loads
 * beyond the entry. The server draws a page, knows its module (app/routes.tsx, pageModuleAt) and
 * names these files in the page it sends, so the phone fetches them at once with the entry and the
 * page shows styled before any script has run.
 */
export function pageFilesPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'betoch-page-files',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
      fs.writeFileSync(path.join(outDir, 'page-files.json'), `${JSON.stringify({ pages: allPageFiles(manifest, config.base) }, null, 2)}\n`);
    },
  };
}
