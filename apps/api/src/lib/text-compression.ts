import zlib from 'node:zlib';

/**
 * How the server compresses text it sends (JSON answers, drawn pages), and what each client takes.
 * Brotli at quality 5: nearly the bytes of quality 9 for a small part of its time on the server's
 * one core (docs/performance.md, 'Figures behind choices in the code').
 */
export const GZIP_LEVEL = 6;

/** Text compressed with brotli at the server's quality. */
export function brotliText(bytes: Buffer | string): Buffer {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(bytes),
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** The content encodings a client accepts (`Accept-Encoding`, q > 0), lower case. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) <= 0)) names.add(name);
  }
  return names;
}

/** What the server sends a client: brotli when it takes it, else gzip, else the bytes as they are. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const encodings = acceptedEncodings(header);
  if (encodings.has('br')) return 'br';
  if (encodings.has('gzip') || encodings.has('*')) return 'gzip';
  return null;
}
