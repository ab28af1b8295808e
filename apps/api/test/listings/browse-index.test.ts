import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import { ZBrowseQuery } from '@betoch/contracts/listings';
import type { Database } from '../../src/db/client.ts';
import { browseFromDatabase, browseFromIndex, type BrowseQuestion } from '../../src/modules/listings/browse-answer.ts';
import type { BrowseIndex } from '../../src/modules/listings/browse-index.ts';
import { browseIndexSync, type BrowseIndexSync } from '../../src/modules/listings/browse-index-sync.ts';
import { decodeCursor } from '../../src/modules/listings/browse-cursor.ts';
import { listingsVersion, type ListingsVersion } from '../../src/modules/listings/listings-version.ts';
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
    q: fc.constantFrom('Megenagna', 'መገናኛ', 'bole', 'Place 4', 'ayat', 'ኮተቤ', '22', '!!', 'piassa', 'Summit', 'nowhere'),
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
    const [row] = await database.sql.query<{ id: string }>("SELECT id FROM listings WHERE visibility = 'live' AND admin_hidden = false AND poster_blocked_until IS NULL ORDER BY published_at DESC, id DESC LIMIT 1");
    await database.sql.query('UPDATE listings SET price_etb = 1 WHERE id = $1', [row!.id]);
    const after = await indexNow();
    const question: BrowseQuestion = { filters: ZBrowseQuery.parse({ price_max: '1' }), after: undefined, now: new Date() };
    expect(JSON.parse(bodyOf(browseFromIndex(after, question))).listings.map((c: { _id: string }) => c._id)).toEqual([row!.id]);
  });
});
