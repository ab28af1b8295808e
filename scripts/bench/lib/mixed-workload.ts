import { ZBrowseQuery, type TBrowseFilters } from '@betoch/contracts/listings';
import { openDatabase, type Database } from '../../../apps/api/src/db/client.ts';
import { decodeCursor, encodeCursor } from '../../../apps/api/src/modules/listings/browse-cursor.ts';
import { browseQuery, placeWalkQuery, type BrowseFilters } from '../../../apps/api/src/modules/listings/listings.repository.ts';
import { explainAnalyze, rowsRead, type PlanNode } from '../../../apps/api/scripts/query-plan.ts';
import { browseQueries } from './browse-queries.ts';
import { browseFromIndex, listingFilterOf } from '../../../apps/api/src/modules/listings/browse-answer.ts';
import type { BrowseIndex } from '../../../apps/api/src/modules/listings/browse-index.ts';
import { browseIndexSync } from '../../../apps/api/src/modules/listings/browse-index-sync.ts';
import { listingsVersion } from '../../../apps/api/src/modules/listings/listings-version.ts';
import type { SeededDatabase } from './datasets.ts';

/**
 * The mixed browse workload of the API bench: generated filter sets (scripts/bench/lib/
 * browse-queries.ts: every filter alone and combined, typed price bounds, place names in Latin and
 * Ge'ez letters) as the web app asks them, page 1 of each and pages 2-5 of some by their cursors.
 */
export const PAGE = 20;
const BROWSE_PREFIX = '/api/listings?visibility=live&limit=20';

export interface BrowseUrl {
  path: string;
  /** The filters alone (no cursor), to name the shape. */
  query: string;
  page: number;
}

export interface MixedSets {
  /** Disjoint sets, so a run never finds the answers of another in the server's cache. */
  warmup: BrowseUrl[];
  cold: BrowseUrl[];
  max: BrowseUrl[];
  paced: BrowseUrl[];
}

/** The repository's filters for a browse query, as the service builds them (browse-answer.ts). */
export function repositoryFilters(filters: TBrowseFilters, limit: number, after?: { publishedAt: Date; id: string }): BrowseFilters {
  return { ...listingFilterOf(filters, new Date()), after, limit };
}

function parse(query: string): TBrowseFilters {
  return ZBrowseQuery.parse(Object.fromEntries(new URLSearchParams(`visibility=live&limit=${PAGE}&${query}`)));
}

/**
 * The cursors of pages 2-5 of `query`: the (published_at, id) of the last card of each earlier
 * page, read with the server's own browse query (listings.repository.ts) and encoded as the
 * server encodes next_cursor. (The bench checks a sample against the server's answers.)
 */
async function cursorsOf(database: Database, query: string, now: Date): Promise<string[]> {
  const rows = await browseQuery(database.db, repositoryFilters(parse(query), PAGE * 4 + 1), now);
  const cursors: string[] = [];
  for (let page = 1; page <= 4 && rows.length > PAGE * page; page += 1) {
    const last = rows[PAGE * page - 1]!;
    cursors.push(encodeCursor(last.publishedAt!, last.id));
  }
  return cursors;
}

function pathOf(query: string, cursor?: string): string {
  return `${BROWSE_PREFIX}${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/** Deterministic shuffle (the same order every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let a = seed >>> 0;
  for (let i = out.length - 1; i > 0; i -= 1) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    const j = a % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Builds the URL sets: `sizes` filter sets for each run; one in four of them also asked on pages
 * 2-5 (those that have them). Cursors are read on `db` (the seeded database, before the server
 * measured has read it: a copy of the PGlite files, or the PostgreSQL database itself).
 */
export async function buildMixedSets(db: SeededDatabase, sizes: Record<keyof MixedSets, number>): Promise<MixedSets> {
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const queries = browseQueries(total);
  const database = await openDatabase(db.databaseUrl ? { url: db.databaseUrl } : { dataDir: db.readerDir! });
  const now = new Date();
  try {
    const sets = {} as MixedSets;
    let from = 0;
    for (const name of Object.keys(sizes) as Array<keyof MixedSets>) {
      const mine = queries.slice(from, from + sizes[name]);
      from += sizes[name];
      const urls: BrowseUrl[] = [];
      for (const [i, query] of mine.entries()) {
        urls.push({ path: pathOf(query), query, page: 1 });
        if (i % 4 === 0) {
          const cursors = await cursorsOf(database, query, now);
          cursors.forEach((c, k) => urls.push({ path: pathOf(query, c), query, page: k + 2 }));
        }
      }
      sets[name] = shuffled(urls, 21 + from);
    }
    return sets;
  } finally {
    await database.close();
  }
}

export interface ExplainedQuery {
  query: string;
  page: number;
  /** Planning + execution, ms (the better of two runs: the first reads the pages from disk). */
  ms: number;
  planning: number;
  execution: number;
  /** Node types and index names of the plan, outermost first. */
  plan: string;
  /** Rows read by the plan's scans (index entries that matched their conditions, heap rows fetched). */
  rowsRead: number;
}

function describePlan(node: PlanNode): string {
  const self = `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`;
  return node.Plans?.length ? `${self} > ${node.Plans.map(describePlan).join(' + ')}` : self;
}

/**
 * EXPLAIN (ANALYZE, FORMAT JSON) of the very query the browse call runs for each URL, on a
 * database no server is using: planning and execution time inside the database, without the
 * HTTP, JSON and compression around it.
 */
export async function explainBrowse(db: SeededDatabase, urls: BrowseUrl[]): Promise<ExplainedQuery[]> {
  const database = await openDatabase(db.databaseUrl ? { url: db.databaseUrl } : { dataDir: db.readerDir! });
  const now = new Date();
  const out: ExplainedQuery[] = [];
  try {
    for (const url of urls) {
      const params = new URL(url.path, 'http://x').searchParams;
      const cursor = params.get('cursor');
      const filters = repositoryFilters(parse(url.query), PAGE + 1, cursor ? decodeCursor(cursor) : undefined);
      // The queries the call runs (listings.repository.ts browseListings): a place search first
      // reads the newest listings, and asks the place index only when they hold less than a page.
      const steps = filters.place
        ? [placeWalkQuery(database.db, { ...filters, place: filters.place }, now), browseQuery(database.db, filters, now)]
        : [browseQuery(database.db, filters, now)];
      let best: ExplainedQuery | undefined;
      for (let run = 0; run < 2; run += 1) {
        const parts: Array<{ plan: PlanNode; planning: number; execution: number }> = [];
        for (const step of steps) {
          const part = await explainAnalyze(database, step);
          parts.push(part);
          if ((part.plan['Actual Rows'] ?? 0) >= filters.limit) break;
        }
        const planning = parts.reduce((n, p) => n + p.planning, 0);
        const execution = parts.reduce((n, p) => n + p.execution, 0);
        if (!best || planning + execution < best.ms) {
          best = {
            query: url.query,
            page: url.page,
            ms: planning + execution,
            planning,
            execution,
            plan: parts.map((p) => describePlan(p.plan)).join(' ; then '),
            rowsRead: parts.reduce((n, p) => n + rowsRead(p.plan), 0),
          };
        }
      }
      out.push(best!);
    }
  } finally {
    await database.close();
  }
  return out;
}

/** A logger that says nothing (the bench prints its own lines). */
function quietLog(): Parameters<typeof browseIndexSync>[1] {
  const nothing = () => undefined;
  const log = {
    level: 'silent',
    info: nothing,
    warn: nothing,
    error: nothing,
    debug: nothing,
    trace: nothing,
    fatal: nothing,
    silent: nothing,
    child: () => log,
  };
  return log as unknown as Parameters<typeof browseIndexSync>[1];
}

export interface WalkedQuery {
  query: string;
  page: number;
  /** The page made from the in-memory browse index, ms (the better of two runs). */
  ms: number;
}

/**
 * The same URLs answered as the server answers them once its browse index has loaded
 * (modules/listings/browse-index.ts): the page walked in memory and its answer written, timed in
 * the bench's own process on a copy of the data; also how long that index took to load.
 */
export async function walkBrowse(db: SeededDatabase, urls: BrowseUrl[], warmUp: BrowseUrl[]): Promise<{ loadMs: number; walked: WalkedQuery[] }> {
  const database = await openDatabase(db.databaseUrl ? { url: db.databaseUrl } : { dataDir: db.readerDir! });
  const log = quietLog();
  const version = listingsVersion(database, log);
  const sync = browseIndexSync(database.db, log);
  try {
    const started = performance.now();
    sync.start();
    let index: BrowseIndex | null = null;
    while (!index) {
      index = await sync.at(await version.current());
      if (!index) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const loadMs = performance.now() - started;
    const now = new Date();
    const questionOf = (url: BrowseUrl) => {
      const params = new URL(url.path, 'http://x').searchParams;
      const cursor = params.get('cursor') ?? undefined;
      const filters = parse(cursor ? `${url.query}&cursor=${cursor}` : url.query);
      return { filters, after: cursor ? decodeCursor(cursor) : undefined, now };
    };
    // As the server's warm-up does before its timed runs: other URLs first, so the walk's code is
    // compiled and the collection that follows the load is over before anything is timed.
    for (const url of warmUp) browseFromIndex(index, questionOf(url));
    const walked = urls.map((url) => {
      const question = questionOf(url);
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 2; run += 1) {
        const t0 = performance.now();
        browseFromIndex(index!, question);
        best = Math.min(best, performance.now() - t0);
      }
      return { query: url.query, page: url.page, ms: best };
    });
    return { loadMs, walked };
  } finally {
    sync.close();
    await version.close();
    await database.close();
  }
}
