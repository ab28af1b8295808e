import type { FastifyInstance, FastifyReply } from 'fastify';

/** The sha256 (base64) of a page's own inline style and script elements: the only ones its policy allows. */
export interface InlineHashes {
  styles: readonly string[];
  scripts: readonly string[];
}

const NONE: InlineHashes = { styles: [], scripts: [] };
const sources = (hashes: readonly string[]) => hashes.map((hash) => ` 'sha256-${hash}'`).join('');

/**
 * The policy; `photoOrigin` is where photos load from when a CDN or bucket serves them; `inline`:
 * a page drawn on the server carries its style sheets inline and a small script that asks for the
 * app's code once the page is shown (./server-render.ts): those elements, by their hashes, and no other.
 */
export function contentSecurityPolicy(photoOrigin?: string, inline: InlineHashes = NONE): string {
  return [
    "default-src 'self'",
    `script-src 'self'${sources(inline.scripts)}`,
    `style-src 'self'${sources(inline.styles)}`,
    // Style attributes in the HTML of a page drawn on the server (a photo's blurred placeholder,
    // a skeleton's size): React sets the same styles through the DOM when the browser draws, which
    // no policy blocks. Style elements and style sheets stay 'self' only.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${photoOrigin ? ` ${photoOrigin}` : ''}`,
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Helmet-style headers; HSTS only in production (served over HTTPS there). */
export function applySecurityHeaders(reply: FastifyReply, production: boolean, csp = CONTENT_SECURITY_POLICY): void {
  reply.header('content-security-policy', csp);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

/** On every answer that goes through the routes (framework errors set them in the error handler). */
export function securityHeaders(app: FastifyInstance, production: boolean, photoOrigin?: string): void {
  const csp = contentSecurityPolicy(photoOrigin);
  app.addHook('onSend', async (_req, reply, payload) => {
    const hashes = inlineElements.get(reply);
    applySecurityHeaders(reply, production, hashes ? contentSecurityPolicy(photoOrigin, hashes) : csp);
    return payload;
  });
}

const inlineElements = new WeakMap<FastifyReply, InlineHashes>();

/** The answer is a page with these inline elements of its own: its policy allows them. */
export function allowInline(reply: FastifyReply, hashes: InlineHashes): void {
  if (hashes.styles.length || hashes.scripts.length) inlineElements.set(reply, hashes);
}
