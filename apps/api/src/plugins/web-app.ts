import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { preferredEncoding } from '../lib/text-compression.ts';
import { isAppPath } from '@betoch/contracts/app-paths';
import { AppError } from '../lib/app-error.ts';
import { pageBody } from './page-compression.ts';
import { allowInline } from './security-headers.ts';
import { DATA_SAVER_COOKIE, DATA_SAVER_PARAM, LANGUAGE_COOKIE, LANGUAGE_PARAM, LANGUAGES, MESSAGE_MAX_LENGTH } from '@betoch/contracts/constants';
import { PENDING_MESSAGE_COOKIE, PENDING_MESSAGE_SECONDS, pendingMessageValue } from '@betoch/contracts/pending-message';
import { serverPages } from './server-render.ts';
import type { PageReads } from './page-reads.ts';

/** A choice of this device kept in the cookie the app itself keeps for it (a year, as apps/web/src/lib/device-cookie.ts). */
function keepDeviceChoice(reply: FastifyReply, name: string, value: string): void {
  reply.header('set-cookie', `${name}=${value}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`);
}

/**
 * A page opened by its language link (`?lng=am`, the language switch of every page, which works
 * before the app has started and without JavaScript) keeps that language for the pages after it:
 * the cookie the app itself keeps (LANGUAGE_COOKIE, a year, as apps/web/src/lib/device-cookie.ts).
 */
function rememberLanguageOfLink(req: FastifyRequest, reply: FastifyReply): void {
  const search = req.url.split('?', 2)[1];
  if (!search) return;
  const lng = new URLSearchParams(search).get(LANGUAGE_PARAM)?.toLowerCase();
  if (lng && (LANGUAGES as readonly string[]).includes(lng)) {
    keepDeviceChoice(reply, LANGUAGE_COOKIE, lng);
  }
}

/**
 * The data saver's link of a page without JavaScript (`?saver=1` or `?saver=0`): its choice goes
 * into the cookie the app itself keeps (DATA_SAVER_COOKIE, a year), and the answer is the same page
 * without the parameter (a 303), drawn with the choice; a page kept drawn never depends on it.
 * Undefined when the address asks nothing of the kind.
 */
function dataSaverOfLink(req: FastifyRequest, reply: FastifyReply): string | undefined {
  const [pathname = '/', search] = req.url.split('?', 2);
  if (!search) return undefined;
  const query = new URLSearchParams(search);
  const choice = query.get(DATA_SAVER_PARAM);
  if (choice !== '1' && choice !== '0') return undefined;
  keepDeviceChoice(reply, DATA_SAVER_COOKIE, choice);
  query.delete(DATA_SAVER_PARAM);
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

/**
 * The message form of /l/{id} sent by the browser itself (no JavaScript yet, or none at all): it
 * posts the first message to /signup. The message is kept in a cookie of its own
 * (PENDING_MESSAGE_COOKIE), never in the address, and the app sends it once the visitor has an
 * account (sign-up or sign-in); the answer goes on to /signup with the way back. Any other form
 * posted to /signup (its phone step) comes back to its page, its fields unread.
 */
function keepPendingMessage(req: FastifyRequest, reply: FastifyReply): string {
  const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  const listing = form.get('listing') ?? '';
  const message = (form.get('message') ?? '').slice(0, MESSAGE_MAX_LENGTH);
  if (!/^[\w-]{1,64}$/.test(listing) || !message.trim()) return req.url;
  const from = `/l/${listing}`;
  const value = pendingMessageValue(listing, message);
  const query = new URLSearchParams({ from, listing });
  // A message too long for a cookie goes on in the address, as the form's fields would.
  if (value === null) query.set('message', message);
  else reply.header('set-cookie', `${PENDING_MESSAGE_COOKIE}=${value}; Path=/; Max-Age=${PENDING_MESSAGE_SECONDS}; SameSite=Lax`);
  return `/signup?${query.toString()}`;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached and
 * answered for every app route (the public pages with their own head and drawn on the server:
 * ./server-render.ts); any other path redirects to /, and unknown /api paths answer the JSON 404. dist/server (the server's
 * renderer) is never served.
 */
export async function webApp(app: FastifyInstance, distDir: string, reads: PageReads): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const pages = hasBuild ? await serverPages(app, distDir, reads) : undefined;
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const saverBack = dataSaverOfLink(req, reply);
    if (saverBack !== undefined) return reply.header('cache-control', 'no-store').redirect(saverBack, 303);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    rememberLanguageOfLink(req, reply);
    const page = await pages?.render(req.url, req.headers, `${req.protocol}://${req.host}`);
    if (page === undefined) return reply.sendFile('index.html');
    // A listing no visitor may see: 404, kept out of search engines and never stored anywhere.
    if (page.status === 404) reply.code(404).header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    allowInline(reply, page.inline);
    // The page is in the visitor's language and may carry a public answer: never shared.
    reply.header('vary', 'cookie, accept-language, accept-encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    // Each compressed form made once for a page kept drawn (server-render.ts).
    const body = pageBody(page, encoding);
    return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Our setHeaders decides the caching; the plugin's own max-age=0 would overwrite it.
      cacheControl: false,
      // /api belongs to the API: its unknown paths answer the JSON 404, never a file; /server is the
      // server's own code.
      allowedPath: (pathname) => !(pathname === '/api' || pathname.startsWith('/api/') || pathname === '/server' || pathname.startsWith('/server/')),
      setHeaders(reply, filePath) {
        const rel = path.relative(distDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel.startsWith(`locales${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=300, stale-while-revalidate=86400');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    // The pages drawn on the server (the web app's page table) have routes of their own, ahead of the static files' wildcard:
    // otherwise each would first be looked for on disk (three stat calls: .br, .gz and the name),
    // then answered by the not-found handler below. The site root is the dist folder itself,
    // which the static plugin refuses with index: false (403).
    // The site root always (the static plugin refuses the dist folder itself), drawn or not.
    for (const pagePath of new Set(['/', ...(pages?.paths ?? [])])) app.get(pagePath, sendPage);
    // A form of a drawn page sent by the browser itself (no JavaScript: sign-in and sign-up post,
    // so a phone number never goes into the address) comes back to its page, its fields unread;
    // a listing's message form goes on to sign-up, its message kept (keepPendingMessage). The
    // body is read in a scope of its own: no API route takes a browser's form.
    await app.register(async (forms) => {
      forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_req, body, done) => done(null, body));
      forms.post('/login', async (req, reply) => reply.redirect(req.url, 303));
      forms.post('/signup', async (req, reply) => reply.redirect(keepPendingMessage(req, reply), 303));
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) throw new AppError('route_not_found');
    // Paths with a file extension or a dot-file segment (/.env, /.git/config) are files: 404.
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (!read || path.extname(url) || url.includes('/.')) throw new AppError('not_found');
    // Any other path redirects to / (the spec's rule), as a real redirect: not a page shell that
    // redirects in the browser, which a crawler would index as a page.
    if (!isAppPath(url)) return reply.header('cache-control', 'no-cache').redirect('/', 302);
    if (hasBuild) return sendPage(req, reply);
    return reply.code(503).type('text/plain').send('The web app is not built. Run: npm run build');
  });
}
