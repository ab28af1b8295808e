import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api): the nearest folder above this code with a package.json,
 * the same whether the server runs as TypeScript (src/...) or built into one file (dist/main.js,
 * `npm start`), where every module shares the bundle's own location.
 */
export function apiRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(from)}`);
    dir = up;
  }
  return dir;
}

/** Whether this code runs built (dist/*.js, `npm start`) rather than as TypeScript through tsx. */
export const RUNS_BUILT = !import.meta.url.endsWith('.ts');
