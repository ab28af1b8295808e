// Makes the app's install icons (apps/web/public/icons/*.png) from the favicon's mark with sharp:
// 192 and 512 px of the rounded tile, and a 512 px maskable one (full-bleed green, the house
// inside the safe circle so Android's round or squircle mask never cuts it).
// Run after changing apps/web/public/favicon.svg: node scripts/make-app-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const favicon = fs.readFileSync(path.join(web, 'favicon.svg'), 'utf8');
const house = /<path d="([^"]+)"/.exec(favicon)?.[1];
const green = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const gold = /<path[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!house || !green || !gold) throw new Error('favicon.svg no longer has the tile and the house path');

// The house spans 14..50 x 16..52; scaled to 70% around its centre it fits the 40% safe radius.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${green}"/><path transform="translate(32 34) scale(.7) translate(-32 -34)" d="${house}" fill="${gold}"/></svg>`;

const outputs = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];
fs.mkdirSync(path.join(web, 'icons'), { recursive: true });
for (const { file, svg, size } of outputs) {
  const out = path.join(web, 'icons', file);
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(out);
  console.log(`${path.relative(process.cwd(), out)}: ${fs.statSync(out).size} bytes`);
}
