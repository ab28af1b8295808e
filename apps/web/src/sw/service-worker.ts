/**
 * Betoch's service worker, built to /sw.js by build/service-worker-plugin.ts with the build's
 * version and precache list. What it stores and why: docs/offline.md; the decisions themselves
 * are the pure functions of sw-rules.ts.
 *
 * A new version installs in the background and waits: the page offers a reload (update-prompt),
 * and only then does it take over, so a running session never mixes two versions' files.
 */
import { unreachable } from '@betoch/contracts/exhaustive';
import { BROWSE_CACHE_MAX, PHOTO_CACHE_MAX, cacheNames, isStorable, overCap, pageBrowseAnswer, staleCaches, strategyFor, type SwStrategy } from './sw-rules';

// Filled in at build time.
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

// The few service-worker types used here (the web app's TypeScript lib is DOM, not WebWorker).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends Event {
  readonly data: unknown;
}
declare const self: {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
};

const VERSION = __SW_VERSION__;
const CACHES = cacheNames(VERSION);
/** The app's empty shell, never a page drawn by the server (that page's content and state are its own). */
const SHELL_URL = '/index.html';

self.addEventListener('install', (event) => {
  // No skipWaiting here: the new version waits until the page asks (see 'message').
  event.waitUntil(caches.open(CACHES.shell).then((cache) => cache.addAll(__SW_PRECACHE__)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, VERSION).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor(request, self.location.origin);
  switch (strategy) {
    case 'pass':
      return; // The browser's own fetch; nothing stored.
    case 'shell':
      return event.respondWith(shell(event));
    case 'browse':
      return event.respondWith(networkFirst(event, strategy, CACHES.browse, BROWSE_CACHE_MAX));
    case 'asset':
      return event.respondWith(cacheFirst(event, strategy, CACHES.assets));
    case 'photo':
      return event.respondWith(cacheFirst(event, strategy, CACHES.photos, PHOTO_CACHE_MAX));
    case 'locale':
      return event.respondWith(staleWhileRevalidate(request, event));
    default:
      return unreachable(strategy, 'caching strategy');
  }
});

/**
 * Pages: the network (a page that carries the browse list has it kept, as if the app had called);
 * offline, the precached index.html (the app then routes itself).
 */
async function shell(event: FetchEvent): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      event.waitUntil(keepPageBrowseAnswer(response.clone()));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: CACHES.shell });
    if (cached) return cached;
    throw error;
  }
}

async function keepPageBrowseAnswer(page: Response): Promise<void> {
  const answer = pageBrowseAnswer(await page.text(), self.location.origin);
  if (!answer) return;
  const response = new Response(answer.json, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  await store(CACHES.browse, new Request(answer.url), response, BROWSE_CACHE_MAX);
}

async function store(cacheName: string, request: Request, response: Response, max?: number): Promise<void> {
  const cache = await caches.open(cacheName);
  // Delete first, so the newest answer is last in keys() and the cap drops the oldest.
  await cache.delete(request);
  await cache.put(request, response);
  if (max !== undefined) {
    const keys = await cache.keys();
    await Promise.all(overCap(keys, max).map((key) => cache.delete(key)));
  }
}

/**
 * Browse: the network, the answer kept; offline, the answer for the same address, else the
 * newest one kept (the page's offline banner says these are the last homes loaded).
 */
async function networkFirst(event: FetchEvent, strategy: SwStrategy, cacheName: string, max: number): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (isStorable(strategy, response)) event.waitUntil(store(cacheName, request, response.clone(), max));
    return response;
  } catch (error) {
    const cache = await caches.open(cacheName);
    const exact = await cache.match(request);
    if (exact) return exact;
    const keys = await cache.keys();
    const newest = keys[keys.length - 1];
    const fallback = newest ? await cache.match(newest) : undefined;
    if (fallback) return fallback;
    throw error;
  }
}

async function cacheFirst(event: FetchEvent, strategy: SwStrategy, cacheName: string, max?: number): Promise<Response> {
  const { request } = event;
  // Build files precached with the shell are found there first.
  const cached = (strategy === 'asset' ? await caches.match(request, { cacheName: CACHES.shell }) : undefined) ?? (await caches.match(request, { cacheName }));
  if (cached) return cached;
  const response = await fetch(request);
  if (isStorable(strategy, response)) event.waitUntil(store(cacheName, request, response.clone(), max));
  return response;
}

async function staleWhileRevalidate(request: Request, event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHES.locales);
  // A refreshed copy first, else the one precached with the shell (common and listings texts).
  const cached = (await cache.match(request)) ?? (await caches.match(request, { cacheName: CACHES.shell }));
  const fresh = fetch(request).then(async (response) => {
    if (isStorable('locale', response)) await cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}
