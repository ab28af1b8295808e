import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorAnswer } from '@betoch/contracts/common';
import type { AppContext } from '../app-context.ts';
import { requireAdmin } from '../modules/auth/access.ts';
import { AppError } from '../lib/app-error.ts';
import { routesOf } from '../lib/route.ts';

function schemaOf(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

function parametersOf(schema: z.ZodType | undefined, location: 'query' | 'path') {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI document, generated from the same zod schemas that validate every call. */
export function buildOpenApi(app: FastifyInstance) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = schemaOf(ZErrorAnswer, 'output');
  for (const r of routesOf(app)) {
    const key = `/api${r.url}`;
    const responses: Record<string, unknown> = {
      [String(r.successStatus)]: { description: 'Success', content: { 'application/json': { schema: schemaOf(r.response, 'output') } } },
    };
    for (const status of new Set([400, ...(r.auth === 'none' ? [] : [401]), ...(r.auth === 'admin' ? [403] : []), ...r.errors])) {
      responses[String(status)] = { description: 'Failure', content: { 'application/json': { schema: errorSchema } } };
    }
    paths[key] = {
      ...(paths[key] ?? {}),
      [r.method.toLowerCase()]: {
        summary: r.summary,
        tags: r.tags,
        ...(r.auth === 'none' ? { security: [] } : {}),
        parameters: [...parametersOf(r.params, 'path'), ...parametersOf(r.query, 'query')],
        ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } } } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Betoch API', version: '1.0.0', description: 'Rental marketplace for Addis Ababa' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/**
 * GET /api/docs: the document describes every admin call, so it is for admins (their bearer token)
 * unless API_DOCS_PUBLIC=true opens it to anyone.
 */
export function openApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  let cached: unknown;
  app.get('/api/docs', async (req, reply) => {
    if (!ctx.env.apiDocsPublic) {
      const user = await ctx.authenticate(req);
      if (!user) throw new AppError('unauthorized');
      requireAdmin(user);
    }
    cached ??= buildOpenApi(app);
    return reply.header('cache-control', 'no-cache').send(cached);
  });
}
