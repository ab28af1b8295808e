import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import { ZBrowseQuery } from '@betoch/contracts/listings';
import type { Database } from '../../src/db/client.ts';
import { matchesFilter, type FilterableListing } from '@betoch/contracts/listing-filter';
import { browseFromDatabase, browseFromIndex, listingFilterOf, type BrowseQuestion } from '../../src/modules/listings/browse-answer.ts';
import type { BrowseIndex } from '../../src/modules/listings/browse-index.ts';
import { browseIndexSync, type BrowseIndexSync } from '../../src/modules/listings/browse-index-sync.ts';
import { decodeCursor } from '../../src/modules/listings/browse-cursor.ts';
import { listingsVersion, type ListingsVersion } from '../../src/modules/listings/listings-version.ts';
import { filterColumns } from '../../src/modules/saved-searches/saved-searches.service.ts';
import { insertSavedSearch, listingsMatchingSearch } from '../../src/modules/saved-searches/saved-searches.repository.ts';
import { isOnMarket, posterInGoodStandingMs } from '../../src/modules/listings/listing-visibility.ts';
import { browseListings } from '../../src/modules/listings/listings.repository.ts';
import { seedBenchListings } from '../../scripts/seed-listings.ts';
import { openTestDatabase } from '../support/test-app.ts';

/**
 * Browse from memory answers exactly what SQL answers, to the byte, for any filters and any page,
 * on listings of every standing (hidden, drafts, suspended, banned, a suspension that ended,
 * confirmed or not, equal publish times), and again after changes made behind its back: posts,
 * edits, hides, bans, deletes.
 */
const LISTINGS = 3_000;
const log = pino({ level: 'silent' });

let database: Database;
let drop: () => Promise<void>;
let version: ListingsVersion;
let sync: BrowseIndexSync;

async function indexNow(): Promise<BrowseIndex> {
  for (let i = 0; i < 200; i += 1) {
    const index = await sync.at(await version.current());
    if (index) return index;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the browse index did not load');
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedBenchListings(database, LISTINGS, 80);
  await database.sql.exec(`
    UPDATE users SET status = 'suspended', suspended_until = now() + interval '3 days' WHERE phone LIKE '%3';
    UPDATE users SET status = 'suspended', suspended_until = now() - interval '1 day' WHERE phone LIKE '%5';
    UPDATE users SET status = 'banned' WHERE phone LIKE '%7';
    UPDATE users SET fayda_verified_at = now(), fayda_name = name WHERE phone LIKE '%2' OR phone LIKE '%4' OR phone LIKE '%7';
    UPDATE listings SET confirmed_at = now() - ((ascii(substr(id::text, 1, 1)) % 12) * interval '1 day');
    UPDATE listings l SET published_at = o.published_at
      FROM (SELECT id, lag(published_at) OVER (ORDER BY published_at DESC, id DESC) AS published_at FROM listings) o
      WHERE o.id = l.id AND o.published_at IS NOT NULL AND ascii(substr(l.id::text, 2, 1)) % 9 = 0;`);
  version = listingsVersion(database, log);
  sync = browseIndexSync(database.db, log);
  sync.start();
});
afterAll(async () => {
  sync.close();
  await version.close();
  await database.close();
  await drop();
});

const query = fc.record(
  {
    type: fc.constantFrom(...LISTING_TYPES),
    subcity: fc.constantFrom(...SUBCITIES),
    price_min: fc.integer({ min: 0, max: 260_000 }).map(String),
    price_max: fc.integer({ min: 0, max: 260_000 }).map(String),
    source: fc.constantFrom('landlord', 'delala'),
    // Places in both scripts, Latin and Ethiopic (Ge'ez): spellings, subcities, a word of the text.
    q: fc.constantFrom(
      'Megenagna',
      'መገናኛ',
      'bole',
      'ቦሌ',
      'Place 4',
      'ayat',
      'አያት',
      'ኮተቤ',
      '22',
      '!!',
      'piassa',
      'ፒያሳ',
      'Piazza',
      'Summit',
      'kazanchis',
      'ካዛንቺስ',
      'Sar Bet',
      'ገርጂ',
      'gerji',
      'የካ',
      'nowhere',
    ),
    confirmed: fc.constant('7'),
    verified: fc.constant('1'),
    limit: fc.integer({ min: 1, max: 50 }).map(String),
  },
  { requiredKeys: [] },
);

function bodyOf(answer: { body: Buffer }): string {
  return answer.body.toString('utf8');
}

/** Both answers of a question and of the next three pages (by the answers' own cursors). */
async function compare(index: BrowseIndex, raw: Record<string, string>): Promise<number> {
  let cursor: string | undefined;
  let cards = 0;
  for (let page = 0; page < 4; page += 1) {
    const filters = ZBrowseQuery.parse({ ...raw, cursor });
    const question: BrowseQuestion = { filters, after: cursor ? decodeCursor(cursor) : undefined, now: new Date() };
    const expected = bodyOf(await browseFromDatabase(database.db, question));
    expect(bodyOf(browseFromIndex(index, question)), JSON.stringify(raw)).toBe(expected);
    const answer = JSON.parse(expected) as { listings: unknown[]; next_cursor: string | null };
    cards += answer.listings.length;
    if (!answer.next_cursor) break;
    cursor = answer.next_cursor;
  }
  return cards;
}

describe('browse from memory', () => {
  it('answers every filter shape and page as SQL does, to the byte', async () => {
    const index = await indexNow();
    expect(index.size).toBeGreaterThan(LISTINGS / 2);
    let cards = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const n = await compare(index, raw);
        cards += n;
        if (n > 0) found += 1;
      }),
      { numRuns: 150 },
    );
    // The questions found listings (not only empty pages): about a quarter of them do (27-41 of 150
    // in six runs). The number of cards is no guard: a few broad questions make most of it, and it
    // fell to 230 in one CI run (676-1,122 in four runs here).
    expect(found).toBeGreaterThanOrEqual(15);
    expect(cards).toBeGreaterThan(0);
  });

  it('after changes made by other code, the next version answers as SQL does', async () => {
    await database.sql.exec(`
      UPDATE listings SET price_etb = price_etb + 1000 WHERE ascii(substr(id::text, 3, 1)) % 5 = 0;
      UPDATE listings SET admin_hidden = true WHERE ascii(substr(id::text, 4, 1)) % 11 = 0;
      UPDATE listings SET visibility = 'live', published_at = now() WHERE visibility = 'draft' AND ascii(substr(id::text, 5, 1)) % 2 = 0;
      DELETE FROM listings WHERE ascii(substr(id::text, 6, 1)) % 13 = 0;
      UPDATE users SET status = 'banned' WHERE phone LIKE '%1';
      UPDATE users SET status = 'active', suspended_until = NULL WHERE phone LIKE '%7';
      UPDATE users SET fayda_verified_at = NULL, fayda_name = NULL WHERE phone LIKE '%4';
      UPDATE users SET fayda_verified_at = now(), fayda_name = name WHERE phone LIKE '%6';`);
    const index = await indexNow();
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        await compare(index, raw);
      }),
      { numRuns: 60 },
    );
  });

  it('a change of one listing shows on the next version', async () => {
    const [row] = await database.sql.query<{ id: string }>(
      "SELECT id FROM listings WHERE visibility = 'live' AND admin_hidden = false AND poster_blocked_until IS NULL ORDER BY published_at DESC, id DESC LIMIT 1",
    );
    await database.sql.query('UPDATE listings SET price_etb = 1 WHERE id = $1', [row!.id]);
    const after = await indexNow();
    const question: BrowseQuestion = { filters: ZBrowseQuery.parse({ price_max: '1' }), after: undefined, now: new Date() };
    expect(JSON.parse(bodyOf(browseFromIndex(after, question))).listings.map((c: { _id: string }) => c._id)).toEqual([row!.id]);
  });

  it('SQL browse, browse in memory and saved-search alerts find the listings the one filter description finds', async () => {
    const index = await indexNow();
    const now = new Date();
    // Every listing as the description reads it, with the rule of who may see it in its row form.
    const rows = await database.sql.query<{
      id: string;
      type_group: string;
      subcity: string;
      source: string;
      price_etb: number;
      confirmed_ms: number | null;
      poster_verified: boolean;
      place_text: string | null;
      visibility: 'draft' | 'live' | 'expired';
      admin_hidden: boolean;
      blocked_ms: number | null;
    }>(`SELECT id, type_group, subcity, source, price_etb, (extract(epoch FROM confirmed_at) * 1000)::float8 AS confirmed_ms,
               poster_verified, place_text, visibility, admin_hidden, (extract(epoch FROM poster_blocked_until) * 1000)::float8 AS blocked_ms
          FROM listings`);
    const described = rows.map((r) => ({
      id: r.id,
      visible: isOnMarket({ visibility: r.visibility, adminHidden: r.admin_hidden }) && posterInGoodStandingMs(r.blocked_ms, now.getTime()),
      listing: {
        typeGroup: r.type_group,
        subcity: r.subcity,
        source: r.source,
        priceEtb: r.price_etb,
        confirmedMs: r.confirmed_ms,
        posterVerified: r.poster_verified,
        placeText: r.place_text ?? '',
      } satisfies FilterableListing,
    }));
    expect(described.some((d) => d.visible)).toBe(true);
    expect(described.some((d) => !d.visible)).toBe(true);
    const [searcher] = await database.sql.query<{ id: string }>("INSERT INTO users (phone, user_type) VALUES ('+251911000999', 'tenant') RETURNING id");
    let alertsFound = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const filters = ZBrowseQuery.parse(raw);
        const filter = listingFilterOf(filters, now);
        const matching = (f: typeof filter) =>
          described
            .filter((d) => d.visible && matchesFilter(d.listing, f))
            .map((d) => d.id)
            .sort();
        const expected = matching(filter);
        const all = { limit: LISTINGS * 2 };
        const fromSql = (await browseListings(database.db, { ...filter, ...all }, now)).map((r) => r.id).sort();
        const fromMemory = index
          .page(filter, all, now.getTime())
          .map((slot) => index.idOf(slot))
          .sort();
        expect(fromSql, `SQL: ${JSON.stringify(raw)}`).toEqual(expected);
        expect(fromMemory, `memory: ${JSON.stringify(raw)}`).toEqual(expected);
        if (expected.length) found += 1;
        // A saved search keeps type, subcity, source, price and place: its alerts name what browse
        // finds with those filters.
        const kept = ZBrowseQuery.parse({ ...raw, confirmed: undefined, verified: undefined });
        const search = await insertSavedSearch(database.db, { userId: searcher!.id, name: 'property', ...filterColumns(kept) });
        const fromAlerts = (await listingsMatchingSearch(database.db, search.id, now)).sort();
        expect(fromAlerts, `alerts: ${JSON.stringify(raw)}`).toEqual(matching(listingFilterOf(kept, now)));
        if (fromAlerts.length) alertsFound += 1;
      }),
      // 200 filter sets: 80 found listings in 8-15 of them, so the check below (the property is not
      // passed by empty answers alone) failed now and then; 200 find some in about 30.
      { numRuns: 200 },
    );
    expect(found).toBeGreaterThanOrEqual(10);
    expect(alertsFound).toBeGreaterThanOrEqual(10);
  });
});
