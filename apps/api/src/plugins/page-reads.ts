import type { FastifyInstance } from 'fastify';
import { fairPriceCalls } from '@betoch/contracts/routes/fair-price';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import type { ApiTransport, PageSettings, TransportAnswer } from '@betoch/contracts/server-render';
import type { ListingsReadService } from '../modules/listings/listings-read.service.ts';
import type { PreparedAnswer } from '../modules/listings/prepared-answer.ts';

/**
 * What the server's page renderer reads, straight from the services (decision 0017): the same
 * answers as the public calls give a visitor without a session, without a request through the
 * whole API (app.inject: a fake socket, the hooks, the router, the request log, a copy of the
 * body). Nothing here takes a user: a page never holds a phone or a locked reply.
 */
export interface PageReads {
  /** GET /listings (a prepared answer: the same bytes the call sends). */
  browse: ListingsReadService['browse'];
  /** GET /listings/{id} as a visitor without a session sees it. */
  listing(id: string): Promise<PreparedAnswer>;
  /** GET /listings/{id}/fair-price's hint. */
  fairPriceHint(id: string): Promise<unknown>;
  /** The listings version (every write changes it): drawn pages are kept for one version. Null: not known. */
  version(): Promise<string | null>;
  /** Whether /login and /signup offer 'Continue with Telegram' (configuration). */
  readonly telegramLogin: PageSettings['telegramLogin'];
}

const LISTING = /^\/api\/listings\/([^/?]+)$/;
const FAIR_PRICE = /^\/api\/listings\/([^/?]+)\/fair-price$/;

/**
 * An answer for the renderer's api-client: its JSON text read when asked for, without a Response
 * (its body stream, headers and text decoding cost more than the JSON itself).
 */
function answer(status: number, body: Buffer | string): TransportAnswer {
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    json: () => {
      try {
        return Promise.resolve(JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as unknown);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

const json = (body: Buffer | string): TransportAnswer => answer(200, body);

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A query string's fields, or undefined when one is repeated (the API's parser would make a list). */
function queryFields(search: string): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key in fields) return undefined;
    fields[key] = value;
  }
  return fields;
}

/**
 * The answer of the public read at `url` from the services, or undefined for anything else or
 * anything that is not a plain success (a 404, a refused query): those go through the API itself.
 */
async function direct(reads: PageReads, url: string): Promise<TransportAnswer | undefined> {
  const [pathname = '', search = ''] = url.split('?', 2);
  if (pathname === '/api/listings') {
    const fields = queryFields(search);
    const query = fields && listingsCalls.browse.query.safeParse(fields);
    return query?.success ? json((await reads.browse(query.data)).body) : undefined;
  }
  const listing = LISTING.exec(pathname);
  if (listing && !search) {
    const params = listingsCalls.getListing.params.safeParse({ id: decoded(listing[1]!) });
    return params.success ? json((await reads.listing(params.data.id)).body) : undefined;
  }
  const fair = FAIR_PRICE.exec(pathname);
  if (fair && !search) {
    const params = fairPriceCalls.getFairPrice.params.safeParse({ id: decoded(fair[1]!) });
    if (!params.success) return undefined;
    return json(JSON.stringify(fairPriceCalls.getFairPrice.response.parse({ ok: true, hint: await reads.fairPriceHint(params.data.id) })));
  }
  return undefined;
}

/**
 * The renderer's reads: from the services when it is one of the public reads above, else (and
 * on any failure, so errors answer exactly as the API words them) through the API in-process,
 * without the visitor's cookies or token. Only GET.
 */
export function pageTransport(app: FastifyInstance, reads: PageReads, headers: Record<string, string>): ApiTransport {
  const viaApi = async (url: string): Promise<TransportAnswer> => {
    const injected = await app.inject({ method: 'GET', url, headers });
    return answer(injected.statusCode, injected.rawPayload);
  };
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`the page renderer may only read (${init.method} ${url})`);
    return (await direct(reads, url).catch(() => undefined)) ?? viaApi(url);
  };
}
