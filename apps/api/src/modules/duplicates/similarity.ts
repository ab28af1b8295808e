import type { DuplicateReason } from '@betoch/contracts/admin';
import { hammingDistance } from '../uploads/dhash.ts';

/** The duplicate rules' numbers; docs/trust-and-safety.md explains them. */
export const DUPLICATE_RULES = {
  /** Two dHashes this close (of 64 bits) are the same picture: resizing and re-encoding move a few bits. */
  maxPhotoDistance: 6,
  /**
   * Pictures with little detail (a blank wall, a plain sky, a shape on a plain ground) all look
   * alike to dHash, so they are not compared. A photo of a room sets about half of its 64 bits and
   * its 8 rows differ; a hash needs at least this many 1-bits (and 0-bits)...
   */
  minHashBits: 12,
  /** ...and this many different rows of 8 bits. */
  minDistinctRows: 5,
  /** Words per shingle. */
  shingleSize: 3,
  /** Descriptions shorter than this (in words) say too little to be compared. */
  minWords: 8,
  /** Jaccard similarity from which descriptions count as similar. */
  similarDescription: 0.6,
  photoPoints: 50,
  perExtraPhotoPoints: 10,
  photoPointsMax: 70,
  /** Points of a description similarity of 1; 0.9 gives 50. */
  descriptionPointsAtOne: 55,
  samePosterDetailsPoints: 50,
  /** A pair with this score or more is flagged. */
  threshold: 50,
  /** Most matches one publish adds to a cluster (the strongest). */
  maxMatchesPerListing: 20,
} as const;

function popcount(hash: string): number {
  let bits = 0;
  for (const ch of hash) {
    let nibble = parseInt(ch, 16);
    while (nibble) {
      bits += nibble & 1;
      nibble >>= 1;
    }
  }
  return bits;
}

/** Whether a 64-bit dHash (16 hex digits) has enough structure to be compared. */
export function informativeHash(hash: string): boolean {
  if (!/^[0-9a-f]{16}$/i.test(hash)) return false;
  const bits = popcount(hash);
  const rows = new Set(hash.toLowerCase().match(/../g));
  return bits >= DUPLICATE_RULES.minHashBits && bits <= 64 - DUPLICATE_RULES.minHashBits && rows.size >= DUPLICATE_RULES.minDistinctRows;
}

/** How many of `mine` are within the distance of some hash of `theirs`. */
export function matchedPhotoCount(mine: string[], theirs: string[], maxDistance: number = DUPLICATE_RULES.maxPhotoDistance): number {
  return mine.filter((a) => informativeHash(a) && theirs.some((b) => informativeHash(b) && hammingDistance(a, b) <= maxDistance)).length;
}

/** Lower-case words of any script (Amharic too), punctuation dropped. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Overlapping runs of `size` words; a text shorter than that is one shingle. */
export function shingles(list: string[], size: number = DUPLICATE_RULES.shingleSize): Set<string> {
  if (list.length === 0) return new Set();
  if (list.length <= size) return new Set([list.join(' ')]);
  const out = new Set<string>();
  for (let i = 0; i + size <= list.length; i += 1) out.add(list.slice(i, i + size).join(' '));
  return out;
}

/** |A ∩ B| / |A ∪ B|; 0 when both are empty. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let common = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const s of small) if (large.has(s)) common += 1;
  return common / (a.size + b.size - common);
}

/** Similarity of two descriptions (0 to 1) and the word count of the shorter one. */
export function descriptionSimilarity(a: string, b: string): { similarity: number; words: number } {
  const wa = words(a);
  const wb = words(b);
  return { similarity: jaccard(shingles(wa), shingles(wb)), words: Math.min(wa.length, wb.length) };
}

export interface PairSignals {
  matchedPhotos: number;
  descriptionSimilarity: number;
  /** Words of the shorter description. */
  descriptionWords: number;
  /** Same poster with the same subcity, type, bedrooms and price. */
  samePosterDetails: boolean;
}

/** The score (0 to 100) of a pair and its reasons; flagged from DUPLICATE_RULES.threshold. */
export function scorePair(signals: PairSignals): { score: number; reasons: DuplicateReason[] } {
  const r = DUPLICATE_RULES;
  const reasons: DuplicateReason[] = [];
  let score = 0;
  if (signals.matchedPhotos > 0) {
    reasons.push('same_photos');
    score += Math.min(r.photoPointsMax, r.photoPoints + r.perExtraPhotoPoints * (signals.matchedPhotos - 1));
  }
  if (signals.descriptionWords >= r.minWords && signals.descriptionSimilarity >= r.similarDescription) {
    reasons.push('similar_description');
    score += Math.round(r.descriptionPointsAtOne * signals.descriptionSimilarity);
  }
  if (signals.samePosterDetails) {
    reasons.push('same_poster_details');
    score += r.samePosterDetailsPoints;
  }
  return { score: Math.min(100, score), reasons };
}
