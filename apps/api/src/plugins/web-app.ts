import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/app-error.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached and
 * answered for every app route; unknown /api paths answer the JSON 404 instead.
 */
export async function webApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Our setHeaders decides the caching; the plugin's own max-age=0 would overwrite it.
      cacheControl: false,
      // /api belongs to the API: its unknown paths answer the JSON 404, never a file.
      allowedPath: (pathname) => !(pathname === '/api' || pathname.startsWith('/api/')),
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel.startsWith(`locales${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=300, stale-while-revalidate=86400');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
    // The site root is the dist folder itself: with index: false the static plugin refuses it (403),
    // so the landing page is answered here like every other app route.
    app.get('/', async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html'));
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) throw new AppError('route_not_found');
    // App routes have no file extension and no dot-file segment (/.env, /.git/config are 404s).
    const appRoute = (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url) && !url.includes('/.');
    if (appRoute && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (appRoute) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run: npm run build');
    }
    throw new AppError('not_found');
  });
}
