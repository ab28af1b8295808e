import type { FastifyInstance, FastifyReply } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Helmet-style headers; HSTS only in production (served over HTTPS there). */
export function applySecurityHeaders(reply: FastifyReply, production: boolean): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

/** On every answer that goes through the routes (framework errors set them in the error handler). */
export function securityHeaders(app: FastifyInstance, production: boolean): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    applySecurityHeaders(reply, production);
    return payload;
  });
}
