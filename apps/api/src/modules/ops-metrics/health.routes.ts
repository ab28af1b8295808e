import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** What readiness checks: the database always; Redis and the photo store when the app uses them. */
export type ReadinessCheck = 'database' | 'redis' | 'storage';

/** A check that neither answers nor fails within this long counts as failed (a hung Redis). */
const CHECK_TIMEOUT_MS = 2000;

async function withinTimeout(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (the process answers) and readiness: the database, Redis (with REDIS_URL) and the photo
 * store answer. A failure answers 503 naming what failed (`failed`), and logs why.
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext, checks: Partial<Record<ReadinessCheck, () => Promise<void>>>): void {
  const all: Array<[ReadinessCheck, () => Promise<void>]> = [
    ['database', async () => void (await ctx.database.sql.query('SELECT 1'))],
    ...(Object.entries(checks) as Array<[ReadinessCheck, () => Promise<void>]>),
  ];
  app.get('/api/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/api/readyz', async (_req, reply) => {
    const results = await Promise.all(
      all.map(async ([name, check]) => {
        try {
          await withinTimeout(check);
          return undefined;
        } catch (error) {
          ctx.log.warn({ check: name, err: (error as Error).message }, 'readiness check failed');
          return name;
        }
      }),
    );
    const failed = results.filter((name) => name !== undefined);
    reply.header('cache-control', 'no-store');
    if (failed.length === 0) return reply.send({ ok: true, database: ctx.database.kind });
    return reply.code(503).send({ ok: false, error: 'not_ready', message: `Not ready: ${failed.join(', ')}`, failed });
  });
}
