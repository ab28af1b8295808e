import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { TListing } from '@betoch/contracts/listings';
import type { PageSettings } from '@betoch/contracts/server-render';
import { paths, PHOTO_PARAM, STEP_PARAM } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { listingQueryOptions } from '@/api/get-listing';
import { browseListingsQueryOptions, browseListingsUrl } from '@/features/listings/api/browse-listings';
import { featuredListingsQueryOptions } from '@/features/listings/api/get-featured-listings';
import { fairPriceQueryOptions } from '@/features/listings/api/get-fair-price';
import { telegramLoginQueryOptions } from '@/features/auth/api/get-telegram-login';
import { filtersFromSearch, startFromSearch } from '@/features/listings/lib/browse-filters';
import type { SsrState } from '@/ssr-state';
import type { PageName } from './page-head';

/**
 * The page table: every page the server draws (as a visitor without a session sees it), with its
 * head and the data it is drawn with. The only list of server-drawn pages: the server's routes
 * (apps/api's web-app.ts, through the renderer's `paths`), the renderer (entry-server.tsx) and
 * the server's route table (routes.tsx, serverRoutes) all read it. Any other path is drawn in the
 * browser alone (the signed-in screens).
 *
 * A public page with data: one entry here (its path, its head, a loader asking for its data with
 * the browser's own query options, so the browser hydrates with the very same answers) and its
 * component in routes.tsx.
 */

/** What a page's data said: a listing no visitor may see makes a 404 page. */
export interface PageData {
  status: 200 | 404;
  /** The listing the page shows (its head describes it). */
  listing?: TListing;
  /** On /browse: the call whose answer is the first page of results (SsrState['browse']). */
  browse?: SsrState['browse'];
}

export interface ServerPage {
  /** The route's path; `:name` is a parameter. */
  path: string;
  /** The page's texts in seo.json (`pages.{name}`), or the listing the page shows. */
  head: Exclude<PageName, 'notFound'> | 'listing';
  /**
   * Query parameters that only pick a view of the page, drawn by the server so it works without
   * JavaScript (a photo full-screen, a step of the wizard): left out of its canonical address.
   */
  views?: readonly string[];
  /** Reads the page's data into the query client; absent for a page without. */
  load?: (client: QueryClient, params: Record<string, string>, search: URLSearchParams, settings: PageSettings) => Promise<PageData>;
}

const OK: PageData = { status: 200 };

async function loadBrowse(client: QueryClient, _params: Record<string, string>, search: URLSearchParams): Promise<PageData> {
  const filters = filtersFromSearch(search);
  const start = startFromSearch(search);
  const options = browseListingsQueryOptions(filters, start);
  await client.prefetchInfiniteQuery(options);
  return { status: 200, browse: { url: browseListingsUrl(filters, start), queryHash: hashKey(options.queryKey) } };
}

async function loadListing(client: QueryClient, { id }: Record<string, string>): Promise<PageData> {
  if (!id) return { status: 404 };
  const options = listingQueryOptions(id, null);
  await client.prefetchQuery(options);
  const state = client.getQueryState(options.queryKey);
  if (state?.error instanceof ApiError && state.error.status === 404) return { status: 404 };
  // The fair-price line comes with the page too (drawn once hydrated): no call of the browser's own.
  await client.prefetchQuery(fairPriceQueryOptions(id));
  return { status: 200, listing: client.getQueryData(options.queryKey) };
}

async function loadFeatured(client: QueryClient): Promise<PageData> {
  await client.prefetchQuery(featuredListingsQueryOptions());
  return OK;
}

/** /login and /signup: whether they offer 'Continue with Telegram' comes from the server's configuration, not a call. */
async function loadSignIn(client: QueryClient, _params: Record<string, string>, _search: URLSearchParams, settings: PageSettings): Promise<PageData> {
  client.setQueryData(telegramLoginQueryOptions().queryKey, { ok: true, login: settings.telegramLogin });
  return OK;
}

export const PAGE_TABLE: readonly ServerPage[] = [
  { path: paths.home, head: 'home' },
  { path: paths.browse, head: 'browse', load: loadBrowse },
  { path: '/l/:id', head: 'listing', load: loadListing, views: [PHOTO_PARAM] },
  { path: paths.tenantWelcome, head: 'tenantWelcome', load: loadFeatured },
  { path: paths.landlordWelcome, head: 'landlordWelcome', views: [STEP_PARAM] },
  { path: paths.delalaWelcome, head: 'delalaWelcome' },
  { path: paths.login, head: 'login', load: loadSignIn },
  { path: paths.signup, head: 'signup', load: loadSignIn },
  { path: paths.privacy, head: 'privacy' },
  { path: paths.terms, head: 'terms' },
];

const FIXED = new Map(PAGE_TABLE.filter((page) => !page.path.includes(':')).map((page) => [page.path, page]));
const WITH_PARAMS = PAGE_TABLE.filter((page) => page.path.includes(':')).map((page) => ({ page, segments: page.path.split('/') }));

/**
 * The table's page at a path and its parameters (decoded); null when the server does not draw it.
 * A parameter that does not decode is empty (a listing page then answers 404).
 */
export function serverPageAt(pathname: string): { page: ServerPage; params: Record<string, string> } | null {
  const fixed = FIXED.get(pathname);
  if (fixed) return { page: fixed, params: {} };
  const parts = pathname.split('/');
  for (const { page, segments } of WITH_PARAMS) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = segments.every((segment, i) => {
      const part = parts[i]!;
      if (!segment.startsWith(':')) return segment === part;
      if (!part) return false;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        params[segment.slice(1)] = '';
      }
      return true;
    });
    if (fits) return { page, params };
  }
  return null;
}
