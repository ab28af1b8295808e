/**
 * What the build's plugins read from Vite's build manifest (dist/.vite/manifest.json): the files
 * a module loads with its static imports. Build-time code, loaded by vite.config.ts in Node.
 */

/** The Vite build manifest, as far as the precache list needs it. */
export type BuildManifest = Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isDynamicEntry?: boolean }>;

/** A module of the build and everything it imports statically: its script files and its styles. */
export function manifestFiles(manifest: BuildManifest, key: string): { scripts: Set<string>; styles: Set<string> } {
  const files = { scripts: new Set<string>(), styles: new Set<string>() };
  const seen = new Set<string>();
  const walk = (at: string) => {
    if (seen.has(at)) return;
    seen.add(at);
    const entry = manifest[at];
    if (!entry) throw new Error(`Not in the build manifest: ${at}`);
    files.scripts.add(entry.file);
    for (const css of entry.css ?? []) files.styles.add(css);
    for (const imported of entry.imports ?? []) walk(imported);
  };
  walk(key);
  return files;
}

/**
 * URLs to precache: the app shell (/ and the entry's files) and the route chunks of /browse and
 * /l/{id} with everything they import, so those pages open offline.
 */
export function precacheUrls(manifest: BuildManifest, routeModules: readonly string[], extra: readonly string[] = []): string[] {
  const files = new Set<string>();
  for (const key of ['index.html', ...routeModules]) {
    const { scripts, styles } = manifestFiles(manifest, key);
    for (const f of [...scripts, ...styles]) files.add(f);
  }
  // The shell as the build wrote it (/index.html): the site's pages come drawn by the server,
  // each for its own path, and the offline shell must stand in for any of them.
  return ['/index.html', ...extra, ...[...files].sort().map((f) => `/${f}`)];
}
