import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A web build's page as the tests serve it: the app's entry and its empty root. */
export const TEST_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Build description" /><title>Betoch</title><script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>';

const LOCALES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/public/locales');

/**
 * A folder standing in for apps/web/dist: index.html, the given first-screens.json, and the page
 * texts (locales/{lng}/seo.json) and common texts (common.json: the words of generated listing
 * titles) copied from the web app's real locale files.
 */
export function writeTestWebDist(screens: unknown = { screens: [] }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-web-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEST_INDEX);
  fs.writeFileSync(path.join(dir, 'first-screens.json'), JSON.stringify(screens));
  for (const lng of ['en', 'am']) {
    fs.mkdirSync(path.join(dir, 'locales', lng), { recursive: true });
    for (const ns of ['seo', 'common']) fs.copyFileSync(path.join(LOCALES, lng, `${ns}.json`), path.join(dir, 'locales', lng, `${ns}.json`));
  }
  return dir;
}
