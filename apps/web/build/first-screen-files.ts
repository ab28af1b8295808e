import { manifestFiles, type BuildManifest } from './build-manifest';

/**
 * The files a page module loads with its static imports, without those the entry (index.html)
 * already brings, as URLs under `base`: its scripts in the order the manifest lists them, then
 * its styles.
 */
export function firstScreenFiles(manifest: BuildManifest, page: string, base = '/'): { scripts: string[]; styles: string[] } {
  const entry = manifestFiles(manifest, 'index.html');
  const own = manifestFiles(manifest, page);
  const url = (file: string) => `${base}${file}`;
  return {
    scripts: [...own.scripts].filter((f) => !entry.scripts.has(f)).map(url),
    styles: [...own.styles].filter((f) => !entry.styles.has(f)).map(url),
  };
}
