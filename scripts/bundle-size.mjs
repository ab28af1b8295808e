// Weighs the first load of each budgeted route from the Vite manifest (apps/web/dist/.vite/manifest.json,
// or WEB_DIST/.vite/manifest.json when WEB_DIST names another build):
// the entry chunk and its static imports, plus the route's lazy page chunk and its static imports.
// Prints a table and exits 1 when a budget in bundle-budget.json is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const budget = JSON.parse(fs.readFileSync(path.join(root, 'bundle-budget.json'), 'utf8'));

const gzipCache = new Map();
function gz(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Files a manifest entry needs at once: itself and its static imports, recursively. */
function closure(key, seen = new Set(), files = { js: new Set(), css: new Set() }) {
  if (seen.has(key)) return files;
  seen.add(key);
  const entry = manifest[key];
  if (!entry) throw new Error(`not in the build manifest: ${key}`);
  files.js.add(entry.file);
  for (const css of entry.css ?? []) files.css.add(css);
  for (const imp of entry.imports ?? []) closure(imp, seen, files);
  return files;
}

function routeFiles(page) {
  const files = closure('index.html');
  closure(page, new Set(), files);
  return files;
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
let broken = false;
const rows = [];

for (const [route, { page, maxKB, maxFiles }] of Object.entries(budget.firstLoadJs)) {
  const { js } = routeFiles(page);
  const total = [...js].reduce((sum, f) => sum + gz(f), 0);
  const ok = total <= maxKB * 1000;
  broken ||= !ok;
  rows.push(`| first-load JS ${route} | ${kb(total)} KB | ${maxKB} KB | ${ok ? 'ok' : 'OVER'} |`);
  if (maxFiles !== undefined) {
    const fewEnough = js.size <= maxFiles;
    broken ||= !fewEnough;
    rows.push(`| script files on first load ${route} | ${js.size} | ${maxFiles} | ${fewEnough ? 'ok' : 'OVER'} |`);
  }
}

for (const [route, { page, locales, maxKB }] of Object.entries(budget.renderBeforeImages)) {
  const { js, css } = routeFiles(page);
  let total = gz('index.html');
  for (const f of [...js, ...css]) total += gz(f);
  // The heavier of the two languages' texts for this page.
  total += Math.max(...['en', 'am'].map((lng) => locales.reduce((sum, ns) => sum + gz(`locales/${lng}/${ns}.json`), 0)));
  const ok = total <= maxKB * 1000;
  broken ||= !ok;
  rows.push(`| HTML+CSS+JS+texts to render ${route} | ${kb(total)} KB | ${maxKB} KB | ${ok ? 'ok' : 'OVER'} |`);
}

console.log('| what (gzip -9) | size | budget | |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
if (broken) {
  console.error('\nA bundle budget is broken (bundle-budget.json).');
  process.exit(1);
}
