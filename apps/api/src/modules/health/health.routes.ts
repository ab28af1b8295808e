import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Liveness (the process answers) and readiness (the database and Redis answer). */
export function healthRoutes(app: FastifyInstance, ctx: AppContext, extraChecks: Array<() => Promise<void>>): void {
  app.get('/api/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/api/readyz', async (_req, reply) => {
    try {
      await ctx.database.sql.query('SELECT 1');
      for (const check of extraChecks) await check();
      return reply.header('cache-control', 'no-store').send({ ok: true, database: ctx.database.kind });
    } catch (error) {
      ctx.log.warn({ err: (error as Error).message }, 'readiness check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ ok: false, error: 'not_ready', message: 'Not ready' });
    }
  });
}
