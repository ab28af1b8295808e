import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '../../../apps/api/src/modules/demo-seed/demo-market.ts';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;

/**
 * A 12-megapixel (4000 x 3000) phone-like JPEG: a room made of walls, a window, furniture-sized
 * blocks with gradients and edges, plus sensor noise, saved at quality 90 with 4:2:0 chroma as a
 * phone camera does. The noise keeps it from compressing trivially (a few MB, like a real photo).
 * Made once and kept in `dir`.
 */
export async function makeTestPhoto(dir: string): Promise<string> {
  const file = path.join(dir, 'photo-12mp.jpg');
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const rand = seededRandom(12);
  const width = PHOTO_WIDTH;
  const height = PHOTO_HEIGHT;
  const pixels = Buffer.alloc(width * height * 3);
  const blocks = Array.from({ length: 40 }, () => ({
    x: Math.floor(rand() * width),
    y: Math.floor(rand() * height),
    w: 150 + Math.floor(rand() * 900),
    h: 150 + Math.floor(rand() * 700),
    rgb: [40 + rand() * 200, 40 + rand() * 200, 40 + rand() * 200],
  }));
  // Box-Muller pairs are slow for 36 M samples; the sum of three uniforms is close enough to a bell.
  const noise = () => (rand() + rand() + rand() - 1.5) * 22;
  const base = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Walls: a warm gradient, a darker wooden floor and a bright window.
      let r = 190 - y * 0.02 + Math.sin(x / 170) * 12;
      let g = 170 - y * 0.025 + Math.cos(y / 130) * 10;
      let b = 140 - y * 0.03;
      if (y > height * 0.72) {
        r = 110 + ((x + y) % 120 < 4 ? -40 : 0);
        g = 80;
        b = 60;
      } else if (x > 2600 && x < 3500 && y > 400 && y < 1500) {
        r = 225 + Math.sin(x / 9) * 10;
        g = 235;
        b = 245;
      }
      const i = (y * width + x) * 3;
      base[i] = r;
      base[i + 1] = g;
      base[i + 2] = b;
    }
  }
  // Furniture: shaded blocks with hard edges.
  for (const k of blocks) {
    for (let y = k.y; y < Math.min(height, k.y + k.h); y += 1) {
      for (let x = k.x; x < Math.min(width, k.x + k.w); x += 1) {
        const shade = 0.75 + 0.25 * ((x - k.x) / k.w);
        const i = (y * width + x) * 3;
        base[i] = k.rgb[0]! * shade;
        base[i + 1] = k.rgb[1]! * shade;
        base[i + 2] = k.rgb[2]! * shade;
      }
    }
  }
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, base[i]! + noise()));
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .withMetadata({ exif: { IFD0: { Make: 'Bench', Model: 'Phone camera' } } })
    .toFile(file);
  return file;
}
