import { LISTING_SOURCES, PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import { seededRandom } from '../../../apps/api/src/modules/demo-seed/demo-market.ts';

/**
 * What tenants type into /browse, generated: every filter alone and combined, price bounds as
 * people type them (round thousands, odd amounts, only a floor, only a ceiling), place names in
 * Latin letters and in Ge'ez, each in several spellings. Deterministic for a seed, so two runs ask
 * the same questions. Returns query strings without '?' in the web app's parameter names (which the
 * browse call shares): `subcity=Bole&type=apartment&price_max=20000`.
 */
const PLACES = [
  'Bole',
  'ቦሌ',
  'bolle',
  'Megenagna',
  'መገናኛ',
  'Piassa',
  'ፒያሳ',
  'Kazanchis',
  'ካዛንቺስ',
  'Sarbet',
  'ሳርቤት',
  'CMC',
  'Ayat',
  'አያት',
  'Lebu',
  'Jemo',
  'ጀሞ',
  'Gerji',
  'ገርጂ',
  'Summit',
  'Merkato',
  'መርካቶ',
  'Arat Kilo',
  'አራት ኪሎ',
  'Kotebe',
  'ኮተቤ',
  'Mexico',
  'ሜክሲኮ',
  'Saris',
  'Gotera',
  'Mekanisa',
  'መካኒሳ',
  'Hayat',
  'Gurd Shola',
  'Bole Arabsa',
  'Yeka',
  'የካ',
  'Lideta',
  'ልደታ',
  'Kirkos',
  'ቂርቆስ',
];

function price(next: () => number): number {
  const roll = next();
  // Round thousands mostly, sometimes an odd amount typed by hand.
  if (roll < 0.7) return Math.round(3 + next() * 97) * 1000;
  if (roll < 0.9) return Math.round(2_500 + next() * 120_000);
  return Math.round(500 + next() * 300_000);
}

export function browseQueries(count: number, seed = 21): string[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries += 1) {
    const params = new URLSearchParams();
    if (next() < 0.25) params.set('q', pick(PLACES));
    if (next() < 0.25) params.set('source', pick(LISTING_SOURCES));
    if (next() < 0.5) params.set('type', pick(PROPERTY_TYPES_OFFERED));
    if (!params.has('q') && next() < 0.6) params.set('subcity', pick(SUBCITIES));
    const bounds = next();
    if (bounds < 0.2) params.set('price_min', String(price(next)));
    else if (bounds < 0.5) params.set('price_max', String(price(next)));
    else if (bounds < 0.7) {
      const [low, high] = [price(next), price(next)].sort((x, y) => x - y);
      params.set('price_min', String(low));
      params.set('price_max', String(high));
    }
    seen.add(params.toString());
  }
  return [...seen];
}
