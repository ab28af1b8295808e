import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

function fromFastifyError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('payload_too_large');
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('unsupported_media_type');
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    return new AppError('invalid_json');
  }
  if (status === 400) return new AppError('validation_error');
  if (status === 404) return new AppError('not_found');
  if (status === 429) return new AppError('rate_limited');
  return undefined;
}

/** One envelope for every failure; a 5xx never carries a stack, SQL or any other internals. */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = error instanceof AppError ? error : fromFastifyError(error);
    if (known) {
      if (known.status >= 500) req.log.error({ code: known.code }, known.message);
      if (known.code === 'cooldown_active' || known.code === 'rate_limited') {
        reply.header('retry-after', String(known.extra.retry_after ?? 60));
      }
      return reply.code(known.status).header('cache-control', 'no-store').send(known.toAnswer());
    }
    req.log.error({ err: error }, 'unhandled error');
    const internal = new AppError('internal_error');
    return reply.code(500).header('cache-control', 'no-store').send(internal.toAnswer());
  });
}
