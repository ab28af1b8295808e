import type { ListingRow } from '../../db/schema/listings.ts';
import { CardStore } from './card-store.ts';
import { unreachable } from '@betoch/contracts/exhaustive';
import { filterConditions, type ListingFilter, type PlaceFilter } from '@betoch/contracts/listing-filter';
import { posterInGoodStandingMs } from './listing-visibility.ts';

/**
 * The listings browse may show, kept in memory newest first, each with its card already written
 * as JSON (docs/listings.md, "Browse from memory"). A browse page is a walk from the cursor down
 * the shortest list that its filters allow (every listing, one subcity's, or one type's), testing
 * each listing as the SQL of listings.repository.ts does, until the page is full. The same
 * answers as the database's, to the byte (browse-index.test.ts compares them).
 *
 * Each listing has a slot, a small number, and its fields are kept by slot in typed arrays, its
 * card and place text in byte stores (./card-store.ts), its id in one array of strings: about four
 * heap objects per listing fewer than an object with its fields, its boxed numbers and its place
 * text, which every major garbage collection marked on the server's one core while calls waited
 * (docs/performance.md, 'Figures behind choices in the code').
 */

/** A listing as it is handed to the index: its card written as JSON. */
export interface ListingToIndex {
  id: string;
  /** published_at in ms; a live listing without one (none is) sorts first, as NULLs do in SQL. */
  publishedMs: number;
  typeGroup: string;
  subcity: string;
  source: ListingRow['source'];
  priceEtb: number;
  confirmedMs: number | null;
  /** The poster is verified with Fayda ('Verified posters only'). */
  posterVerified: boolean;
  /** The poster's standing: null in good standing, else until when the listing is held back. */
  blockedUntilMs: number | null;
  placeText: string;
  card: string;
}

/** Which page: after this listing (publish time in ms, id), this many. */
export interface IndexPage {
  after?: { publishedMs: number; id: string };
  limit: number;
}

/** What the walk tests, worked out from the filters' one description (@betoch/contracts/listing-filter). */
interface WalkTests {
  type: number;
  subcity: number;
  source: number;
  priceMin: number;
  priceMax: number;
  confirmedSince: number | undefined;
  verifiedOnly: boolean;
  place: PlaceFilter | undefined;
}

function walkTests(filter: ListingFilter): WalkTests {
  const tests: WalkTests = {
    type: 0,
    subcity: 0,
    source: 0,
    priceMin: Number.NEGATIVE_INFINITY,
    priceMax: Number.POSITIVE_INFINITY,
    confirmedSince: undefined,
    verifiedOnly: false,
    place: undefined,
  };
  for (const condition of filterConditions(filter)) {
    switch (condition.key) {
      case 'typeGroup':
        tests.type = codeOf(condition.value);
        break;
      case 'subcity':
      case 'source':
        tests[condition.key] = codeOf(condition.value);
        break;
      case 'priceMin':
      case 'priceMax':
        tests[condition.key] = condition.value;
        break;
      case 'confirmedSinceMs':
        tests.confirmedSince = condition.value;
        break;
      case 'verifiedOnly':
        tests.verifiedOnly = condition.value;
        break;
      case 'place':
        tests.place = condition.value;
        break;
      default:
        return unreachable(condition, 'browse filter');
    }
  }
  return tests;
}

/** A type group, subcity or source as a small number (0: none asked). */
const codes = new Map<string, number>();
function codeOf(value: string): number {
  let code = codes.get(value);
  if (code === undefined) codes.set(value, (code = codes.size + 1));
  return code;
}

const NO_TEXT = -1;

/** The fields of every listing by slot. A slot freed is used again by the next listing put in. */
class Slots {
  ids: string[] = [];
  published = new Float64Array(1024);
  price = new Float64Array(1024);
  /** NaN: never confirmed. */
  confirmed = new Float64Array(1024);
  /** -Infinity: a poster in good standing. */
  blocked = new Float64Array(1024);
  type = new Uint16Array(1024);
  subcity = new Uint16Array(1024);
  source = new Uint16Array(1024);
  /** 1: the poster is verified with Fayda. */
  verified = new Uint8Array(1024);
  /** The slots of the listing's card and place text in their stores (NO_TEXT: no place text). */
  card = new Int32Array(1024);
  place = new Int32Array(1024);
  /** By place-text slot: the listing's slot (there are never more place texts than listings). */
  placeOwner = new Int32Array(1024);
  readonly cards = new CardStore();
  readonly places = new CardStore();
  readonly byId = new Map<string, number>();
  private readonly free: number[] = [];
  private used = 0;

  get size(): number {
    return this.byId.size;
  }

  /** Every slot holding a listing. */
  live(): number[] {
    return [...this.byId.values()];
  }

  put(e: ListingToIndex): number {
    const old = this.byId.get(e.id);
    if (old !== undefined) this.remove(old);
    const slot = this.free.pop() ?? this.newSlot();
    this.ids[slot] = e.id;
    this.published[slot] = e.publishedMs;
    this.price[slot] = e.priceEtb;
    this.confirmed[slot] = e.confirmedMs ?? Number.NaN;
    this.blocked[slot] = e.blockedUntilMs ?? Number.NEGATIVE_INFINITY;
    this.type[slot] = codeOf(e.typeGroup);
    this.subcity[slot] = codeOf(e.subcity);
    this.source[slot] = codeOf(e.source);
    this.verified[slot] = e.posterVerified ? 1 : 0;
    this.card[slot] = this.cards.add(e.card);
    this.place[slot] = e.placeText ? this.places.add(e.placeText) : NO_TEXT;
    if (e.placeText) this.placeOwner[this.place[slot]!] = slot;
    this.byId.set(e.id, slot);
    return slot;
  }

  remove(slot: number): void {
    this.byId.delete(this.ids[slot]!);
    this.ids[slot] = '';
    this.cards.remove(this.card[slot]!);
    if (this.place[slot] !== NO_TEXT) this.places.remove(this.place[slot]!);
    this.free.push(slot);
  }

  private newSlot(): number {
    if (this.used === this.published.length) {
      const n = this.used * 2;
      const grow = <A extends Float64Array | Uint16Array | Uint8Array | Int32Array>(from: A, to: A): A => {
        to.set(from);
        return to;
      };
      this.published = grow(this.published, new Float64Array(n));
      this.price = grow(this.price, new Float64Array(n));
      this.confirmed = grow(this.confirmed, new Float64Array(n));
      this.blocked = grow(this.blocked, new Float64Array(n));
      this.type = grow(this.type, new Uint16Array(n));
      this.subcity = grow(this.subcity, new Uint16Array(n));
      this.source = grow(this.source, new Uint16Array(n));
      this.verified = grow(this.verified, new Uint8Array(n));
      this.card = grow(this.card, new Int32Array(n));
      this.place = grow(this.place, new Int32Array(n));
      this.placeOwner = grow(this.placeOwner, new Int32Array(n));
    }
    return this.used++;
  }
}

/** A list of slots, newest first, in an Int32Array (grown as needed). */
class SlotList {
  slots = new Int32Array(16);
  length = 0;

  static of(slots: readonly number[]): SlotList {
    const list = new SlotList();
    list.slots = new Int32Array(Math.max(16, slots.length));
    list.slots.set(slots);
    list.length = slots.length;
    return list;
  }

  insert(at: number, slot: number): void {
    if (this.length === this.slots.length) {
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length += 1;
  }

  removeAt(at: number): void {
    this.slots.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }
}

/** The list of filters no listing has (never changed: the lists that change are in the index's maps). */
const NO_LISTINGS = new SlotList();

/**
 * What the walk tests of each listing of a list, in typed arrays in the list's order: walking
 * numbers laid out one after another is several times faster than reading them by slot (a filter
 * few listings pass walks every listing). Made again, lazily, after a change of the list.
 */
interface Columns {
  price: Float64Array;
  type: Uint16Array;
  subcity: Uint16Array;
  source: Uint16Array;
  verified: Uint8Array;
  confirmed: Float64Array;
  blocked: Float64Array;
}

function columnsOf(list: SlotList, s: Slots): Columns {
  const n = list.length;
  const c: Columns = {
    price: new Float64Array(n),
    type: new Uint16Array(n),
    subcity: new Uint16Array(n),
    source: new Uint16Array(n),
    verified: new Uint8Array(n),
    confirmed: new Float64Array(n),
    blocked: new Float64Array(n),
  };
  for (let i = 0; i < n; i += 1) {
    const slot = list.slots[i]!;
    c.price[i] = s.price[slot]!;
    c.type[i] = s.type[slot]!;
    c.subcity[i] = s.subcity[slot]!;
    c.source[i] = s.source[slot]!;
    c.verified[i] = s.verified[slot]!;
    c.confirmed[i] = s.confirmed[slot]!;
    c.blocked[i] = s.blocked[slot]!;
  }
  return c;
}

/** Terms (and sets of terms) whose listings are kept at most; past it they are worked out again. */
const PLACE_TERMS_KEPT = 200;

/** More changes than this at once: the lists are sorted again rather than edited in place. */
const REBUILD_AT = 2_000;

export class BrowseIndex {
  private s = new Slots();
  private all = new SlotList();
  /** Keyed by subcity code, type code, and subcity code * 65,536 + type code. */
  private bySubcity = new Map<number, SlotList>();
  private byType = new Map<number, SlotList>();
  private bySubcityType = new Map<number, SlotList>();
  private readonly columns = new WeakMap<SlotList, Columns>();
  /**
   * Which slots' folded place text holds a term, one bit each, worked out on the first page that
   * searches the term and kept until the listings change: place names are a short vocabulary, and
   * testing one bit beats a substring search of every listing a rare place walks. Several terms at
   * once (a place asked in both scripts) are kept under the terms as JSON.
   */
  private places = new Map<string, Uint32Array>();

  get size(): number {
    return this.s.size;
  }

  /** The id, publish time and card (as JSON) of a listing of a page (`page` answers slots). */
  idOf(slot: number): string {
    return this.s.ids[slot]!;
  }

  publishedMsOf(slot: number): number {
    return this.s.published[slot]!;
  }

  cardOf(slot: number): string {
    return this.s.cards.text(this.s.card[slot]!);
  }

  /** Newest first: published_at descending, then id descending (the SQL's ORDER BY). */
  private before = (a: number, b: number): number => {
    const pa = this.s.published[a]!;
    const pb = this.s.published[b]!;
    if (pa !== pb) return pa > pb ? -1 : 1;
    const ia = this.s.ids[a]!;
    const ib = this.s.ids[b]!;
    return ia > ib ? -1 : ia < ib ? 1 : 0;
  };

  /** The first position of `list` past the cursor (everything from there sorts after it). */
  private startAfter(list: SlotList, after: { publishedMs: number; id: string } | undefined): number {
    if (!after) return 0;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const slot = list.slots[mid]!;
      const p = this.s.published[slot]!;
      const past = p < after.publishedMs || (p === after.publishedMs && this.s.ids[slot]! < after.id);
      if (past) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Where `slot` stands (or would stand) in a list sorted newest first. */
  private positionOf(list: SlotList, slot: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(list.slots[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Puts in the listings given (replacing those of the same id) and takes out the ids removed. */
  apply(changed: ListingToIndex[], removed: Iterable<string> = []): void {
    this.places.clear();
    const gone = [...removed, ...changed.map((e) => e.id)].filter((id) => this.s.byId.has(id));
    const many = gone.length + changed.length > REBUILD_AT;
    // A few changes: each taken out of and put into its place in the sorted lists (while its
    // fields are still in its slot: they say where it stands).
    for (const id of new Set(gone)) {
      const slot = this.s.byId.get(id)!;
      if (!many) {
        for (const list of this.listsOf(slot, false)) {
          const at = this.positionOf(list, slot);
          if (list.slots[at] === slot) list.removeAt(at);
          this.columns.delete(list);
        }
      }
      this.s.remove(slot);
    }
    const put = changed.map((e) => this.s.put(e));
    if (many) {
      this.rebuild();
      return;
    }
    for (const slot of put) {
      for (const list of this.listsOf(slot, true)) {
        list.insert(this.positionOf(list, slot), slot);
        this.columns.delete(list);
      }
    }
  }

  /**
   * A full load, page by page: each page's listings go into new slots and stores as the page
   * comes (writing 100,000 cards at once held the server for a quarter of a second), and they take
   * the place of the old ones at `finish`, in one step.
   */
  loader(): { add(entries: ListingToIndex[]): void; finish(): void } {
    const slots = new Slots();
    return {
      add: (entries) => {
        for (const e of entries) slots.put(e);
      },
      finish: () => {
        this.s = slots;
        this.places.clear();
        this.rebuild();
      },
    };
  }

  private rebuild(): void {
    const sorted = this.s.live().sort(this.before);
    const group = (key: (slot: number) => number) => {
      const groups = new Map<number, number[]>();
      for (const slot of sorted) {
        const k = key(slot);
        let list = groups.get(k);
        if (!list) groups.set(k, (list = []));
        list.push(slot);
      }
      return new Map([...groups].map(([k, list]) => [k, SlotList.of(list)]));
    };
    this.all = SlotList.of(sorted);
    this.bySubcity = group((slot) => this.s.subcity[slot]!);
    this.byType = group((slot) => this.s.type[slot]!);
    this.bySubcityType = group((slot) => this.s.subcity[slot]! * 65_536 + this.s.type[slot]!);
  }

  private listsOf(slot: number, create: boolean): SlotList[] {
    const subcity = this.s.subcity[slot]!;
    const type = this.s.type[slot]!;
    const lists = [this.all];
    for (const [groups, key] of [
      [this.bySubcity, subcity],
      [this.byType, type],
      [this.bySubcityType, subcity * 65_536 + type],
    ] as const) {
      let list = groups.get(key);
      if (!list && create) groups.set(key, (list = new SlotList()));
      if (list) lists.push(list);
    }
    return lists;
  }

  /** The list a walk goes down: the one of both filters, of the one given, or every listing. */
  private listFor(subcity: number, type: number): SlotList {
    if (subcity && type) return this.bySubcityType.get(subcity * 65_536 + type) ?? NO_LISTINGS;
    if (subcity) return this.bySubcity.get(subcity) ?? NO_LISTINGS;
    if (type) return this.byType.get(type) ?? NO_LISTINGS;
    return this.all;
  }

  /** The slots whose place text holds any of the terms, one bit each. */
  private placeBits(terms: readonly string[]): Uint32Array {
    const key = terms.length === 1 ? terms[0]! : JSON.stringify(terms);
    let bits = this.places.get(key);
    if (!bits) {
      bits = new Uint32Array((this.s.place.length + 31) >>> 5);
      const found = bits;
      const { placeOwner } = this.s;
      for (const term of terms) {
        // Every text holds the empty string, as in SQL's LIKE '%%'.
        if (!term) for (const slot of this.s.byId.values()) found[slot >>> 5]! |= 1 << (slot & 31);
        else
          this.s.places.findAll(Buffer.from(term, 'utf8'), (placeSlot) => {
            const slot = placeOwner[placeSlot]!;
            found[slot >>> 5]! |= 1 << (slot & 31);
          });
      }
      if (this.places.size >= PLACE_TERMS_KEPT) this.places.clear();
      this.places.set(key, bits);
    }
    return bits;
  }

  /**
   * The slots of the listings of one browse page and whether more follow (`limit` + 1 are looked
   * for): those that meet the filters and are publicly visible at `nowMs` (the poster's standing;
   * the rest of the rule was applied when they were put in, browse-index-sync.ts).
   */
  page(filter: ListingFilter, { after, limit }: IndexPage, nowMs: number): number[] {
    const { type, subcity, source, priceMin, priceMax, confirmedSince, verifiedOnly, place } = walkTests(filter);
    const list = this.listFor(subcity, type);
    let c = this.columns.get(list);
    if (!c) this.columns.set(list, (c = columnsOf(list, this.s)));
    const placeFound = place ? this.placeBits(place.terms) : undefined;
    const placeSubcities = place ? place.subcities.map((name) => codeOf(name)) : [];
    const found: number[] = [];
    for (let i = this.startAfter(list, after); i < list.length && found.length < limit; i += 1) {
      if (type && c.type[i] !== type) continue;
      if (subcity && c.subcity[i] !== subcity) continue;
      if (source && c.source[i] !== source) continue;
      if (verifiedOnly && c.verified[i] !== 1) continue;
      const price = c.price[i]!;
      if (price < priceMin || price > priceMax) continue;
      // NaN (never confirmed) fails every comparison, as NULL does in SQL.
      if (confirmedSince !== undefined && !(c.confirmed[i]! >= confirmedSince)) continue;
      if (!posterInGoodStandingMs(c.blocked[i]!, nowMs)) continue;
      const slot = list.slots[i]!;
      if (placeFound && !(placeFound[slot >>> 5]! & (1 << (slot & 31))) && !placeSubcities.includes(c.subcity[i]!)) continue;
      found.push(slot);
    }
    return found;
  }
}
