import zlib from 'node:zlib';
import { brotliText } from '../lib/text-compression.ts';

/**
 * Compression of the pages drawn on the server, done here in one call rather than by the
 * compression plugin's streams (three stream objects and a zlib stream per page).
 *
 * Every drawn page of a kind carries the same style element, about half its bytes
 * (server-render.ts). For gzip that part is compressed once and its bytes reused: a gzip member
 * may hold deflate data written in several runs, each run ending byte-aligned with a sync flush
 * and none reaching back into another (each is a fresh compressor), so the page's own parts are
 * compressed on each request and the style's deflate bytes are copied between them. The result
 * is one ordinary gzip stream (RFC 1952) whose checksum covers the whole page. Brotli has no such
 * seam, so a brotli page is compressed whole, at the quality the prepared answers use.
 */

/**
 * Levels of deflate for a page (gzip). The fixed part is compressed once per page kind, at the
 * smallest. A page's own text (30-50 KB, drawn for each request) at level 2, zlib's fast strategy:
 * in a CPU profile of pages drawn as fast as one core draws them (2026-12-03), gzip took 19 % of
 * the core at level 6 and 10 % at level 2, for 4 % more bytes on the wire (the whole page:
 * /l/{id} 13,764 -> 14,266 bytes, /browse 13,629 -> 14,168; 0.18-0.20 -> 0.12-0.13 ms a page
 * alone). Browsers mostly take brotli (brotliPage), which this does not change.
 */
const FIXED_PART_LEVEL = 9;
const PAGE_TEXT_LEVEL = 2;

/** The same text in every page it is part of: its deflate bytes are made once. */
export class FixedPart {
  readonly bytes: Buffer;
  private deflated: Buffer | undefined;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  /** Deflate bytes ending byte-aligned, without the final block (a sync flush): made once, so at the smallest. */
  get deflate(): Buffer {
    return (this.deflated ??= zlib.deflateRawSync(this.bytes, { level: FIXED_PART_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  }
}

export type PagePart = string | FixedPart;

/**
 * How a page's own text is deflated. It is written first into one buffer that every page reuses
 * (`scratch`), and zlib writes its answer in pieces small enough for Node's shared pool, with a
 * hash table half the default's (`memLevel` 7: the same bytes for a page, measured on /l/{id} and
 * /browse). A page's fresh buffers, 50-100 KB outside the JavaScript heap, are memory V8 counts as
 * external: at 100 pages a second they started a major collection every 7 s ('external memory
 * pressure', decision 0027).
 */
const PAGE_DEFLATE = { level: PAGE_TEXT_LEVEL, memLevel: 7, chunkSize: 4000 } as const;

let scratch = Buffer.allocUnsafeSlow(256 * 1024);

/**
 * The text's UTF-8 bytes in the shared buffer: valid until the next call, so only for work done at
 * once (a checksum, a synchronous compression) and never kept.
 */
function scratchUtf8(text: string): Buffer {
  // At most three bytes for each UTF-16 unit.
  if (text.length * 3 > scratch.length) scratch = Buffer.allocUnsafeSlow(text.length * 3);
  return scratch.subarray(0, scratch.write(text, 0, 'utf8'));
}

/** Magic, deflate, no flags, no time, default level, Unix (RFC 1952 section 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);

/** The page as one gzip stream: its own parts compressed now, the fixed parts' bytes reused. */
export function gzipPage(parts: readonly PagePart[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    if (part instanceof FixedPart) {
      out.push(part.deflate);
      crc = zlib.crc32(part.bytes, crc);
      length += part.bytes.length;
      // A stream ends with a final block: an empty one after a fixed part that comes last.
      if (last) out.push(zlib.deflateRawSync(Buffer.alloc(0)));
      return;
    }
    if (!part && !last) return;
    const bytes = scratchUtf8(part);
    // Node 20's crc32 of an empty buffer that zlib has read answers 0: empty parts add nothing.
    if (bytes.length) crc = zlib.crc32(bytes, crc);
    length += bytes.length;
    out.push(zlib.deflateRawSync(bytes, { ...PAGE_DEFLATE, finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH }));
  });
  if (!parts.length) out.push(zlib.deflateRawSync(Buffer.alloc(0)));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/** The page compressed with brotli, whole. */
export function brotliPage(parts: readonly PagePart[]): Buffer {
  return brotliText(scratchUtf8(pageText(parts)));
}

/** The page's text. */
export function pageText(parts: readonly PagePart[]): string {
  return parts.map((part) => (part instanceof FixedPart ? part.text : part)).join('');
}

/** A drawn page: its text until it is first compressed, then its compressed forms alone. */
export interface PageBody {
  /** The page's text in order; let go once a compressed form is made (see pageBody). */
  parts?: readonly PagePart[];
  /** The page compressed, each form made on its first demand. */
  encoded: { gzip?: Buffer; br?: Buffer };
}

/**
 * The page as a client takes it: brotli, gzip or its text. The first compressed form is made from
 * the text, which the page then lets go: a page kept drawn (server-render.ts) holds a few
 * kilobytes of compressed bytes outside the JavaScript heap instead of its text (two to four
 * times larger, kept as a chain of strings in the heap), which every page drawn once carried into
 * the old generation. Another form, or the text, is then made from the form kept.
 */
export function pageBody(page: PageBody, encoding: 'br' | 'gzip' | null): Buffer | string {
  if (!encoding) return bodyText(page);
  const made = page.encoded[encoding];
  if (made) return made;
  const parts = page.parts ?? [keptText(page)];
  const body = encoding === 'br' ? brotliPage(parts) : gzipPage(parts);
  page.encoded[encoding] = body;
  page.parts = undefined;
  return body;
}

/** The page's text, whether it still holds it or only a compressed form. */
export function bodyText(page: PageBody): string {
  return page.parts ? pageText(page.parts) : keptText(page);
}

function keptText(page: PageBody): string {
  if (page.encoded.gzip) return zlib.gunzipSync(page.encoded.gzip).toString('utf8');
  if (page.encoded.br) return zlib.brotliDecompressSync(page.encoded.br).toString('utf8');
  throw new Error('a page without its text nor a compressed form');
}
