/**
 * The service worker's decisions, as pure functions so they are unit-tested (sw-rules.test.ts).
 * docs/offline.md explains the rules; the worker itself (service-worker.ts) only carries them out.
 *
 * The one rule that matters most: no API answer is ever stored except the public browse list.
 * Unlocked phones, chat text, wallets, sessions and everything else under /api pass straight
 * through to the network, untouched.
 */

import { browseAnswerOf } from '../ssr-state';

/** What the worker does with one request. */
export type SwStrategy =
  /** Not touched: the browser fetches it as if there were no worker (never stored). */
  | 'pass'
  /** A page navigation: network first; offline, the precached app shell. */
  | 'shell'
  /** A hashed build file (/assets/...): cache first; its name changes when its content does. */
  | 'asset'
  /** Interface texts (/locales/...): the stored copy at once, refreshed in the background. */
  | 'locale'
  /** GET /api/listings?...: network first; the last answers kept for offline. */
  | 'browse'
  /** A listing photo (/media/...): cache first, a capped number kept. */
  | 'photo';

export interface SwRequest {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode?: string;
}

/** The only API path whose answers are stored: the public browse list (no phone, no chat text). */
export const BROWSE_PATH = '/api/listings';

/** Browse answers kept (the newest; each a page of 20 cards, about 3 KB). */
export const BROWSE_CACHE_MAX = 6;
/** Photos kept (320/640 px WebP, 15-60 KB each): at most a few megabytes on the phone. */
export const PHOTO_CACHE_MAX = 80;

export function strategyFor(req: SwRequest, origin: string): SwStrategy {
  if (req.method !== 'GET') return 'pass';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'pass';
  }
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) {
    // Exactly the browse list: /api/listings/{id}, /unlock-contact, /my-listings, ... all pass.
    return path === BROWSE_PATH ? 'browse' : 'pass';
  }
  if (req.mode === 'navigate') return 'shell';
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/locales/') && path.endsWith('.json')) return 'locale';
  if (path.startsWith('/media/')) return 'photo';
  return 'pass';
}

export interface SwResponseInfo {
  status: number;
  /** Response.type: 'basic' for same-origin answers; 'opaque' and others are never stored. */
  type?: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be stored: a complete same-origin 200 that the server did not mark
 * no-store or private (every answer carrying a paid-for phone or chat text is no-store), and for
 * browse a JSON body.
 */
export function isStorable(strategy: SwStrategy, res: SwResponseInfo): boolean {
  if (strategy === 'pass' || strategy === 'shell') return false;
  if (res.status !== 200) return false;
  if (res.type && res.type !== 'basic' && res.type !== 'default') return false;
  const cacheControl = (res.headers.get('cache-control') ?? '').toLowerCase();
  if (/\b(no-store|private)\b/.test(cacheControl)) return false;
  if (strategy === 'browse') return (res.headers.get('content-type') ?? '').startsWith('application/json');
  return true;
}

/** Cache names of one build: the shell, assets, texts and browse answers follow the version. */
export function cacheNames(version: string) {
  return {
    shell: `betoch-shell-${version}`,
    assets: `betoch-assets-${version}`,
    locales: `betoch-locales-${version}`,
    browse: `betoch-browse-${version}`,
    // Photos never change under their key, so they survive new versions.
    photos: 'betoch-photos-1',
  };
}

/**
 * The browse answer a page drawn on the server carries in its state (/browse's first page, as the
 * call answered it), to be kept as if the app had called for it: otherwise a
 * visitor who only ever opened /browse from a link has no browse answer kept for offline. Only a
 * public browse list: the answer a listing's page carries is never kept (strategyFor says 'pass').
 */
export function pageBrowseAnswer(html: string, origin: string): { url: string; json: string } | null {
  const found = browseAnswerOf(html);
  if (!found) return null;
  const url = new URL(found.url, origin).href;
  if (strategyFor({ method: 'GET', url }, origin) !== 'browse') return null;
  return { url, json: found.json };
}

/** Caches to delete when a version activates: every Betoch cache that is not one of its own. */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const keep = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => name.startsWith('betoch-') && !keep.has(name));
}

/** Keys to delete so that at most `max` remain (Cache.keys() lists the oldest first). */
export function overCap<T>(keysOldestFirst: readonly T[], max: number): T[] {
  return keysOldestFirst.slice(0, Math.max(0, keysOldestFirst.length - max));
}
