import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, isErrorCode } from '@betoch/contracts/errors';
import { AppError } from '../lib/app-error.ts';
import { applySecurityHeaders } from './security-headers.ts';

function fromFastifyError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('payload_too_large', 'The request is too large.');
  }
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('unsupported_media_type', 'This content type is not accepted here. Send JSON.');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    return new AppError('invalid_json');
  }
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new AppError('validation_error', 'The address of this request is not valid.');
  }
  if (status === 404) return new AppError('not_found');
  if (status === 429) return new AppError('rate_limited');
  if (status >= 400 && status < 500) return new AppError('validation_error');
  return undefined;
}

/**
 * A form with one wrong field answers that field's own code when the contract names one (phone:
 * 'invalid_phone' -> invalid_phone, code: 'invalid_code' -> invalid_code), so the user reads
 * "Please enter a valid phone number." rather than a generic line. The fields stay in the answer.
 */
function sharpenValidation(error: AppError): AppError {
  if (error.code !== 'validation_error' || !error.extra.fields) return error;
  const messages = Object.values(error.extra.fields);
  const only = messages.length === 1 ? messages[0] : undefined;
  if (only && isErrorCode(only) && ERROR_STATUS[only] === 400) {
    return new AppError(only, undefined, { fields: error.extra.fields });
  }
  return error;
}

function send(error: AppError, req: FastifyRequest, reply: FastifyReply) {
  if (error.status >= 500) req.log.error({ code: error.code }, error.message);
  if (error.code === 'cooldown_active' || error.code === 'rate_limited' || error.code === 'shutting_down') {
    reply.header('retry-after', String(error.extra.retry_after ?? 60));
  }
  return reply.code(error.status).header('cache-control', 'no-store').send(error.toAnswer());
}

/**
 * Errors Fastify meets before any route runs (a URL that cannot be decoded): the same envelope.
 * No hooks run on this path, so the headers every answer carries are set here.
 */
export function frameworkErrorHandler(production: boolean) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(reply, production);
    reply.header('x-request-id', req.id);
    return send(fromFastifyError(error) ?? new AppError('validation_error'), req, reply);
  };
}

/** One envelope for every failure; a 5xx never carries a stack, SQL or any other internals. */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = error instanceof AppError ? sharpenValidation(error) : fromFastifyError(error);
    if (known) return send(known, req, reply);
    req.log.error({ err: error }, 'unhandled error');
    return send(new AppError('internal_error'), req, reply);
  });
}
