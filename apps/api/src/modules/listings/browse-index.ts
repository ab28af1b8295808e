import type { ListingRow } from '../../db/schema/listings.ts';
import { CardStore } from './card-store.ts';
import type { PlaceQuery } from './place-search.ts';

/**
 * The listings browse may show, kept in memory newest first, each with its card already written
 * as JSON (docs/listings.md, "Browse from memory"). A browse page is a walk from the cursor down
 * the shortest list that its filters allow (every listing, one subcity's, or one type's), testing
 * each listing as the SQL of listings.repository.ts does, until the page is full. The same
 * answers as the database's, to the byte (browse-index.test.ts compares them).
 */

export interface IndexedListing {
  id: string;
  /** published_at in ms; a live listing without one (none is) sorts first, as NULLs do in SQL. */
  publishedMs: number;
  typeGroup: string;
  subcity: string;
  source: ListingRow['source'];
  priceEtb: number;
  confirmedMs: number | null;
  /** The poster's standing: null in good standing, else until when the listing is held back. */
  blockedUntilMs: number | null;
  placeText: string;
  /** The card as the browse answer carries it: its slot in the index's card store (BrowseIndex.cardOf). */
  card: number;
}

/** A listing as it is handed to the index: its card written as JSON. */
export type ListingToIndex = Omit<IndexedListing, 'card'> & { card: string };

/**
 * The same string for the same value: a type, subcity or source read from the database is a new
 * string on each row, and 100,000 copies of ten names were heap objects the collector walked.
 */
const canonical = new Map<string, string>();
function canonicalOf<T extends string>(value: T): T {
  const known = canonical.get(value);
  if (known !== undefined) return known as T;
  canonical.set(value, value);
  return value;
}

export interface IndexFilters {
  /** The type group filtered on (condominium is condo). */
  typeGroup?: string;
  subcity?: string;
  priceMin?: number;
  priceMax?: number;
  source?: ListingRow['source'];
  place?: PlaceQuery;
  confirmedSinceMs?: number;
  after?: { publishedMs: number; id: string };
  limit: number;
}

/** Newest first: published_at descending, then id descending (the SQL's ORDER BY). */
function before(a: IndexedListing, b: IndexedListing): number {
  if (a.publishedMs !== b.publishedMs) return a.publishedMs > b.publishedMs ? -1 : 1;
  return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
}

/** The first position of `list` past the cursor (everything from there sorts after it). */
function startAfter(list: IndexedListing[], after: { publishedMs: number; id: string } | undefined): number {
  if (!after) return 0;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = list[mid]!;
    const past = e.publishedMs < after.publishedMs || (e.publishedMs === after.publishedMs && e.id < after.id);
    if (past) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Where `e` stands (or would stand) in a list sorted newest first. */
function positionOf(list: IndexedListing[], e: IndexedListing): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** More changes than this at once: the lists are sorted again rather than edited in place. */
const REBUILD_AT = 2_000;

function subcityType(subcity: string, typeGroup: string): string {
  return `${subcity}|${typeGroup}`;
}

function groupBy(entries: IndexedListing[], key: (e: IndexedListing) => string): Map<string, IndexedListing[]> {
  const groups = new Map<string, IndexedListing[]>();
  for (const e of entries) {
    const k = key(e);
    let list = groups.get(k);
    if (!list) groups.set(k, (list = []));
    list.push(e);
  }
  return groups;
}

/**
 * What the walk tests of each listing of a list, in typed arrays beside it: walking numbers laid
 * out one after another is several times faster than reading each listing object (a filter few
 * listings pass walks every listing). Made again, lazily, after a change of the list.
 */
interface Columns {
  price: Float64Array;
  /** The codes of ./codes below: type group, subcity, source. */
  type: Uint16Array;
  subcity: Uint16Array;
  source: Uint16Array;
  /** NaN: never confirmed. */
  confirmed: Float64Array;
  /** -Infinity: a poster in good standing. */
  blocked: Float64Array;
  /**
   * Which listings' folded place text holds a term, one bit each, worked out on the first page that
   * searches the term and kept with the columns (so until the list changes): place names are a short
   * vocabulary, and testing one bit beats a substring search of every listing a rare place walks.
   */
  places: Map<string, Uint32Array>;
  /** The same for several terms at once (a place asked in both scripts), keyed by the terms as JSON. */
  placeUnions: Map<string, Uint32Array>;
}

/** Terms kept per list at most; past it they are worked out again. */
const PLACE_TERMS_KEPT = 200;

function placeBits(list: IndexedListing[], c: Columns, term: string): Uint32Array {
  let bits = c.places.get(term);
  if (!bits) {
    bits = new Uint32Array((list.length + 31) >>> 5);
    for (let i = 0; i < list.length; i += 1) if (list[i]!.placeText.includes(term)) bits[i >>> 5]! |= 1 << (i & 31);
    if (c.places.size >= PLACE_TERMS_KEPT) c.places.clear();
    c.places.set(term, bits);
  }
  return bits;
}

/**
 * The listings of a list that any of the terms finds (one bit each), kept with the columns under
 * the terms together (a place asked in both scripts is several terms; their union was a new array
 * on every page of it).
 */
function anyPlace(list: IndexedListing[], c: Columns, terms: readonly string[]): Uint32Array {
  if (terms.length === 1) return placeBits(list, c, terms[0]!);
  const key = JSON.stringify(terms);
  let found = c.placeUnions.get(key);
  if (!found) {
    found = new Uint32Array((list.length + 31) >>> 5);
    for (const term of terms) {
      const bits = placeBits(list, c, term);
      for (let w = 0; w < found.length; w += 1) found[w]! |= bits[w]!;
    }
    if (c.placeUnions.size >= PLACE_TERMS_KEPT) c.placeUnions.clear();
    c.placeUnions.set(key, found);
  }
  return found;
}

const codes = new Map<string, number>();
function codeOf(value: string): number {
  let code = codes.get(value);
  if (code === undefined) codes.set(value, (code = codes.size + 1));
  return code;
}

function columnsOf(list: IndexedListing[]): Columns {
  const n = list.length;
  const c: Columns = {
    price: new Float64Array(n),
    type: new Uint16Array(n),
    subcity: new Uint16Array(n),
    source: new Uint16Array(n),
    confirmed: new Float64Array(n),
    blocked: new Float64Array(n),
    places: new Map(),
    placeUnions: new Map(),
  };
  for (let i = 0; i < n; i += 1) {
    const e = list[i]!;
    c.price[i] = e.priceEtb;
    c.type[i] = codeOf(e.typeGroup);
    c.subcity[i] = codeOf(e.subcity);
    c.source[i] = codeOf(e.source);
    c.confirmed[i] = e.confirmedMs ?? Number.NaN;
    c.blocked[i] = e.blockedUntilMs ?? Number.NEGATIVE_INFINITY;
  }
  return c;
}

export class BrowseIndex {
  private readonly columns = new WeakMap<IndexedListing[], Columns>();
  private byId = new Map<string, IndexedListing>();
  private all: IndexedListing[] = [];
  private bySubcity = new Map<string, IndexedListing[]>();
  private byType = new Map<string, IndexedListing[]>();
  /** One subcity's listings of one type group (the filters most often asked together). */
  private bySubcityType = new Map<string, IndexedListing[]>();
  private cards = new CardStore();

  get size(): number {
    return this.all.length;
  }

  /** The card of a listing of this index, as JSON. */
  cardOf(e: IndexedListing): string {
    return this.cards.text(e.card);
  }

  /** A listing as the index keeps it: its card in a card store, its names the shared strings. */
  private static kept(e: ListingToIndex, cards: CardStore): IndexedListing {
    return {
      id: e.id,
      publishedMs: e.publishedMs,
      typeGroup: canonicalOf(e.typeGroup),
      subcity: canonicalOf(e.subcity),
      source: canonicalOf(e.source),
      priceEtb: e.priceEtb,
      confirmedMs: e.confirmedMs,
      blockedUntilMs: e.blockedUntilMs,
      placeText: e.placeText,
      card: cards.add(e.card),
    };
  }

  /** Puts in the listings given (replacing those of the same id) and takes out the ids removed. */
  apply(changed: ListingToIndex[], removed: Iterable<string> = []): void {
    const gone = [...removed, ...changed.map((e) => e.id)].flatMap((id) => {
      const old = this.byId.get(id);
      this.byId.delete(id);
      return old ? [old] : [];
    });
    for (const old of gone) this.cards.remove(old.card);
    const upserts = changed.map((e) => BrowseIndex.kept(e, this.cards));
    for (const e of upserts) this.byId.set(e.id, e);
    if (gone.length + upserts.length > REBUILD_AT) {
      this.rebuild();
      return;
    }
    // A few changes: each taken out of and put into its place in the sorted lists.
    for (const old of gone) {
      for (const list of this.listsOf(old, false)) {
        const at = positionOf(list, old);
        if (list[at] === old) list.splice(at, 1);
        this.columns.delete(list);
      }
    }
    for (const e of upserts) {
      for (const list of this.listsOf(e, true)) {
        list.splice(positionOf(list, e), 0, e);
        this.columns.delete(list);
      }
    }
  }

  /**
   * A full load, page by page: each page's cards go into a new store as the page comes (writing
   * 100,000 cards at once held the server for a quarter of a second), and the new listings take
   * the place of the old ones at `finish`, in one step.
   */
  loader(): { add(entries: ListingToIndex[]): void; finish(): void } {
    const cards = new CardStore();
    const byId = new Map<string, IndexedListing>();
    return {
      add: (entries) => {
        for (const e of entries) {
          const old = byId.get(e.id);
          if (old) cards.remove(old.card);
          byId.set(e.id, BrowseIndex.kept(e, cards));
        }
      },
      finish: () => {
        this.cards = cards;
        this.byId = byId;
        this.rebuild();
      },
    };
  }

  private rebuild(): void {
    this.all = [...this.byId.values()].sort(before);
    this.bySubcity = groupBy(this.all, (e) => e.subcity);
    this.byType = groupBy(this.all, (e) => e.typeGroup);
    this.bySubcityType = groupBy(this.all, (e) => subcityType(e.subcity, e.typeGroup));
  }

  private listsOf(e: IndexedListing, create: boolean): IndexedListing[][] {
    const lists = [this.all];
    for (const [groups, key] of [
      [this.bySubcity, e.subcity],
      [this.byType, e.typeGroup],
      [this.bySubcityType, subcityType(e.subcity, e.typeGroup)],
    ] as const) {
      let list = groups.get(key);
      if (!list && create) groups.set(key, (list = []));
      if (list) lists.push(list);
    }
    return lists;
  }

  /** The list a walk goes down: the one of both filters, of the one given, or every listing. */
  private listFor(subcity: string | undefined, typeGroup: string | undefined): IndexedListing[] {
    if (subcity !== undefined && typeGroup !== undefined) return this.bySubcityType.get(subcityType(subcity, typeGroup)) ?? [];
    if (subcity !== undefined) return this.bySubcity.get(subcity) ?? [];
    if (typeGroup !== undefined) return this.byType.get(typeGroup) ?? [];
    return this.all;
  }

  /** The listings of one browse page and whether more follow (`limit` + 1 are looked for). */
  page(filters: IndexFilters, nowMs: number): IndexedListing[] {
    const list = this.listFor(filters.subcity, filters.typeGroup);
    let c = this.columns.get(list);
    if (!c) this.columns.set(list, (c = columnsOf(list)));
    const type = filters.typeGroup === undefined ? 0 : codeOf(filters.typeGroup);
    const subcity = filters.subcity === undefined ? 0 : codeOf(filters.subcity);
    const source = filters.source === undefined ? 0 : codeOf(filters.source);
    const priceMin = filters.priceMin ?? Number.NEGATIVE_INFINITY;
    const priceMax = filters.priceMax ?? Number.POSITIVE_INFINITY;
    const confirmedSince = filters.confirmedSinceMs;
    const { place } = filters;
    const placeFound = place ? anyPlace(list, c, place.terms) : undefined;
    const placeSubcities = place ? place.subcities.map((name) => codeOf(name)) : [];
    const found: IndexedListing[] = [];
    for (let i = startAfter(list, filters.after); i < list.length && found.length < filters.limit; i += 1) {
      if (type && c.type[i] !== type) continue;
      if (subcity && c.subcity[i] !== subcity) continue;
      if (source && c.source[i] !== source) continue;
      const price = c.price[i]!;
      if (price < priceMin || price > priceMax) continue;
      // NaN (never confirmed) fails every comparison, as NULL does in SQL.
      if (confirmedSince !== undefined && !(c.confirmed[i]! >= confirmedSince)) continue;
      if (c.blocked[i]! > nowMs) continue;
      if (placeFound && !(placeFound[i >>> 5]! & (1 << (i & 31))) && !placeSubcities.includes(c.subcity[i]!)) continue;
      found.push(list[i]!);
    }
    return found;
  }
}
