import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The policy; `photoOrigin` is where photos load from when a CDN or bucket serves them;
 * `styleHashes`: the sha256 (base64) of the page's own style elements (a page drawn on the server
 * carries its style sheets inline), the only inline style elements it allows.
 */
export function contentSecurityPolicy(photoOrigin?: string, styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${styleHashes.map((hash) => ` 'sha256-${hash}'`).join('')}`,
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
    const hashes = inlineStyles.get(reply);
    applySecurityHeaders(reply, production, hashes ? contentSecurityPolicy(photoOrigin, hashes) : csp);
    return payload;
  });
}

const inlineStyles = new WeakMap<FastifyReply, readonly string[]>();

/** The answer is a page with these style elements of its own (sha256, base64): its policy allows them. */
export function allowInlineStyles(reply: FastifyReply, hashes: readonly string[]): void {
  if (hashes.length) inlineStyles.set(reply, hashes);
}
