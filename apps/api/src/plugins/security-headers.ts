import type { FastifyInstance, FastifyReply } from 'fastify';

/** The policy; `photoOrigin` is where photos load from when a CDN or bucket serves them. */
export function contentSecurityPolicy(photoOrigin?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
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
    applySecurityHeaders(reply, production, csp);
    return payload;
  });
}
