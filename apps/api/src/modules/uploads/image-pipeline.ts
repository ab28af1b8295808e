import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MEGAPIXELS } from '@betoch/contracts/constants';
import { ACCEPTED_IMAGE_FORMATS, PHOTO_WIDTHS } from '@betoch/contracts/uploads';
import { AppError } from '../../lib/app-error.ts';
import { differenceHash } from './dhash.ts';

export const MAX_INPUT_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;
const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS);
/** Very tall images are bounded too (WebP cannot hold more than 16383 px a side). */
const LARGEST_HEIGHT = LARGEST_WIDTH * 2;
const PLACEHOLDER_SIZE = 16;
const WEBP_QUALITY = 78;
const PIPELINE_TIMEOUT_SECONDS = 30;

export interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** Size of the largest rendition (after auto-rotation). */
  width: number;
  height: number;
  /** Smallest first; the last one is the largest. */
  renditions: Rendition[];
  /** data:image/webp;base64,... of a 16 px wide blurred copy. */
  placeholder: string;
  /** 64-bit dHash as 16 hex digits. */
  phash: string;
}

/** HTML, SVG, PHP or script text inside an "image" is a polyglot: refused even if it decodes. */
const MARKUP = /<(?:script|html|svg|iframe|body|object|embed|meta|link|style)[\s>/]|<\?php|<!doctype|javascript:/i;

const SCAN_CHUNK = 512 * 1024;
const SCAN_OVERLAP = 32;

/** Scans for markup in slices, yielding between them, so a 10 MB upload never blocks other calls. */
async function containsMarkup(input: Buffer): Promise<boolean> {
  for (let offset = 0; offset < input.length; offset += SCAN_CHUNK) {
    const slice = input.toString('latin1', offset, Math.min(input.length, offset + SCAN_CHUNK + SCAN_OVERLAP));
    if (MARKUP.test(slice)) return true;
    if (offset + SCAN_CHUNK < input.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return false;
}

/** The refusal of bytes that are not a readable JPEG, PNG or WebP image (415). */
export function unsupportedImage(): AppError {
  return new AppError('unsupported_media_type', 'Only JPG, PNG or WebP images are accepted.');
}

function tooManyPixels(): AppError {
  return new AppError('image_too_large', `Photos must be at most ${PHOTO_MAX_MEGAPIXELS} megapixels.`);
}

function tooManyBytes(): AppError {
  return new AppError('image_too_large', `Photos must be at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB.`);
}

function decoderOf(input: Buffer): Sharp {
  // limitInputPixels makes libvips refuse a larger image before it allocates its pixels.
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
}

/**
 * Checks that the bytes are a JPEG, PNG or WebP image by decoding them (the name and the declared
 * content type are never trusted), refuses decompression bombs from the header before decoding,
 * then auto-rotates, drops every piece of metadata (EXIF with GPS, XMP, IPTC, ICC after conversion
 * to sRGB) and re-encodes to WebP renditions of PHOTO_WIDTHS, never enlarging.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > PHOTO_MAX_BYTES) throw tooManyBytes();
  if (input.length === 0) throw unsupportedImage();
  if (await containsMarkup(input)) throw unsupportedImage();

  let meta: Metadata;
  try {
    // Reads the header only; libvips refuses a header that declares more than the pixel limit.
    meta = await decoderOf(input).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unsupportedImage();
  }
  if (!meta.format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(meta.format)) throw unsupportedImage();
  if (!meta.width || !meta.height) throw unsupportedImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await decoderOf(input)
      .autoOrient()
      .resize({ width: LARGEST_WIDTH, height: LARGEST_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .timeout({ seconds: PIPELINE_TIMEOUT_SECONDS })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unsupportedImage();
  }
  return renditionsOf(base.data, base.info);
}

/**
 * Encodes already decoded sRGB pixels (also used by the demo seed for its generated pictures).
 * `summaryFromSmallest`: the placeholder and the hash are taken from the smallest rendition's
 * pixels rather than the largest's (about a fifth of the work; the hash moves a bit or so). The
 * demo's drawings use it; uploads keep the hash of the largest, as stored ones were taken.
 */
export async function renditionsOf(
  pixels: Buffer,
  info: { width: number; height: number; channels: number },
  options: { effort?: number; widths?: readonly number[]; summaryFromSmallest?: boolean } = {},
): Promise<ProcessedImage> {
  const effort = options.effort ?? 3;
  const rawOf = (data: Buffer, size: { width: number; height: number; channels: number }) =>
    sharp(data, { raw: { width: size.width, height: size.height, channels: size.channels as 1 | 2 | 3 | 4 } });
  const raw = () => rawOf(pixels, info);
  const widths = [...(options.widths ?? PHOTO_WIDTHS).filter((w) => w < info.width), info.width];
  let summary = raw;
  const renditions: Rendition[] = [];
  for (const width of widths) {
    let pipeline: Sharp;
    if (width === info.width) pipeline = raw();
    else if (options.summaryFromSmallest && width === widths[0]) {
      const smallest = await raw().resize({ width }).raw().toBuffer({ resolveWithObject: true });
      summary = () => rawOf(smallest.data, smallest.info);
      pipeline = summary();
    } else pipeline = raw().resize({ width });
    const { data, info: out } = await pipeline
      .webp({ quality: WEBP_QUALITY, effort })
      .timeout({ seconds: PIPELINE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: out.width, height: out.height, data });
  }
  const placeholder = await summary().resize({ width: PLACEHOLDER_SIZE, height: PLACEHOLDER_SIZE, fit: 'inside' }).webp({ quality: 40, effort }).toBuffer();
  const phash = await differenceHash(summary());
  const largest = renditions[renditions.length - 1]!;
  return {
    width: largest.width,
    height: largest.height,
    renditions,
    placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
    phash,
  };
}
