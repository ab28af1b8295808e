import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { PLACE_WALK_ROWS, browseListings, browseQuery, placeWalkQuery, type BrowseFilters } from '../../src/modules/listings/listings.repository.ts';
import { typeGroupOf } from '@betoch/contracts/constants';
import { expandPlaceQuery } from '../../src/modules/listings/place-search.ts';
import { explainAnalyze, planNodes, rowsRead, type PlanNode } from '../../scripts/query-plan.ts';
import { seedBenchListings } from '../../scripts/seed-listings.ts';
import { openTestDatabase } from '../support/test-app.ts';

/**
 * Every filter shape of the browse call is served by an index on thousands of listings: no plan
 * reads the table from end to end, and none reads more rows than a page needs (a place search
 * reads at most PLACE_WALK_ROWS of the newest before its index finds the rest). Checked with
 * EXPLAIN (ANALYZE, FORMAT JSON) of the very queries the call runs, on PGlite and on PostgreSQL.
 */
const LISTINGS = 12_000;
const LIMIT = 21;

let database: Database;
let drop: () => Promise<void>;
const now = new Date();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedBenchListings(database, LISTINGS, 200);
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function explain(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<{ plan: PlanNode; rows: number }> {
  const { plan } = await explainAnalyze(database, query);
  return { plan, rows: plan['Actual Rows'] ?? 0 };
}

function describePlan(plan: PlanNode): string {
  return planNodes(plan)
    .map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''} (${n['Actual Rows']} rows, ${n['Rows Removed by Filter'] ?? 0} removed)`)
    .join(' > ');
}

function expectIndexed(plan: PlanNode, maxRows: number, shape: string): void {
  const text = `${shape}: ${describePlan(plan)}`;
  expect(
    planNodes(plan).some((n) => n['Node Type'] === 'Seq Scan'),
    text,
  ).toBe(false);
  for (const scan of planNodes(plan).filter((n) => n['Index Name'])) expect(scan['Index Name'], text).toMatch(/^listings_(browse_|place_grams_idx|pkey)/);
  expect(rowsRead(plan), text).toBeLessThanOrEqual(maxRows);
}

/** The newest listing's cursor position a few pages in (for the shapes asked on a later page). */
async function afterPage(filters: Omit<BrowseFilters, 'limit'>, page: number): Promise<BrowseFilters['after']> {
  const rows = await browseQuery(database.db, { ...filters, limit: 20 * page }, now);
  const last = rows[rows.length - 1];
  return last?.publishedAt ? { publishedAt: last.publishedAt, id: last.id } : undefined;
}

const SHAPES: Array<[string, Omit<BrowseFilters, 'limit'>]> = [
  ['newest', {}],
  ['type', { typeGroup: 'villa' }],
  ['condo type group', { typeGroup: typeGroupOf('condominium') }],
  ['subcity', { subcity: 'Yeka' }],
  ['source', { source: 'delala' }],
  ['price floor', { priceMin: 240_000 }],
  ['price ceiling', { priceMax: 9_000 }],
  ['narrow price range', { priceMin: 50_000, priceMax: 52_000 }],
  ['type + subcity', { typeGroup: 'apartment', subcity: 'Bole' }],
  ['type + source', { typeGroup: 'condo', source: 'landlord' }],
  ['subcity + source', { subcity: 'Lideta', source: 'delala' }],
  ['subcity + price range', { subcity: 'Kirkos', priceMin: 20_000, priceMax: 60_000 }],
  ['type + price ceiling', { typeGroup: 'villa', priceMax: 40_000 }],
  ['every filter', { typeGroup: 'apartment', subcity: 'Arada', source: 'delala', priceMin: 10_000, priceMax: 200_000 }],
];

const PLACES: Array<[string, string, Omit<BrowseFilters, 'limit' | 'place'>]> = [
  ['a subcity by name', 'Bole', {}],
  ['a neighbourhood in Latin letters', 'Megenagna', {}],
  ["a neighbourhood in Ge'ez letters", 'መገናኛ', {}],
  ['a place no listing names', 'Gurd Shola', {}],
  ['a word of the text', 'place', {}],
  ['a neighbourhood and a type', 'Kotebe', { typeGroup: 'apartment' }],
  ['a neighbourhood, subcity and price', 'Ayat', { subcity: 'Yeka', priceMax: 150_000 }],
];

describe('browse query plans on thousands of listings', () => {
  it.each(SHAPES)('%s: an index, a page of rows (pages 1 and 4)', async (shape, filters) => {
    for (const page of [1, 4]) {
      const after = page > 1 ? await afterPage(filters, page - 1) : undefined;
      const { plan } = await explain(browseQuery(database.db, { ...filters, after, limit: LIMIT }, now));
      // A page and a few dozen more (a narrow price range may be read from the price index and sorted).
      expectIndexed(plan, 6 * LIMIT, `${shape}, page ${page}`);
    }
  });

  it.each(PLACES)('place search, %s: the newest few hundred, then the place index', async (shape, q, filters) => {
    const place = expandPlaceQuery(q)!;
    const walk = await explain(placeWalkQuery(database.db, { ...filters, place, limit: LIMIT }, now));
    // At most the newest PLACE_WALK_ROWS the other filters leave (from the index alone), and the page's cards.
    expectIndexed(walk.plan, PLACE_WALK_ROWS + LIMIT, `${shape} (newest first)`);
    if (walk.rows < LIMIT) {
      const indexed = await explain(browseQuery(database.db, { ...filters, place, limit: LIMIT }, now));
      // The candidates the place index finds: the listings naming the place (here a few hundred).
      expectIndexed(indexed.plan, PLACE_WALK_ROWS, `${shape} (place index)`);
    }
  });

  it('a place search answers what reading every listing would', async () => {
    let found = 0;
    for (const [, q, filters] of PLACES) {
      const place = expandPlaceQuery(q)!;
      const answered = (await browseListings(database.db, { ...filters, place, limit: LIMIT }, now)).map((r) => r.id);
      const read = await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        return (await browseQuery(tx, { ...filters, place, limit: LIMIT }, now)).map((r) => r.id);
      });
      expect(answered, q).toEqual(read);
      found += answered.length;
    }
    expect(found).toBeGreaterThan(LIMIT * 3);
  });
});
