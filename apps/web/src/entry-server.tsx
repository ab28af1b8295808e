import './lib/zod-jitless';
import { Writable } from 'node:stream';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, hashKey, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { scriptJson } from '@betoch/contracts/html-safe';
import type { TListing } from '@betoch/contracts/listings';
import { ApiError, setApiTransport } from '@/lib/api-client';
import { ServerDataSaver } from '@/lib/data-saver';
import { I18N_INTERPOLATION } from '@/lib/i18n-interpolation';
import { UsedNamespaces } from '@/lib/use-texts';
import { App } from '@/app/app';
import { makeQueryClient } from '@/app/providers';
import { pageModuleAt, preloadPage, SERVER_PAGE_PATHS } from '@/app/routes';
import { browseListingsQueryOptions, browseListingsUrl } from '@/features/listings/api/browse-listings';
import { featuredListingsQueryOptions } from '@/features/listings/api/get-featured-listings';
import { listingQueryOptions } from '@/api/get-listing';
import { fairPriceQueryOptions } from '@/features/listings/api/get-fair-price';
import { filtersFromSearch, startFromSearch } from '@/features/listings/lib/browse-filters';
import { paths } from '@/config/paths';
import { SSR_STATE_ID, type SsrState } from './ssr-state';

/**
 * The server's half of the app (the browser's is main.tsx): the public pages drawn with React's
 * own streaming renderer, from the same routes, components and query options as in the browser,
 * as a visitor without a session sees them (nothing paid for is ever drawn here). The page's data
 * goes along dehydrated, and the browser hydrates the same HTML with it (main.tsx).
 * Built by `vite build --ssr` into dist/server; the API loads it (apps/api/src/plugins/web-app.ts).
 */

/** Pages drawn on the server; every other page is drawn in the browser (signed-in screens). */
const SERVER_PAGES = new Set<string>(SERVER_PAGE_PATHS);
const LISTING_PAGE = /^\/l\/([^/]+)$/;

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderInput {
  /** Path and query string as asked for. */
  url: string;
  origin: string;
  language: Language;
  /** Photos wait for a tap (the visitor's cookie or Save-Data). */
  dataSaver: boolean;
}

export interface RenderedApp {
  status: 200 | 404;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The script element carrying the language, settings and data the browser hydrates with. */
  state: string;
  /** On a listing's page: the listing as a visitor sees it (the page's head describes it). */
  listing?: TListing;
  /** The page module drawn (as the build manifest names it): its files go out with the page. */
  page?: string;
  /** The text namespaces the page used: their files go out with the page too. */
  namespaces: string[];
}

export interface PageRenderer {
  /** The page drawn for a visitor without a session; null when the path is not drawn on the server. */
  render(input: RenderInput): Promise<RenderedApp | null>;
}

/** How long a page may take to draw before the browser is left to draw it. */
const RENDER_TIMEOUT_MS = 5_000;

function languageInstances(resources: Resource): Record<Language, I18n> {
  const make = (lng: Language) => {
    const instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng,
      resources,
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: I18N_INTERPOLATION,
      react: { useSuspense: true },
      initAsync: false,
    });
    return instance;
  };
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, make(lng)])) as Record<Language, I18n>;
}

/** The page's data, asked for with the browser's own query options; a 404 listing makes a 404 page. */
async function prefetch(client: QueryClient, pathname: string, search: string): Promise<{ status: 200 | 404; listing?: TListing; browse?: SsrState['browse'] }> {
  if (pathname === paths.tenantWelcome) {
    await client.prefetchQuery(featuredListingsQueryOptions());
    return { status: 200 };
  }
  if (pathname === paths.browse) {
    const params = new URLSearchParams(search);
    const filters = filtersFromSearch(params);
    const start = startFromSearch(params);
    const options = browseListingsQueryOptions(filters, start);
    await client.prefetchInfiniteQuery(options);
    return { status: 200, browse: { url: browseListingsUrl(filters, start), queryHash: hashKey(options.queryKey) } };
  }
  const match = LISTING_PAGE.exec(pathname);
  if (!match) return { status: 200 };
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return { status: 404 };
  }
  const options = listingQueryOptions(id, null);
  await client.prefetchQuery(options);
  const state = client.getQueryState(options.queryKey);
  if (state?.error instanceof ApiError && state.error.status === 404) return { status: 404 };
  // The fair-price line comes with the page too (drawn once hydrated): no call of the browser's own.
  await client.prefetchQuery(fairPriceQueryOptions(id));
  return { status: 200, listing: client.getQueryData(options.queryKey) };
}

/** What React writes for a Suspense boundary it left for the browser (a part that was not ready). */
const LEFT_FOR_BROWSER = '<!--$!-->';

/**
 * The page as one string. Its data is fetched before (prefetch) and its code loaded (preloadPage),
 * so it almost always draws at once: renderToString, which writes straight into a string. Should a
 * part still wait for something (code of a part not loaded yet), that draw left it for the browser,
 * and the page is drawn again by the streaming renderer, which waits for every part.
 */
function drawToString(app: () => ReactNode): Promise<string> {
  const html = renderToString(app());
  return html.includes(LEFT_FOR_BROWSER) ? drawWhenReady(app()) : Promise.resolve(html);
}

function drawWhenReady(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failed: unknown;
    // Cleared once the page is drawn or has failed: until then it holds the whole page being drawn.
    const timer = setTimeout(() => stream.abort(new Error('page render timed out')), RENDER_TIMEOUT_MS);
    timer.unref();
    const stream = renderToPipeableStream(app, {
      // Every part of the page written in place: no part sent hidden and shown by an inline script,
      // which the site's Content-Security-Policy refuses (and a phone without JavaScript never runs).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // The whole page at once: a search engine, a link preview and a phone without JavaScript
      // read it whole (the data is already here, so nothing waits).
      onAllReady() {
        if (failed) return;
        const sink = new Writable({
          decodeStrings: false,
          write(chunk: Buffer | string, _encoding, done) {
            html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
            done();
          },
          final(done) {
            clearTimeout(timer);
            resolve(html);
            done();
          },
        });
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        clearTimeout(timer);
        failed ??= error;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/**
 * `resources`: every text namespace of both languages ({ en: { common: {...}, ... }, am: ... });
 * `transport`: answers the app's GET /api calls in-process, as for a visitor without a session.
 */
export function createPageRenderer(resources: Resource, transport: ApiTransport): PageRenderer {
  setApiTransport(transport);
  const texts = languageInstances(resources);

  return {
    async render({ url, language, dataSaver }) {
      const [pathname = '/', search = ''] = url.split('?', 2);
      if (!SERVER_PAGES.has(pathname) && !LISTING_PAGE.test(pathname)) return null;
      await preloadPage(pathname);
      const client = makeQueryClient({ server: true });
      try {
        const { status, listing, browse } = await prefetch(client, pathname, search);
        // One i18n instance per language for every page (its texts are kept across pages, see
        // lib/use-texts.ts); the namespaces this page used are noted in a set of its own.
        const used = new Set<string>();
        const html = await drawToString(() => (
          <StrictMode>
            <Suspense fallback={null}>
              <I18nextProvider i18n={texts[language]}>
                <UsedNamespaces.Provider value={used}>
                  <ServerDataSaver.Provider value={dataSaver}>
                    <StaticRouter location={url}>
                      <App client={client} drawnOnServer />
                    </StaticRouter>
                  </ServerDataSaver.Provider>
                </UsedNamespaces.Provider>
              </I18nextProvider>
            </Suspense>
          </StrictMode>
        ));
        // Hydrated only when the browser can draw the very same page: no call failed.
        const answered = client.getQueryCache().getAll().every((query) => query.state.status !== 'error');
        const namespaces = used.size ? [...used] : ['common'];
        const state: SsrState = {
          lng: language,
          ns: namespaces,
          dataSaver,
          hydrate: status === 200 && answered,
          queries: dehydrate(client),
          ...(browse && answered ? { browse } : {}),
        };
        return {
          status,
          html,
          state: `<script id="${SSR_STATE_ID}" type="application/json">${scriptJson(JSON.stringify(state))}</script>`,
          listing,
          page: pageModuleAt(pathname),
          namespaces,
        };
      } finally {
        client.clear();
      }
    },
  };
}
