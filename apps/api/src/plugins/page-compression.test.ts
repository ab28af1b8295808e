import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyText, brotliPage, FixedPart, gzipPage, pageBody, pageText, type PageBody } from './page-compression.ts';

const style = new FixedPart(`<style>${'.card{color:#136a3f;padding:8px}'.repeat(500)}</style>`);
const head = '<!doctype html><html lang="am"><head><meta charset="utf-8"><title>ቤቶች · ቦሌ</title>';
const body = `</head><body><div id="root"><h1>${'ባለ 2 መኝታ ቤት በቦሌ '.repeat(200)}</h1></div></body></html>`;

/** What a browser does with a response: an inflating stream, fed in small pieces. */
async function streamed(bytes: Buffer): Promise<string> {
  const gunzip = zlib.createGunzip();
  const out: Buffer[] = [];
  gunzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
  for (let i = 0; i < bytes.length; i += 97) gunzip.write(bytes.subarray(i, i + 97));
  gunzip.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('a drawn page compressed', () => {
  const shapes: Array<[string, Array<string | FixedPart>]> = [
    ['head, style, body', [head, style, body]],
    ['the style last', [head, style]],
    ['the style first', [style, body]],
    ['the style alone', [style]],
    ['empty parts around it', ['', style, '']],
    ['no style (a page without a build of its own)', [head + body]],
    ['the style twice', [head, style, '<p>x</p>', style, body]],
    ['nothing', []],
  ];

  it.each(shapes)('gzip: %s reads back as the page, whole and in pieces', async (_name, parts) => {
    const gzip = gzipPage(parts);
    expect(zlib.gunzipSync(gzip).toString('utf8')).toBe(pageText(parts));
    expect(await streamed(gzip)).toBe(pageText(parts));
  });

  it.each(shapes)('brotli: %s reads back as the page', (_name, parts) => {
    expect(zlib.brotliDecompressSync(brotliPage(parts)).toString('utf8')).toBe(pageText(parts));
  });

  it('compresses the style once: its bytes are the same in every page, and the page is hardly bigger than compressed whole', () => {
    const first = gzipPage([head, style, body]);
    const second = gzipPage(['<!doctype html><html lang="en"><head>', style, '</head><body>Another page</body></html>']);
    const deflated = style.deflate;
    expect(style.deflate).toBe(deflated);
    expect(first.includes(deflated)).toBe(true);
    expect(second.includes(deflated)).toBe(true);
    const whole = zlib.gzipSync(pageText([head, style, body]), { level: 6 });
    expect(first.length).toBeLessThan(whole.length * 1.1 + 64);
  });
});

describe('a kept page: its text until it is compressed, then its compressed bytes alone', () => {
  const text = pageText([head, style, body]);
  const unzip = (bytes: Buffer | string, encoding: 'br' | 'gzip') =>
    (encoding === 'br' ? zlib.brotliDecompressSync(bytes as Buffer) : zlib.gunzipSync(bytes as Buffer)).toString('utf8');

  it.each([['gzip', 'br'] as const, ['br', 'gzip'] as const])('first asked in %s: lets its text go, then answers %s and the text from it', (first, second) => {
    const page: PageBody = { parts: [head, style, body], encoded: {} };
    const made = pageBody(page, first);
    expect(unzip(made, first)).toBe(text);
    expect(page.parts).toBeUndefined();
    // The same bytes the second time: made once.
    expect(pageBody(page, first)).toBe(made);
    expect(unzip(pageBody(page, second), second)).toBe(text);
    expect(pageBody(page, null)).toBe(text);
    expect(bodyText(page)).toBe(text);
  });

  it('sent as text to a client that takes no compression, it keeps its text and makes nothing', () => {
    const page: PageBody = { parts: [head, style, body], encoded: {} };
    expect(pageBody(page, null)).toBe(text);
    expect(page.parts).toBeDefined();
    expect(page.encoded).toEqual({});
    expect(bodyText(page)).toBe(text);
  });
});
