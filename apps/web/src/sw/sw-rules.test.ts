import { scriptJson } from '@betoch/contracts/html-safe';
import { describe, expect, it } from 'vitest';
import { BROWSE_CACHE_MAX, cacheNames, isStorable, overCap, pageBrowseAnswer, staleCaches, strategyFor, type SwRequest } from './sw-rules';

const ORIGIN = 'https://betoch.et';
const get = (path: string, mode = 'cors'): SwRequest => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });
const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

describe('service worker routing', () => {
  it('keeps only the public browse list among API answers', () => {
    expect(strategyFor(get('/api/listings'), ORIGIN)).toBe('browse');
    expect(strategyFor(get('/api/listings?subcity=Bole&type=apartment&cursor=abc'), ORIGIN)).toBe('browse');
  });

  // Every call that can carry a paid-for phone, chat text, money or a session passes untouched.
  const neverStored = [
    '/api/listings/6650f0c2a1b2c3d4e5f60718/unlock-contact',
    '/api/listings/6650f0c2a1b2c3d4e5f60718/unlock-status',
    '/api/listings/batch-unlock-status?ids=a,b',
    '/api/listings/unlocked/my-unlocks',
    '/api/listings/my-listings',
    '/api/listings/6650f0c2a1b2c3d4e5f60718',
    '/api/listings/',
    '/api/listings%2Funlock-contact',
    '/api/unlocks',
    '/api/unlocks/mine',
    '/api/conversations',
    '/api/conversations/unread-count',
    '/api/conversations/abc/messages',
    '/api/wallet/balance',
    '/api/purchase',
    '/api/auth/me',
    '/api/auth/verify-otp',
    '/api/realtime/ticket',
    '/api/realtime/stream',
    '/api/admin/payments/delala',
    '/api/healthz',
    '/api',
  ];
  it.each(neverStored)('never stores %s', (path) => {
    expect(strategyFor(get(path), ORIGIN)).toBe('pass');
    // Not even when a page navigates to it.
    expect(strategyFor(get(path, 'navigate'), ORIGIN)).toBe('pass');
  });

  it('lets every write through, browse included', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(strategyFor({ method, url: `${ORIGIN}/api/listings` }, ORIGIN)).toBe('pass');
      expect(strategyFor({ method, url: `${ORIGIN}/api/listings/x/unlock-contact` }, ORIGIN)).toBe('pass');
    }
  });

  it('never touches another origin', () => {
    expect(strategyFor({ method: 'GET', url: 'https://evil.example/api/listings' }, ORIGIN)).toBe('pass');
    expect(strategyFor({ method: 'GET', url: 'https://evil.example/assets/x.js' }, ORIGIN)).toBe('pass');
  });

  it('serves pages from the shell, build files cache-first, texts and photos from their caches', () => {
    expect(strategyFor(get('/browse?subcity=Bole', 'navigate'), ORIGIN)).toBe('shell');
    expect(strategyFor(get('/l/6650f0c2a1b2c3d4e5f60718', 'navigate'), ORIGIN)).toBe('shell');
    expect(strategyFor(get('/wallet', 'navigate'), ORIGIN)).toBe('shell');
    expect(strategyFor(get('/assets/index-CwHNepUi.js'), ORIGIN)).toBe('asset');
    expect(strategyFor(get('/locales/am/listings.json'), ORIGIN)).toBe('locale');
    expect(strategyFor(get('/media/abc123/320.webp'), ORIGIN)).toBe('photo');
    expect(strategyFor(get('/sw.js'), ORIGIN)).toBe('pass');
    expect(strategyFor(get('/manifest.webmanifest'), ORIGIN)).toBe('pass');
  });
});

describe('what may be stored', () => {
  const ok = { status: 200, type: 'basic' };
  it('stores a plain JSON browse answer', () => {
    expect(isStorable('browse', { ...ok, headers: headers({ 'content-type': 'application/json; charset=utf-8' }) })).toBe(true);
  });

  it('refuses no-store, private, errors, non-JSON and opaque answers', () => {
    const json = { 'content-type': 'application/json' };
    expect(isStorable('browse', { ...ok, headers: headers({ ...json, 'cache-control': 'no-store' }) })).toBe(false);
    expect(isStorable('photo', { ...ok, headers: headers({ 'cache-control': 'private, max-age=60' }) })).toBe(false);
    expect(isStorable('browse', { status: 500, type: 'basic', headers: headers(json) })).toBe(false);
    expect(isStorable('browse', { status: 206, type: 'basic', headers: headers(json) })).toBe(false);
    expect(isStorable('browse', { ...ok, headers: headers({ 'content-type': 'text/html' }) })).toBe(false);
    expect(isStorable('photo', { status: 200, type: 'opaque', headers: headers({}) })).toBe(false);
  });

  it('never stores a passed-through or navigation answer', () => {
    expect(isStorable('pass', { ...ok, headers: headers({ 'content-type': 'application/json' }) })).toBe(false);
    expect(isStorable('shell', { ...ok, headers: headers({ 'content-type': 'text/html' }) })).toBe(false);
  });
});

describe('cache housekeeping', () => {
  it('removes the caches of older versions, keeps photos and foreign caches', () => {
    const now = cacheNames('b2');
    const existing = ['betoch-shell-a1', 'betoch-assets-a1', 'betoch-browse-a1', 'betoch-locales-a1', now.shell, now.assets, now.photos, 'other-app'];
    expect(staleCaches(existing, 'b2').sort()).toEqual(['betoch-assets-a1', 'betoch-browse-a1', 'betoch-locales-a1', 'betoch-shell-a1']);
  });

  it('trims the oldest entries past the cap', () => {
    const keys = Array.from({ length: BROWSE_CACHE_MAX + 2 }, (_, i) => `k${i}`);
    expect(overCap(keys, BROWSE_CACHE_MAX)).toEqual(['k0', 'k1']);
    expect(overCap(['a'], BROWSE_CACHE_MAX)).toEqual([]);
  });
});

describe('pageBrowseAnswer (the browse list a page drawn on the server carries in its state)', () => {
  const answer = { ok: true, listings: [{ title: '</script> near <Bole>' }], next_cursor: null };
  const page = (browse: { url: string; queryHash: string } | undefined, data: unknown = { pages: [answer], pageParams: [null] }) => {
    const state = {
      lng: 'en',
      ns: ['common'],
      dataSaver: false,
      hydrate: true,
      queries: { mutations: [], queries: [{ queryKey: ['listings', 'browse', {}], queryHash: 'h1', state: { data, status: 'success' } }] },
      ...(browse ? { browse } : {}),
    };
    return `<!doctype html><html><head></head><body><div id="root"></div><script id="ssr-state" type="application/json">${scriptJson(JSON.stringify(state))}</script></body></html>`;
  };

  it('is kept under the call the app would make, the first page as the call answered it', () => {
    const found = pageBrowseAnswer(page({ url: '/api/listings?visibility=live&limit=20', queryHash: 'h1' }), ORIGIN);
    expect(found?.url).toBe(`${ORIGIN}/api/listings?visibility=live&limit=20`);
    expect(JSON.parse(found!.json)).toEqual(answer);
  });

  it("never a listing's own answer, another site's, another query's, or a page without one", () => {
    expect(pageBrowseAnswer(page({ url: '/api/listings/6650f0c2a1b2c3d4e5f60718', queryHash: 'h1' }), ORIGIN)).toBeNull();
    expect(pageBrowseAnswer(page({ url: 'https://evil.example/api/listings?limit=20', queryHash: 'h1' }), ORIGIN)).toBeNull();
    expect(pageBrowseAnswer(page({ url: '/api/listings?limit=20', queryHash: 'other' }), ORIGIN)).toBeNull();
    expect(pageBrowseAnswer(page(undefined), ORIGIN)).toBeNull();
    expect(pageBrowseAnswer('<!doctype html><div id="root"></div>', ORIGIN)).toBeNull();
  });
});
