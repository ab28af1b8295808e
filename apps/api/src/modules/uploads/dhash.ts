import type { Sharp } from 'sharp';

/**
 * 64-bit difference hash (dHash) as 16 hex digits: the image in 9x8 grey, each bit says whether a
 * pixel is brighter than its right neighbour. Resizing, re-encoding and small colour changes keep
 * it; duplicate detection compares hashes by Hamming distance.
 */
export async function differenceHash(image: Sharp): Promise<string> {
  const pixels = await image.clone().greyscale().resize(9, 8, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  let hex = '';
  for (let row = 0; row < 8; row += 1) {
    let byte = 0;
    for (let col = 0; col < 8; col += 1) {
      const left = pixels[row * 9 + col] ?? 0;
      const right = pixels[row * 9 + col + 1] ?? 0;
      byte = (byte << 1) | (left > right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/** Number of differing bits of two dHashes (0 = same picture, up to about 10 = very likely the same). */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 16; i += 4) {
    let x = parseInt(a.slice(i, i + 4), 16) ^ parseInt(b.slice(i, i + 4), 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}
