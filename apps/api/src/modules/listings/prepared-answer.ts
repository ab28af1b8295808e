import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliText, GZIP_LEVEL, preferredEncoding } from '../../lib/text-compression.ts';

/**
 * A JSON answer serialised once, to be sent many times from the answer caches: the identity bytes,
 * an ETag of the content, and each compressed form made on its first demand and kept (a browser asks
 * for brotli, an older client for gzip, the server's own page renderer for neither: compressing
 * every new page both ways, asked or not, cost more than answering it), at the server's levels
 * (lib/text-compression.ts). Sent with its own Content-Encoding, so the compression plugin leaves it alone.
 */
export interface PreparedAnswer {
  body: Buffer;
  /** Null: too small to compress; undefined: not asked for yet. */
  gzip: Buffer | null | undefined;
  br: Buffer | null | undefined;
  etag: string;
}

/** The compression plugin's threshold (app.ts): smaller answers go as they are. */
const COMPRESS_MIN_BYTES = 1024;

export function prepareAnswer(value: unknown): PreparedAnswer {
  return prepareJson(JSON.stringify(value));
}

/** The same for an answer already written as JSON (the browse index's pages, ./browse-index.ts). */
export function prepareJson(json: string): PreparedAnswer {
  const body = Buffer.from(json, 'utf8');
  const small = body.length < COMPRESS_MIN_BYTES;
  return {
    body,
    gzip: small ? null : undefined,
    br: small ? null : undefined,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/**
 * The smallest deflate window that reaches back over the whole answer (zlib keeps 262 bytes of
 * look-ahead out of it), at most zlib's 32 KB: the same bytes as with the full window, since no
 * match can reach before the answer's start, and less memory set up and cleared on each call
 * (docs/performance.md, 'Figures behind choices in the code').
 */
export function gzipWindowBits(bytes: number): number {
  return Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes + 262))));
}

function gzipOf(answer: PreparedAnswer): Buffer | null {
  if (answer.gzip === undefined) answer.gzip = zlib.gzipSync(answer.body, { level: GZIP_LEVEL, windowBits: gzipWindowBits(answer.body.length) });
  return answer.gzip;
}

function brotliOf(answer: PreparedAnswer): Buffer | null {
  if (answer.br === undefined) answer.br = brotliText(answer.body);
  return answer.br;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a prepared answer. `revalidate`: public and the same for everyone (browse): sent with its
 * ETag and `no-cache`, and answered 304 without a body when the phone already holds these bytes.
 * Otherwise `no-store` (an answer that may depend on who asks).
 */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, options: { revalidate: boolean }): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (options.revalidate) {
    reply.header('cache-control', 'no-cache');
    reply.header('etag', answer.etag);
    if (matches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  } else {
    reply.header('cache-control', 'no-store');
  }
  reply.type('application/json; charset=utf-8');
  // A small answer has neither form (both null) and goes as it is.
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const compressed = encoding && (encoding === 'br' ? brotliOf(answer) : gzipOf(answer));
  if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(answer.body);
}
