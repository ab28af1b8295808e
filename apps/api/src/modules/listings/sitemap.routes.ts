import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { countPubliclyVisible, publiclyVisiblePage } from './listings.repository.ts';

/** The sitemap protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Kept out of search engines: the signed-in screens and the API. */
const ROBOTS_DISALLOW = ['/admin', '/wallet', '/chat', '/api/'];

function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * /sitemap.xml: the page of every listing everyone can see (live, not hidden, poster in good
 * standing). Up to `pageSize` listings it is one sitemap; past that a sitemap index naming
 * /sitemaps/{n}.xml, each at most `pageSize` listings. /robots.txt names it and keeps the
 * signed-in screens and the API out.
 */
export function sitemapRoutes(app: FastifyInstance, ctx: AppContext, { pageSize = SITEMAP_MAX_URLS } = {}): void {
  async function urlSet(req: FastifyRequest, page: number): Promise<string> {
    const rows = await publiclyVisiblePage(ctx.db, ctx.now(), page * pageSize, pageSize);
    const base = origin(req);
    const urls = rows.map((row) => `<url><loc>${xmlText(`${base}/l/${row.id}`)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  app.get('/sitemap.xml', async (req, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    const total = await countPubliclyVisible(ctx.db, ctx.now());
    if (total <= pageSize) return urlSet(req, 0);
    const base = origin(req);
    const pages = Math.ceil(total / pageSize);
    const entries = Array.from({ length: pages }, (_, n) => `<sitemap><loc>${xmlText(`${base}/sitemaps/${n + 1}.xml`)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  });

  app.get<{ Params: { page: string } }>('/sitemaps/:page', async (req, reply) => {
    const match = /^([1-9]\d{0,6})\.xml$/.exec(req.params.page);
    const page = match ? Number(match[1]) : 0;
    if (!page || (page - 1) * pageSize >= Math.max(await countPubliclyVisible(ctx.db, ctx.now()), 1)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return urlSet(req, page - 1);
  });

  app.get('/robots.txt', async (req, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(req)}/sitemap.xml`, ''].join('\n');
  });
}
