import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** A web build's page as the tests serve it: the app's entry and its empty root. */
const TEST_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Build description" /><title>Betoch</title><script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>';

const LOCALES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/public/locales');

/**
 * A folder standing in for apps/web/dist: index.html, the given page-files.json, and the page
 * texts (locales/{lng}/seo.json) and common texts (common.json: the words of generated listing
 * titles) copied from the web app's real locale files.
 */
function writeTestWebDist(pageFiles: unknown = { pages: {} }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-web-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEST_INDEX);
  fs.writeFileSync(path.join(dir, 'page-files.json'), JSON.stringify(pageFiles));
  for (const lng of ['en', 'am']) {
    fs.mkdirSync(path.join(dir, 'locales', lng), { recursive: true });
    for (const ns of ['seo', 'common']) fs.copyFileSync(path.join(LOCALES, lng, `${ns}.json`), path.join(dir, 'locales', lng, `${ns}.json`));
  }
  return dir;
}

const WEB = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web');
const SERVER_BUILD = path.join(WEB, 'dist', 'server');

/**
 * The web app's server renderer (apps/web/dist/server, `npm run build`), built here when missing
 * (a fresh clone runs the unit tests before the build): one build at a time across test workers.
 */
function serverBuild(): string {
  const entry = path.join(SERVER_BUILD, 'entry-server.js');
  const lock = path.join(WEB, 'dist', '.server-build-lock');
  for (let waited = 0; !fs.existsSync(entry); waited += 1) {
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    try {
      fs.mkdirSync(lock);
    } catch {
      if (waited > 600) throw new Error('the web server build did not finish');
      execFileSync('sleep', ['0.5']);
      continue;
    }
    try {
      if (!fs.existsSync(entry)) {
        execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server', '--emptyOutDir', 'false', '--logLevel', 'warn'], {
          cwd: WEB,
          stdio: 'inherit',
        });
      }
    } finally {
      fs.rmdirSync(lock);
    }
  }
  return SERVER_BUILD;
}

/**
 * Like writeTestWebDist, with the web app's real server renderer (dist/server, linked: it takes
 * React from the repository's node_modules) and every text namespace: the public pages come
 * drawn on the server as in production.
 */
export function writeRenderingWebDist(pageFiles: unknown = { pages: {} }): string {
  const dir = writeTestWebDist(pageFiles);
  fs.symlinkSync(serverBuild(), path.join(dir, 'server'), 'dir');
  for (const lng of ['en', 'am']) fs.cpSync(path.join(LOCALES, lng), path.join(dir, 'locales', lng), { recursive: true });
  return dir;
}

/** The state a drawn page hands to the browser (apps/web/src/ssr-state.ts); null for a page not drawn. */
export interface DrawnState {
  lng: string;
  hydrate: boolean;
  queries: { queries: Array<{ queryKey: unknown[]; queryHash: string; state: { data: unknown } }> };
  browse?: { url: string; queryHash: string };
}

export function ssrStateOf(html: string): DrawnState | null {
  const found = /<script id="ssr-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]!) : null;
}

/** The text of the app drawn into the page (inside #root), tags dropped. */
export function drawnText(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="ssr-state"');
  if (start < 0 || end < start) return '';
  return html
    .slice(start, end)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
