import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const MAX_DEPTH = 64;

/** The path of the first string holding a NUL character, or undefined. */
function findNul(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? path || '_' : findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The API reads JSON bodies only (uploads register their own multipart parser), and no text may
 * hold a NUL character: PostgreSQL cannot store one, so it would otherwise surface as a 500.
 */
export function bodyGuard(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('preHandler', async (req) => {
    if (req.is404) return; // an unknown address answers its 404 whatever it holds
    const field = findNul(req.body, '', 0) ?? findNul(req.query, '', 0) ?? findNul(req.params, '', 0);
    if (field) {
      throw new AppError('validation_error', 'Text may not contain a NUL character.', { fields: { [field]: 'invalid_text' } });
    }
  });
}
