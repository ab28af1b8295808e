import sharp from 'sharp';
import { renditionsOf, type ProcessedImage } from '../uploads/image-pipeline.ts';
import type { Random } from './demo-market.ts';

/** Drawings are made on a 1024 x 683 canvas and rendered at 800 x 533 (quick to seed, sharp enough). */
const W = 1024;
const H = 683;
const OUT_W = 800;
const OUT_H = 533;

type Kind = 'exterior' | 'living' | 'bedroom' | 'kitchen' | 'bathroom';

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function sky(random: Random): string {
  const h = 195 + random() * 25;
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(h, 65, 62)}"/><stop offset="1" stop-color="${hsl(h + 10, 55, 88)}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${120 + random() * 780}" cy="${70 + random() * 60}" r="${28 + random() * 18}" fill="${hsl(48, 95, 80)}" opacity="0.9"/>`;
}

function tree(x: number, y: number, size: number, hue: number): string {
  return `<rect x="${x - size * 0.08}" y="${y - size * 0.2}" width="${size * 0.16}" height="${size * 0.6}" fill="${hsl(25, 40, 28)}"/>
<circle cx="${x}" cy="${y - size * 0.45}" r="${size * 0.42}" fill="${hsl(hue, 45, 32)}"/>
<circle cx="${x - size * 0.25}" cy="${y - size * 0.3}" r="${size * 0.3}" fill="${hsl(hue + 8, 40, 38)}"/>`;
}

/** An apartment block (apartments, condos, studios) or a house with a roof (houses, villas). */
type BuildingForm = 'block' | 'house';

function exterior(hue: number, random: Random, form: BuildingForm): string {
  const ground = H * 0.78;
  random(); // The form was once drawn at random: the draw is kept so the rest of every picture stays as it was.
  const tall = form === 'block';
  const wall = hsl(hue, 18 + random() * 25, 72 + random() * 15);
  const trim = hsl(hue + 180, 30, 35 + random() * 15);
  const glass = hsl(205, 45, 55 + random() * 15);
  let building: string;
  if (tall) {
    const floors = 4 + Math.floor(random() * 5);
    const cols = 4 + Math.floor(random() * 3);
    const bw = 420 + random() * 220;
    const x0 = (W - bw) / 2 + (random() - 0.5) * 160;
    const fh = Math.min(70, (ground - 80) / floors);
    const top = ground - floors * fh;
    const windows = range(floors).flatMap((f) =>
      range(cols).map((c) => {
        const ww = (bw - 40) / cols - 18;
        return `<rect x="${x0 + 20 + c * ((bw - 40) / cols) + 9}" y="${top + f * fh + 14}" width="${ww}" height="${fh - 30}" fill="${glass}" stroke="${trim}" stroke-width="3"/>`;
      }),
    );
    const balconies = range(floors).map(
      (f) => `<rect x="${x0 - 6}" y="${top + f * fh + fh - 14}" width="${bw + 12}" height="6" fill="${trim}" opacity="0.8"/>`,
    );
    building = `<rect x="${x0}" y="${top}" width="${bw}" height="${floors * fh}" fill="${wall}"/>${windows.join('')}${balconies.join('')}
<rect x="${x0 - 10}" y="${top - 14}" width="${bw + 20}" height="16" fill="${trim}"/>`;
  } else {
    const bw = 460 + random() * 200;
    const x0 = (W - bw) / 2 + (random() - 0.5) * 140;
    const bh = 230 + random() * 60;
    const top = ground - bh;
    const roof = hsl(hue + 15 + random() * 20, 45, 30 + random() * 10);
    const windows = range(3).map(
      (i) =>
        `<rect x="${x0 + 40 + i * ((bw - 80) / 3)}" y="${top + 50}" width="${(bw - 80) / 3 - 40}" height="80" fill="${glass}" stroke="#fff" stroke-width="6"/>`,
    );
    building = `<rect x="${x0}" y="${top}" width="${bw}" height="${bh}" fill="${wall}"/>
<polygon points="${x0 - 30},${top} ${x0 + bw / 2},${top - 120 - random() * 40} ${x0 + bw + 30},${top}" fill="${roof}"/>
${windows.join('')}
<rect x="${x0 + bw / 2 - 35}" y="${ground - 120}" width="70" height="120" fill="${trim}"/>
<circle cx="${x0 + bw / 2 + 22}" cy="${ground - 60}" r="5" fill="${hsl(45, 80, 60)}"/>`;
  }
  const fenceColour = hsl(hue + 90, 15, 55 + random() * 20);
  const fence =
    random() < 0.6
      ? `<rect x="0" y="${ground - 70}" width="${W * 0.28}" height="70" fill="${fenceColour}"/><rect x="${W * 0.72}" y="${ground - 70}" width="${W * 0.28}" height="70" fill="${fenceColour}"/>`
      : '';
  const trees = range(1 + Math.floor(random() * 3))
    .map(() => tree(40 + random() * (W - 80), ground + 10, 90 + random() * 70, 110 + random() * 30))
    .join('');
  return `${sky(random)}
<rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="${hsl(95 + random() * 20, 30, 40 + random() * 10)}"/>
<rect x="0" y="${ground + 25}" width="${W}" height="40" fill="${hsl(30, 8, 55)}"/>
${building}${fence}${trees}`;
}

function room(hue: number, random: Random, floorAt = 0.7): { base: string; floor: number } {
  const floor = H * floorAt;
  const wallL = 80 + random() * 12;
  const planks = range(12)
    .map((i) => `<line x1="${i * (W / 12)}" y1="${floor}" x2="${i * (W / 12) - 60}" y2="${H}" stroke="${hsl(28, 35, 30)}" stroke-width="2" opacity="0.5"/>`)
    .join('');
  const base = `<rect width="${W}" height="${H}" fill="${hsl(hue, 22 + random() * 20, wallL)}"/>
<rect x="0" y="${floor}" width="${W}" height="${H - floor}" fill="${hsl(28 + random() * 12, 40, 42 + random() * 12)}"/>${planks}
<rect x="0" y="${floor - 10}" width="${W}" height="10" fill="${hsl(hue, 10, wallL - 25)}"/>`;
  return { base, floor };
}

function windowOn(x: number, y: number, w: number, h: number, random: Random): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${hsl(200 + random() * 15, 60, 75)}" stroke="#fafafa" stroke-width="10"/>
<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#fafafa" stroke-width="6"/>`;
}

function living(hue: number, random: Random): string {
  const { base, floor } = room(hue, random);
  const sofa = hsl(hue + 150 + random() * 60, 35, 35 + random() * 15);
  const sx = 120 + random() * 300;
  return `${base}${windowOn(600 + random() * 150, 110, 260, 220, random)}
<ellipse cx="${sx + 200}" cy="${floor + 110}" rx="300" ry="55" fill="${hsl(hue + 30, 35, 60)}" opacity="0.8"/>
<rect x="${sx}" y="${floor - 90}" width="420" height="120" rx="26" fill="${sofa}"/>
<rect x="${sx + 20}" y="${floor - 150}" width="380" height="80" rx="22" fill="${sofa}" opacity="0.9"/>
<rect x="${sx + 160}" y="${floor + 70}" width="160" height="30" rx="6" fill="${hsl(25, 40, 28)}"/>
<rect x="${sx + 40}" y="110" width="160" height="110" fill="${hsl(hue + 200, 40, 55)}" stroke="${hsl(30, 30, 25)}" stroke-width="8"/>
<line x1="${sx + 470}" y1="${floor + 20}" x2="${sx + 470}" y2="${floor - 220}" stroke="#333" stroke-width="5"/>
<polygon points="${sx + 435},${floor - 220} ${sx + 505},${floor - 220} ${sx + 490},${floor - 270} ${sx + 450},${floor - 270}" fill="${hsl(45, 60, 80)}"/>`;
}

function bedroom(hue: number, random: Random): string {
  const { base, floor } = room(hue + 20, random);
  const cover = hsl(hue + 100 + random() * 100, 40, 55 + random() * 15);
  const bx = 200 + random() * 250;
  return `${base}${windowOn(60, 120, 200, 200, random)}
<rect x="${bx}" y="${floor - 200}" width="360" height="150" rx="10" fill="${hsl(25, 35, 30)}"/>
<rect x="${bx - 10}" y="${floor - 70}" width="380" height="130" rx="14" fill="${cover}"/>
<rect x="${bx + 30}" y="${floor - 110}" width="130" height="55" rx="20" fill="#f4f1ea"/>
<rect x="${bx + 200}" y="${floor - 110}" width="130" height="55" rx="20" fill="#f4f1ea"/>
<rect x="${W - 230}" y="${floor - 330}" width="170" height="360" fill="${hsl(30, 25, 50 + random() * 15)}"/>
<line x1="${W - 145}" y1="${floor - 320}" x2="${W - 145}" y2="${floor + 20}" stroke="#333" stroke-width="3"/>`;
}

function kitchen(hue: number, random: Random): string {
  const { base, floor } = room(hue - 20, random, 0.78);
  const cab = hsl(hue + 180 + random() * 40, 25 + random() * 20, 40 + random() * 30);
  const lower = range(6)
    .map(
      (i) =>
        `<rect x="${80 + i * 120}" y="${floor - 170}" width="110" height="160" fill="${cab}" stroke="#222" stroke-width="2"/><rect x="${125 + i * 120}" y="${floor - 150}" width="20" height="6" fill="#ccc"/>`,
    )
    .join('');
  const upper = range(6)
    .map((i) => (i === 2 || i === 3 ? '' : `<rect x="${80 + i * 120}" y="110" width="110" height="150" fill="${cab}" stroke="#222" stroke-width="2"/>`))
    .join('');
  return `${base}${lower}${upper}
<rect x="70" y="${floor - 185}" width="730" height="18" fill="${hsl(0, 0, 85)}"/>
${windowOn(330, 110, 230, 160, random)}
<rect x="${W - 190}" y="${floor - 380}" width="140" height="370" rx="8" fill="${hsl(0, 0, 88 + random() * 8)}" stroke="#888" stroke-width="3"/>
<line x1="${W - 190}" y1="${floor - 250}" x2="${W - 50}" y2="${floor - 250}" stroke="#888" stroke-width="3"/>`;
}

function bathroom(hue: number, random: Random): string {
  const tile = hsl(hue + 160, 20 + random() * 25, 75 + random() * 12);
  const grout = hsl(hue + 160, 10, 60);
  const size = 48 + Math.floor(random() * 24);
  // The grout drawn as one path of lines (as an SVG <pattern> of tiles it drew the same picture
  // but took eight times as long as any other room: a third of all the drawing).
  const rows = range(Math.ceil(H / size)).map((i) => `M0 ${i * size + 0.75}H${W}`);
  const cols = range(Math.ceil(W / size)).map((i) => `M${i * size + 0.75} 0V${H}`);
  return `<rect width="${W}" height="${H}" fill="${tile}"/>
<path d="${[...rows, ...cols].join('')}" fill="none" stroke="${grout}" stroke-width="1.5"/>
<rect x="0" y="${H * 0.8}" width="${W}" height="${H * 0.2}" fill="${hsl(hue, 8, 45)}"/>
<rect x="120" y="${H * 0.55}" width="420" height="150" rx="40" fill="#f7f7f7" stroke="#bbb" stroke-width="4"/>
<rect x="${W - 300}" y="150" width="170" height="220" rx="12" fill="${hsl(205, 40, 82)}" stroke="#999" stroke-width="6"/>
<rect x="${W - 290}" y="${H * 0.6}" width="150" height="110" fill="#f4f4f4" stroke="#bbb" stroke-width="4"/>
<circle cx="200" cy="150" r="24" fill="#c0c0c0"/><line x1="200" y1="150" x2="200" y2="${H * 0.55}" stroke="#c0c0c0" stroke-width="8"/>`;
}

const DRAW: Record<Kind, (hue: number, random: Random, form: BuildingForm) => string> = { exterior, living, bedroom, kitchen, bathroom };

/** A simple drawing of a home or a room around the listing's hue, as stored WebP renditions. */
export async function drawDemoPicture(kind: Kind, hue: number, random: Random, form: BuildingForm): Promise<ProcessedImage> {
  // Each home is framed its own way (zoom, shift, mirror), so two listings' drawings of the same
  // kind of room never share a perceptual hash and duplicate review sees only real copies.
  const zoom = 1.1 + random() * 0.35;
  const dx = -random() * (zoom - 1) * W;
  const dy = -random() * (zoom - 1) * H;
  const mirror = random() < 0.5 ? ` translate(${W} 0) scale(-1 1)` : '';
  const frame = `translate(${dx.toFixed(1)} ${dy.toFixed(1)}) scale(${zoom.toFixed(3)})${mirror}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}" viewBox="0 0 ${W} ${H}"><g transform="${frame}">${DRAW[kind](hue, random, form)}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Effort 0 and two renditions (320 for cards, 800 for the gallery): these flat drawings
  // compress well anyway. The placeholder and the hash are taken from the 320 px pixels.
  return renditionsOf(data, info, { effort: 0, widths: [320], summaryFromSmallest: true });
}
