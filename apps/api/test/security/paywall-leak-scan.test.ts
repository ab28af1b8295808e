import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/lib/route.ts';
import type { SignedIn } from '../support/login.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';
import { insertConfirmToken } from '../../src/modules/freshness/freshness.repository.ts';
import { hashConfirmToken } from '../../src/modules/freshness/confirm-token.ts';
import { drawnPages, leaksIn, phoneSpellings, seedMarket, SENTINEL, type Market } from './market.ts';
import { allRoutes, callRoute, routeKey, type Targets } from './route-calls.ts';
import { deepStrict } from './strict-schema.ts';
import { drawnText, ssrStateOf, writeRenderingWebDist } from '../support/web-dist.ts';

/**
 * The paywall leak scanner. A small market is built through the real calls;
 * then an anonymous visitor, a tenant who never paid and another owner call every route of the
 * app (every GET, and every POST/PATCH that answers data) with the market's real ids in the path,
 * and no answer may hold a poster's phone in any spelling or the words of a locked owner reply.
 * Every 2xx answer must also match its contract made strict: one field more fails. The pages the
 * server renders (the public pages drawn by the web app's server renderer, each listing's page
 * with its head, drawn content and hydration state, the sitemap) are scanned the same way.
 */

/** Calls that would change who the reader is or what they paid: proven elsewhere (auth, wallet, uploads). */
/** Reads that never answer data, only a redirect (their answers are still scanned above). */
const REDIRECT_ONLY = new Set(['GET /auth/telegram/start', 'GET /auth/telegram/callback', 'GET /auth/telegram/widget']);

const NOT_SCANNED = new Set([
  'POST /auth/request-otp',
  'POST /auth/verify-otp',
  'POST /auth/signup',
  'POST /auth/logout',
  'POST /purchase',
  'POST /uploads',
  'DELETE /listings/{id}',
  'POST /account/sign-out-everywhere',
  'POST /account/phone',
  'POST /account/delete',
]);

let m: Market;
let webDist: string;
beforeAll(async () => {
  webDist = writeRenderingWebDist();
  m = await seedMarket({ WEB_DIST: webDist });
  // A live 'still available?' SMS link to the listing that shows its poster's phone: the page it
  // opens without signing in is scanned too (its POST, which spends the link, gets an unknown one).
  const now = m.t.clock.now();
  await insertConfirmToken(m.t.ctx.db, hashConfirmToken(CONFIRM_TOKEN), m.listings.show, now, new Date(now.getTime() + 86_400_000));
}, 120_000);
afterAll(async () => {
  await expectLedgerConsistent(m.t);
  await m.t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

interface Answer {
  reader: string;
  call: string;
  status: number;
  body: string;
  route: RegisteredRoute;
}

const CONFIRM_TOKEN = 'scan-confirm-link-token-0123456789';

function targetsFor(listing: string, conversation: string): Targets {
  return {
    listing,
    conversation,
    case: '00000000-0000-4000-8000-000000000000',
    cluster: '00000000-0000-4000-8000-000000000000',
    adjustment: '00000000-0000-4000-8000-000000000000',
    phone: m.broker.phone,
    token: CONFIRM_TOKEN,
  };
}

/** Every call of one route with each real id its path or body can take. */
async function callEveryVariant(route: RegisteredRoute, who: SignedIn | null, reader: string, out: Answer[]): Promise<void> {
  const key = routeKey(route);
  const listingIds = Object.values(m.listings);
  const conversationIds = Object.values(m.conversations);
  const variants: Array<{ targets: Targets; query?: string; body?: unknown }> = [];
  if (route.url.startsWith('/conversations/')) {
    for (const c of conversationIds) variants.push({ targets: targetsFor(m.listings.show, c) });
  } else if (route.url.includes('{id}') || key === 'POST /conversations' || key === 'POST /reports') {
    for (const l of listingIds) variants.push({ targets: targetsFor(l, m.conversations.lockedShow) });
  } else {
    variants.push({ targets: targetsFor(m.listings.show, m.conversations.lockedShow) });
  }
  if (key === 'POST /confirm-links/{token}') for (const v of variants) v.targets = { ...v.targets, token: undefined };
  if (key === 'GET /account/export/download/{token}') {
    // The reader's own export (asked for in the writes), the unpaying tenant's for the anonymous
    // reader: the download link itself is the credential, and the file is scanned like any answer.
    await m.t.account.settle();
    const link = await m.t.request({ method: 'POST', url: '/api/account/export/link', headers: (who ?? m.tenantUnpaid).auth });
    const token = link.statusCode === 200 ? (link.json().url as string).split('/').pop() : undefined;
    for (const v of variants) v.targets = { ...v.targets, token };
  }
  if (key === 'POST /listings/batch-unlock-status') variants.push({ targets: variants[0]!.targets, body: { listing_ids: listingIds } });
  if (key === 'GET /conversations') for (const l of listingIds) variants.push({ targets: variants[0]!.targets, query: `?listing_id=${l}` });
  if (key === 'GET /listings')
    for (const q of ['?limit=50', '?source=delala', '?subcity=Yeka&limit=50']) variants.push({ targets: variants[0]!.targets, query: q });
  if (key === 'GET /listings/my-listings' || key === 'GET /conversations/unread-count') variants.push({ targets: variants[0]!.targets });
  for (const v of variants) {
    const res = await callRoute(m.t, route, who, v.targets, { query: v.query, body: v.body });
    out.push({
      reader,
      call: `${key}${v.query ?? ''} [${v.targets.listing.slice(0, 8)}|${v.targets.conversation.slice(0, 8)}]`,
      status: res.statusCode,
      body: res.body,
      route,
    });
  }
}

describe('the paywall leak scanner', () => {
  const answers: Answer[] = [];

  it('calls every route as anonymous, an unpaying tenant and another owner', async () => {
    const readers: Array<[string, SignedIn | null]> = [
      ['anonymous', null],
      ['unpaying tenant', m.tenantUnpaid],
      ['another owner', m.otherOwner],
    ];
    const routes = allRoutes(m.t).filter((r) => !NOT_SCANNED.has(routeKey(r)));
    // Calls that write first (start, reply, report, failed unlocks), then every read sees the result.
    const writes = routes.filter((r) => r.method !== 'GET');
    const reads = routes.filter((r) => r.method === 'GET');
    for (const group of [writes, reads]) {
      for (const [reader, who] of readers) {
        for (const route of group) await callEveryVariant(route, who, reader, answers);
      }
    }
    expect(answers.length).toBeGreaterThan(150);
    // The scan reached the data: every non-admin GET answered 2xx to at least one reader (but the
    // steps of Telegram's sign-in, which only redirect, and answer 404 where Telegram is not set up).
    for (const route of reads.filter((r) => r.auth !== 'admin' && !REDIRECT_ONLY.has(routeKey(r)))) {
      expect(
        answers.some((a) => a.route === route && a.status < 300),
        routeKey(route),
      ).toBe(true);
    }
    // And the locked threads really were read: the unpaying tenant opened each of them.
    const threads = answers.filter((a) => a.reader === 'unpaying tenant' && a.call.startsWith('GET /conversations/{id}/messages') && a.status === 200);
    expect(threads.length).toBeGreaterThanOrEqual(3);
    expect(threads.some((a) => a.body.includes('"blurred":true'))).toBe(true);
  });

  it("no answer holds a poster's phone in any spelling or a locked owner reply", () => {
    expect(answers.length).toBeGreaterThan(0);
    const phones = m.posters.map((p) => p.phone);
    const leaks = answers.flatMap((a) => leaksIn(a.body, phones).map((leak) => `${a.reader} ${a.call} ${a.status}: ${leak}`));
    expect(leaks).toEqual([]);
  });

  it('every 2xx answer matches its contract with no field more (deep-strict schemas)', () => {
    const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
    expect(ok.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const a of ok) {
      const parsed = deepStrict(a.route.response).safeParse(JSON.parse(a.body));
      if (!parsed.success) failures.push(`${a.reader} ${a.call}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it("no rendered page holds a poster's phone or a locked owner reply, for any reader", async () => {
    const readers: Array<[string, SignedIn | null]> = [
      ['anonymous', null],
      ['unpaying tenant', m.tenantUnpaid],
      ['another owner', m.otherOwner],
      ['paying tenant', m.tenantPaid],
      ['poster', m.landlordShow],
    ];
    const urls = drawnPages(m, ['/sitemap.xml', '/robots.txt']);
    const phones = m.posters.map((p) => p.phone);
    const leaks: string[] = [];
    let listingPages = 0;
    for (const [reader, who] of readers) {
      for (const url of urls) {
        const res = await m.t.request({ method: 'GET', url, headers: { ...(who?.auth ?? {}), 'user-agent': 'TelegramBot (like TwitterBot)' } });
        if (url.startsWith('/l/') && res.statusCode === 200) {
          listingPages += 1;
          // The page really described the listing: its preview tags, the listing drawn, its state.
          expect(res.body, url).toContain('property="og:title"');
          expect(drawnText(res.body), url).toMatch(/ETB|ብር/);
          expect(ssrStateOf(res.body)?.hydrate, url).toBe(true);
        }
        leaks.push(...leaksIn(res.body, phones).map((leak) => `${reader} ${url} ${res.statusCode}: ${leak}`));
      }
    }
    // Every live listing's page was rendered for every reader (the draft is a 404).
    expect(listingPages).toBe(readers.length * (Object.keys(m.listings).length - 1) * 2);
    expect(leaks).toEqual([]);
  });

  it('the scanner itself finds a phone in each spelling and the locked words', () => {
    const phone = m.landlordShow.phone;
    for (const spelling of phoneSpellings(phone)) expect(leaksIn(JSON.stringify({ text: `call ${spelling} today` }), [phone]).length).toBeGreaterThan(0);
    const n = phone.replace(/^\+251/, '');
    expect(leaksIn(JSON.stringify({ text: `0 ${n.split('').join(' ')}` }), [phone])).not.toEqual([]);
    expect(leaksIn(JSON.stringify({ body_text: `${SENTINEL} yes` }), [])).not.toEqual([]);
    expect(leaksIn(JSON.stringify({ body_text: 'nothing here', at: '2026-01-01T00:00:00.000Z' }), [phone])).toEqual([]);
  });

  it('a strict contract refuses one field more, also deep inside an answer', () => {
    const listing = allRoutes(m.t).find((r) => routeKey(r) === 'GET /listings/{id}')!;
    const answer = answers.find((a) => a.route === listing && a.status === 200)!;
    const json = JSON.parse(answer.body);
    expect(deepStrict(listing.response).safeParse(json).success).toBe(true);
    expect(deepStrict(listing.response).safeParse({ ...json, listing: { ...json.listing, poster_phone: m.landlordShow.phone } }).success).toBe(false);
    const photos = json.listing.photos.map((p: object) => ({ ...p, owner_phone: '0911' }));
    expect(deepStrict(listing.response).safeParse({ ...json, listing: { ...json.listing, photos } }).success).toBe(false);
  });
});
