import './lib/zod-jitless';
import { Writable } from 'node:stream';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { scriptJson } from '@betoch/contracts/html-safe';
import type { ApiTransport, PageRenderer, PageSettings } from '@betoch/contracts/server-render';
import { setApiTransport } from '@/lib/api-client';
import { bootScriptText } from '@/lib/boot-script';
import { ServerDataSaver } from '@/lib/data-saver';
import { KeptMarkup, type KeepMarkup } from '@/lib/kept-markup';
import { ServerOrigin } from '@/lib/page-origin';
import { I18N_INTERPOLATION } from '@/lib/i18n-interpolation';
import { UsedNamespaces } from '@/lib/use-texts';
import { App } from '@/app/app';
import { canonicalUrl, pageHeads, type PageHeadInput } from '@/app/page-head';
import { PAGE_TABLE, serverPageAt, type PageData, type ServerPage } from '@/app/page-table';
import { makeQueryClient } from '@/app/providers';
import { pageModuleAt, preloadPage, serverRoutesFor } from '@/app/routes';
import { HydrationState } from '@/lib/hydration';
import { SSR_STATE_ID, type SsrState } from './ssr-state';

/**
 * The server's half of the app (the browser's is main.tsx): the public pages drawn with React's
 * own streaming renderer, from the same routes, components and query options as in the browser,
 * as a visitor without a session sees them (nothing paid for is ever drawn here). The page's data
 * goes along dehydrated, and the browser hydrates the same HTML with it (main.tsx).
 * Built by `vite build --ssr` into dist/server; the API loads it (apps/api/src/plugins/web-app.ts).
 */

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

/** Parts kept drawn (components/ui/no-script.tsx) at most: a few per language are used. */
const KEPT_PARTS = 100;

/**
 * What KeptMarkup gives the pages, per language: a part drawn alone into HTML, with that
 * language's texts, once per key. Its content never hydrates, so it is drawn as plain markup.
 */
function markupKeepers(texts: Record<Language, I18n>): Record<Language, KeepMarkup> {
  const kept = new Map<string, string>();
  const keeper =
    (language: Language): KeepMarkup =>
    (key, part) => {
      const id = `${language} ${key}`;
      let html = kept.get(id);
      if (html === undefined) {
        html = renderToStaticMarkup(<I18nextProvider i18n={texts[language]}>{part}</I18nextProvider>);
        if (kept.size >= KEPT_PARTS) kept.clear();
        kept.set(id, html);
      }
      return html;
    };
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, keeper(lng)])) as Record<Language, KeepMarkup>;
}

/** The page's head: the 404's, a listing's own, or the page's texts (page-table.ts); none for a listing that could not be read. */
function headOf(head: ServerPage['head'], data: PageData): PageHeadInput | null {
  if (data.status === 404) return { kind: 'page', name: 'notFound' };
  if (head !== 'listing') return { kind: 'page', name: head };
  return data.listing?.access === 'public' ? { kind: 'listing', listing: data.listing } : null;
}

/**
 * `resources`: every text namespace of both languages ({ en: { common: {...}, ... }, am: ... });
 * `transport`: answers the app's GET /api calls in-process, as for a visitor without a session;
 * `settings`: the server's configuration the pages show.
 */
export function createPageRenderer(resources: Resource, transport: ApiTransport, settings: PageSettings): PageRenderer {
  setApiTransport(transport);
  const texts = languageInstances(resources);
  const heads = pageHeads(resources as Record<string, Record<string, unknown>>);
  const keepers = markupKeepers(texts);

  return {
    paths: PAGE_TABLE.map((page) => page.path),
    bootScript: bootScriptText,
    async render({ url, origin, language, dataSaver }) {
      const [pathname = '/', search = ''] = url.split('?', 2);
      const found = serverPageAt(pathname);
      if (!found) return null;
      await preloadPage(pathname);
      const table = serverRoutesFor(found.page.path);
      const client = makeQueryClient({ server: true });
      try {
        const data = found.page.load ? await found.page.load(client, found.params, new URLSearchParams(search), settings) : { status: 200 as const };
        // One i18n instance per language for every page (its texts are kept across pages, see
        // lib/use-texts.ts); the namespaces this page used are noted in a set of its own.
        const used = new Set<string>();
        const html = await drawToString(() => (
          <StrictMode>
            <Suspense fallback={null}>
              <HydrationState hydrating>
                <I18nextProvider i18n={texts[language]}>
                  <UsedNamespaces.Provider value={used}>
                    <ServerDataSaver.Provider value={dataSaver}>
                      <ServerOrigin.Provider value={origin}>
                        <KeptMarkup.Provider value={keepers[language]}>
                          <StaticRouter location={url}>
                            <App client={client} table={table} />
                          </StaticRouter>
                        </KeptMarkup.Provider>
                      </ServerOrigin.Provider>
                    </ServerDataSaver.Provider>
                  </UsedNamespaces.Provider>
                </I18nextProvider>
              </HydrationState>
            </Suspense>
          </StrictMode>
        ));
        const head = headOf(found.page.head, data);
        // Hydrated only when the browser can draw the very same page: no call failed.
        const answered = client
          .getQueryCache()
          .getAll()
          .every((query) => query.state.status !== 'error');
        const namespaces = used.size ? [...used] : ['common'];
        const state: SsrState = {
          lng: language,
          ns: namespaces,
          dataSaver,
          hydrate: data.status === 200 && answered,
          queries: dehydrate(client),
          ...(data.browse && answered ? { browse: data.browse } : {}),
        };
        return {
          status: data.status,
          head: head ? heads.tags(head, language, canonicalUrl(origin, pathname, search, found.page.views), origin) : '',
          html,
          state: `<script id="${SSR_STATE_ID}" type="application/json">${scriptJson(JSON.stringify(state))}</script>`,
          page: pageModuleAt(pathname),
          namespaces,
          complete: answered,
        };
      } finally {
        client.clear();
      }
    },
  };
}
