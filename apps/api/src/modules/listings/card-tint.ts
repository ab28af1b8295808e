import sharp from 'sharp';
import { encodeTint, TINT_COLUMNS, TINT_ROWS } from '@betoch/contracts/card-photo';

/**
 * The 4x3 colour tint of a browse card's photo (@betoch/contracts/card-photo), made from the
 * photo's stored WebP placeholder (about 150 characters of base64, which would be half of a page
 * of 20 cards gzipped; the tint is 36 hex digits). A photo's placeholder never changes under its
 * upload key, so tints are remembered by key, up to MEMO_MAX keys (the oldest are forgotten).
 */
const MEMO_MAX = 50_000;
const memo = new Map<string, string | null>();
const WEBP_DATA_URL = 'data:image/webp;base64,';

async function computeTint(placeholder: string): Promise<string | null> {
  if (!placeholder.startsWith(WEBP_DATA_URL)) return null;
  try {
    const pixels = await sharp(Buffer.from(placeholder.slice(WEBP_DATA_URL.length), 'base64'))
      .removeAlpha()
      .resize(TINT_COLUMNS, TINT_ROWS, { fit: 'fill' })
      .raw()
      .toBuffer();
    return encodeTint(pixels);
  } catch {
    return null; // an unreadable placeholder: the card shows no placeholder, as for none at all
  }
}

/** The tint of one upload's placeholder, or null when there is none to make. */
export async function tintOf(key: string, placeholder: string): Promise<string | null> {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const tint = await computeTint(placeholder);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(key, tint);
  return tint;
}

/** A card's tint: the one stored with its cover photo, or (photos stored before tints were kept) made now. */
export async function coverTint(cover: { key: string; placeholder: string; tint?: string | null } | null): Promise<string | null> {
  if (!cover) return null;
  return typeof cover.tint === 'string' ? cover.tint : tintOf(cover.key, cover.placeholder);
}
