import { FEATURED_COUNT } from '@betoch/contracts/constants';

/** A shuffled copy (Fisher-Yates); `random` returns a number in [0, 1) like Math.random. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The featured strip of /tenant/welcome: the fetched live listings shuffled, 3 kept. */
export function pickFeatured<T>(items: readonly T[], random: () => number = Math.random, count: number = FEATURED_COUNT): T[] {
  return shuffled(items, random).slice(0, count);
}
