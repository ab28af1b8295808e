import type { FastifyBaseLogger } from 'fastify';
import { ZListingCard } from '@betoch/contracts/listings';
import type { DbOrTx } from '../../db/client.ts';
import { isOnMarket } from './listing-visibility.ts';
import { BrowseIndex, type ListingToIndex } from './browse-index.ts';
import { coverTint } from './card-tint.ts';
import { toListingCard } from './listing-view.ts';
import { pruneListingChanges, readChangedIds, readIndexRows, readLiveListingsPage, readVersion, type IndexRow } from './live-listings.repository.ts';

/**
 * Keeps a BrowseIndex in step with the database (docs/listings.md, "Browse from memory"): loaded
 * page by page in the background after the server starts (browse reads the database until then);
 * afterwards, whenever the listings version has moved, the listings that the versions since
 * changed are read again (migration 0021's listing_changes), before the page is answered, so a
 * browse after a write shows it, on every server. `at(version)` answers the index as of that
 * version, or null while it is not loaded (or the version is unknown): the caller then asks SQL.
 */

/**
 * A full load reads pages of this many rows, one after another for at most LOAD_SLICE_MS, then lets
 * the calls that came meanwhile be answered: large pages held the server too long at a time, a
 * pause after every small page made the load itself slow under load, with browse on SQL meanwhile
 * (docs/performance.md, 'Figures behind choices in the code').
 */
const LOAD_PAGE = 500;
const LOAD_SLICE_MS = 60;
/** More listings changed than this since the version held: everything is read again. */
const RELOAD_AT = 5_000;
/** listing_changes keeps the changes of this many versions; older ones are deleted now and then. */
const KEEP_VERSIONS = 50_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** A ban or a suspension without an end is stored as 'infinity', which reads as an invalid Date. */
function blockedUntil(date: Date): number {
  const ms = date.getTime();
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

async function toEntry(row: IndexRow): Promise<ListingToIndex | null> {
  if (!isOnMarket(row)) return null;
  const card = ZListingCard.parse(toListingCard(row, await coverTint(row.coverPhoto)));
  return {
    id: row.id,
    publishedMs: row.publishedAt ? row.publishedAt.getTime() : Number.POSITIVE_INFINITY,
    typeGroup: row.typeGroup ?? row.type,
    subcity: row.subcity,
    source: row.source,
    priceEtb: row.priceEtb,
    confirmedMs: row.confirmedAt ? row.confirmedAt.getTime() : null,
    posterVerified: row.posterVerified,
    blockedUntilMs: row.posterBlockedUntil ? blockedUntil(row.posterBlockedUntil) : null,
    placeText: row.placeText ?? '',
    card: JSON.stringify(card),
  };
}

async function toEntries(rows: IndexRow[]): Promise<ListingToIndex[]> {
  const entries = await Promise.all(rows.map(toEntry));
  return entries.filter((e): e is ListingToIndex => e !== null);
}

export interface BrowseIndexSync {
  /** Starts the first load (in the background; idempotent). */
  start(): void;
  /** The index as of `version` (a listings version string), or null when it cannot answer. */
  at(version: string | null): Promise<BrowseIndex | null>;
  /** No more reads (the app is closing): a load under way stops quietly. */
  close(): void;
}

export function browseIndexSync(db: DbOrTx, log: FastifyBaseLogger): BrowseIndexSync {
  const index = new BrowseIndex();
  let loaded = false;
  let loading: Promise<void> | null = null;
  /** The database version the index holds, and the version string it was last brought to. */
  let heldV = 0;
  let heldAt: string | null = null;
  let catching: { at: string; promise: Promise<void> } | null = null;
  let prunedAt = 0;
  let closed = false;

  async function loadAll(): Promise<void> {
    const started = performance.now();
    const { v } = await readVersion(db);
    const load = index.loader();
    let after: { publishedAt: Date; id: string } | null = null;
    let slice = performance.now();
    for (;;) {
      if (closed) throw new Error('the app closed');
      const rows = await readLiveListingsPage(db, after, LOAD_PAGE);
      load.add(await toEntries(rows));
      const last = rows[rows.length - 1];
      // (A live listing without a publish time, which none is, comes first and is not paged past.)
      if (rows.length < LOAD_PAGE || !last?.publishedAt) break;
      after = { publishedAt: last.publishedAt, id: last.id };
      // Calls that came meanwhile are answered between two slices.
      if (performance.now() - slice > LOAD_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    load.finish();
    heldV = v;
    log.info({ listings: index.size, ms: Math.round(performance.now() - started) }, 'browse index loaded');
  }

  async function catchUp(): Promise<void> {
    const { v, changesFrom } = await readVersion(db);
    if (v === heldV) return;
    const ids = heldV + 1 < changesFrom ? null : await readChangedIds(db, heldV, v, RELOAD_AT);
    if (!ids || ids.length > RELOAD_AT) {
      await loadAll();
    } else {
      const rows = await readIndexRows(db, ids);
      const entries = await toEntries(rows);
      const kept = new Set(entries.map((e) => e.id));
      index.apply(
        entries,
        ids.filter((id) => !kept.has(id)),
      );
      heldV = v;
    }
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneListingChanges(db, KEEP_VERSIONS).catch((error: unknown) => log.warn({ err: error }, 'browse index: listing_changes not pruned'));
    }
  }

  return {
    start() {
      loading ??= loadAll()
        .then(() => {
          loaded = true;
        })
        .catch((error: unknown) => {
          if (!closed) log.error({ err: error }, 'browse index: not loaded, browse reads the database');
        });
    },

    close() {
      closed = true;
      loaded = false;
    },

    async at(version) {
      if (!loaded || version === null) return null;
      if (heldAt === version) return index;
      // One catch-up at a time, each after the one before; callers of the same version share one.
      if (!catching || catching.at !== version) {
        const previous = catching?.promise ?? Promise.resolve();
        const promise = previous
          .catch(() => undefined)
          .then(catchUp)
          .then(() => {
            heldAt = version;
          });
        catching = { at: version, promise };
      }
      const mine = catching;
      try {
        await mine.promise;
        return index;
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'browse index: catch-up failed, browse reads the database');
        return null;
      } finally {
        if (catching === mine) catching = null;
      }
    },
  };
}
