import { manifestFiles, type BuildManifest } from './build-manifest.ts';

/** The files a drawn page brings beyond the entry's: scripts to fetch early, style sheets to apply. */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The files a page module loads, without those the entry (index.html) already brings, as URLs
 * under `base`: its scripts with their static imports, in the order the manifest lists them, and
 * its styles together with those of the parts it loads later (`dynamicImports`, such as the side
 * of a listing's page): the server draws those parts too, so their styles must come with the page.
 */
export function pageFiles(manifest: BuildManifest, page: string, base = '/'): PageFiles {
  const entry = manifestFiles(manifest, 'index.html');
  const own = manifestFiles(manifest, page);
  const later = (manifest[page]?.dynamicImports ?? []).map((part) => manifestFiles(manifest, part).styles);
  const url = (file: string) => `${base}${file}`;
  const styles = new Set([...own.styles, ...later.flatMap((set) => [...set])]);
  return {
    scripts: [...own.scripts].filter((f) => !entry.scripts.has(f)).map(url),
    styles: [...styles].filter((f) => !entry.styles.has(f)).map(url),
  };
}

/**
 * Every page module of a build (a dynamic entry named `*-page.tsx`) with its files: what the server
 * names in a page it draws (dist/page-files.json, read by apps/api/src/plugins/server-render.ts).
 * A page small enough to be folded into another chunk has no entry of its own and goes out
 * without hints.
 */
export function allPageFiles(manifest: BuildManifest, base = '/'): Record<string, PageFiles> {
  const pages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && key.endsWith('-page.tsx'));
  return Object.fromEntries(pages.sort().map((page) => [page, pageFiles(manifest, page, base)]));
}
