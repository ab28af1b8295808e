/**
 * The short photo of a browse card (a page of 20 cards in at most 3 KB gzip). Instead of
 * three full URLs and a WebP placeholder, a card's photo is its upload key, the widths of its
 * renditions and a 4x3 colour tint; the phone builds the URLs and the blurred placeholder from
 * them. No zod here: the browse screen's bundle imports this file.
 */

/** Where the photo files are served: `${PHOTO_PATH_PREFIX}/{key}/{width}.webp` (uploads module). */
export const PHOTO_PATH_PREFIX = '/media';

/** The URL of one rendition of an upload. */
export function photoFileUrl(key: string, width: number): string {
  return `${PHOTO_PATH_PREFIX}/${key}/${width}.webp`;
}

/** The tint: TINT_COLUMNS x TINT_ROWS colours, rows top to bottom, each 3 hex digits (RGB, 4 bits each). */
export const TINT_COLUMNS = 4;
export const TINT_ROWS = 3;
export const TINT_PATTERN = /^[0-9a-f]{36}$/;

/** Pixels (RGB, 8 bits each, rows top to bottom) of a TINT_COLUMNS x TINT_ROWS image to a tint. */
export function encodeTint(rgb: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < TINT_COLUMNS * TINT_ROWS * 3; i += 1) out += Math.round((rgb[i] ?? 0) / 17).toString(16);
  return out;
}

/** Tints' data URLs kept (each page of cards asks again for those it showed; the server draws many pages). */
const TINTS_KEPT = 1_000;
const tintUrls = new Map<string, string>();

/**
 * The tint as a tiny uncompressed BMP data URL: drawn stretched over the photo's box, the browser
 * smooths it into a blurred preview of the photo, as the WebP placeholder of a full photo does.
 * Kept per tint: making one was 2 % of the server's CPU to draw /browse (20 cards).
 */
export function tintDataUrl(tint: string): string {
  let url = tintUrls.get(tint);
  if (url === undefined) {
    url = bmpDataUrl(tint);
    if (tintUrls.size >= TINTS_KEPT) tintUrls.clear();
    tintUrls.set(tint, url);
  }
  return url;
}

function bmpDataUrl(tint: string): string {
  const width = TINT_COLUMNS;
  const height = TINT_ROWS;
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + rowBytes * height;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x42; // 'B'
  bytes[1] = 0x4d; // 'M'
  view.setUint32(2, size, true);
  view.setUint32(10, 54, true); // pixel data offset
  view.setUint32(14, 40, true); // BITMAPINFOHEADER
  view.setInt32(18, width, true);
  view.setInt32(22, height, true); // positive: rows bottom to top
  view.setUint16(26, 1, true); // planes
  view.setUint16(28, 24, true); // bits per pixel
  view.setUint32(34, rowBytes * height, true);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const channel = (c: number) => parseInt(tint[at + c] ?? '0', 16) * 17;
      const offset = 54 + (height - 1 - y) * rowBytes + x * 3;
      bytes[offset] = channel(2);
      bytes[offset + 1] = channel(1);
      bytes[offset + 2] = channel(0);
    }
  }
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/bmp;base64,${btoa(binary)}`;
}

/** One rendition of a photo: as TPhotoSize of @betoch/contracts/uploads. */
export interface PhotoRendition {
  width: number;
  height: number;
  url: string;
}

/** A card photo's renditions, smallest first: URLs from the key, heights in the photo's proportion. */
export function cardPhotoRenditions(photo: { key: string; width: number; height: number; widths: readonly number[] }): PhotoRendition[] {
  const widths = photo.widths.length ? photo.widths : [photo.width];
  return widths.map((width) => ({ width, height: Math.round((width * photo.height) / photo.width), url: photoFileUrl(photo.key, width) }));
}
