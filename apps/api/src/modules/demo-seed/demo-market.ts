import type { ListingType, Subcity } from '@betoch/contracts/constants';
import { englishListingTitle } from '@betoch/contracts/listing-title';

/** A small deterministic random source (mulberry32), so every demo database looks the same. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

/** Neighbourhoods people name in listings, per subcity. */
export const LOCATIONS: Record<Subcity, string[]> = {
  Bole: ['Bole Atlas', 'Bole Medhanialem', 'Bole Rwanda', 'Gerji', 'Summit', 'Bole Bulbula', 'Edna Mall area', 'Bole Michael'],
  Yeka: ['CMC', 'Megenagna', 'Ayat', 'Kotebe', 'Shola', 'Gurd Shola', 'Figa'],
  Kirkos: ['Kazanchis', 'Bambis', 'Meskel Flower', 'Olympia', 'Wollo Sefer', 'Legehar'],
  Arada: ['Piassa', 'Arat Kilo', 'Sidist Kilo', 'Churchill Avenue', 'Amist Kilo'],
  'Nefas Silk-Lafto': ['Sarbet', 'Lebu', 'Jemo', 'Mekanisa', 'Gofa Camp', 'Old Airport', 'Haile Garment'],
  Lideta: ['Mexico Square', 'Coca', 'Lideta Market', 'Tor Hailoch', 'Abnet'],
  'Kolfe Keranio': ['Ayer Tena', 'Kolfe 18 Mazoria', 'Asko', 'Betel', 'Zenebework'],
  'Addis Ketema': ['Merkato', 'Autobus Tera', 'Sebategna', 'Teklehaimanot', 'Kolfe Tiwan'],
  Gullele: ['Shiro Meda', 'Entoto', 'Addisu Gebeya', 'Wingate', 'Kechene'],
  'Akaky Kaliti': ['Kality', 'Saris', 'Tulu Dimtu', 'Koye Feche', 'Gelan'],
};

/** How dear each subcity is compared with the city's middle (Bole and Kirkos dearest). */
const SUBCITY_PRICE_FACTOR: Record<Subcity, number> = {
  Bole: 1.4,
  Kirkos: 1.3,
  Arada: 1.1,
  Yeka: 1.05,
  Lideta: 1.0,
  'Nefas Silk-Lafto': 0.92,
  'Addis Ketema': 0.85,
  'Kolfe Keranio': 0.8,
  Gullele: 0.8,
  'Akaky Kaliti': 0.68,
};

interface Shape {
  type: ListingType;
  bedrooms: number;
  bathrooms: number;
  area: [number, number];
  /** Monthly ETB at a factor of 1, and the band the result is kept within. */
  price: [number, number];
  band: [number, number];
  label: string;
}

/** The homes on offer and their monthly prices in ETB (studios 6,000-15,000; villas 60,000-250,000). */
const SHAPES: Shape[] = [
  { type: 'studio', bedrooms: 0, bathrooms: 1, area: [25, 40], price: [7000, 11000], band: [6000, 15000], label: 'Studio' },
  { type: 'apartment', bedrooms: 0, bathrooms: 1, area: [28, 45], price: [7500, 11500], band: [6000, 15000], label: 'Studio Apartment' },
  { type: 'apartment', bedrooms: 1, bathrooms: 1, area: [45, 70], price: [11000, 18000], band: [9000, 25000], label: '1-Bedroom Apartment' },
  { type: 'apartment', bedrooms: 2, bathrooms: 2, area: [75, 110], price: [20000, 32000], band: [15000, 45000], label: '2-Bedroom Apartment' },
  { type: 'apartment', bedrooms: 3, bathrooms: 2, area: [110, 160], price: [32000, 48000], band: [25000, 70000], label: '3-Bedroom Apartment' },
  { type: 'condo', bedrooms: 1, bathrooms: 1, area: [40, 60], price: [8000, 12000], band: [6500, 16000], label: '1-Bedroom Condo' },
  { type: 'condo', bedrooms: 2, bathrooms: 1, area: [60, 85], price: [12000, 18000], band: [9000, 25000], label: '2-Bedroom Condo' },
  { type: 'condominium', bedrooms: 3, bathrooms: 2, area: [85, 120], price: [16000, 24000], band: [12000, 32000], label: '3-Bedroom Condominium' },
  { type: 'house', bedrooms: 2, bathrooms: 1, area: [90, 150], price: [18000, 30000], band: [12000, 45000], label: '2-Bedroom House' },
  { type: 'house', bedrooms: 4, bathrooms: 2, area: [180, 260], price: [40000, 65000], band: [25000, 100000], label: '4-Bedroom House' },
  { type: 'villa', bedrooms: 4, bathrooms: 3, area: [250, 400], price: [75000, 120000], band: [60000, 250000], label: '4-Bedroom Villa' },
  { type: 'villa', bedrooms: 5, bathrooms: 4, area: [350, 600], price: [110000, 180000], band: [60000, 250000], label: '5-Bedroom Villa' },
];

const FEATURES = [
  'Water tank with pump and reliable supply',
  'Backup generator for the common areas',
  'Secure compound with a 24-hour guard',
  'Parking for one car inside the compound',
  'Newly renovated kitchen with cabinets',
  'Fibre internet available in the building',
  'Quiet street, good for families',
  'A short walk to taxi and minibus routes',
  'Close to the light rail station',
  'Balcony with a view over the city',
  'Tiled floors and built-in wardrobes',
  'Separate servant quarter',
  'Small garden and outdoor space',
  'Lift in the building',
  'Close to schools, shops and a supermarket',
  'Hot water (solar heater) in the bathroom',
];

const OPENERS = [
  'Bright and clean {label} in {place}, {subcity}.',
  'Well kept {label} available now in {place}.',
  'Comfortable {label} in a calm part of {place}.',
  'Spacious {label} near {place}, ready to move in.',
  'Modern {label} in {place} with good natural light.',
];

const CLOSERS = [
  'Rent is paid monthly; two months in advance on signing.',
  'Available from the start of next month.',
  'Unfurnished; the owner can add basic furniture on request.',
  'Suitable for a small family or working professionals.',
  'Viewing any day after 2 pm.',
];

/** A few listings are written in Amharic, as many are in Addis. */
const AMHARIC_DESCRIPTIONS = [
  'ሰፊ እና ብሩህ ቤት፣ ለቤተሰብ ተስማሚ። የውሃ ታንከር እና የ24 ሰዓት ጥበቃ አለው። ለታክሲ መንገድ ቅርብ ነው።',
  'አዲስ የተገነባ ቤት፣ ጸጥ ያለ ሰፈር። የመኪና ማቆሚያ አለው። ኪራዩ በየወሩ ይከፈላል፤ የሁለት ወር ቅድሚያ።',
  'ዘመናዊ ኩሽና እና ሰፊ ሳሎን። ለትምህርት ቤቶች እና ለገበያ ቅርብ። ከሚቀጥለው ወር ጀምሮ ዝግጁ ነው።',
  'ንጹህ እና ምቹ መኖሪያ፣ ሊፍት ያለው ህንጻ። ለባቡር ጣቢያ ቅርብ። ኢንተርኔት ማስገባት ይቻላል።',
];

export interface DemoListingSpec {
  /** As a poster typed it, or the English form of a generated title. */
  title: string;
  /** The wizard's own '{Type} in {subcity}', read in each reader's language. */
  titleGenerated: boolean;
  description: string;
  type: ListingType;
  priceEtb: number;
  bedrooms: number;
  bathrooms: number;
  areaSqm: number;
  subcity: Subcity;
  specificLocation: string;
  contactPreference: 'hide' | 'show';
  /** Hue (0-359) the pictures of this listing are drawn around. */
  hue: number;
  /** 'exterior' first, then rooms. */
  pictures: Array<'exterior' | 'living' | 'bedroom' | 'kitchen' | 'bathroom'>;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/**
 * One believable listing (priceFactor: a comparable group's member, priced at this share of the
 * group's usual price; otherwise anywhere in the shape's range). Shapes are chosen by the caller so every type appears; the subcity sets
 * the price level and the neighbourhood.
 */
export function demoListing(random: Random, subcity: Subcity, shapeIndex: number, amharic: boolean, priceFactor?: number): DemoListingSpec {
  const shape = SHAPES[shapeIndex % SHAPES.length]!;
  const place = pick(random, LOCATIONS[subcity]);
  // A member of a comparable group is priced against the group's usual price (the middle of the range).
  const base = priceFactor === undefined ? between(random, shape.price[0], shape.price[1]) : ((shape.price[0] + shape.price[1]) / 2) * priceFactor;
  const raw = base * SUBCITY_PRICE_FACTOR[subcity];
  const priceEtb = Math.min(shape.band[1], Math.max(shape.band[0], roundTo(raw, shape.price[0] >= 40000 ? 5000 : 500)));
  const features = [...FEATURES].sort(() => random() - 0.5).slice(0, 3 + Math.floor(random() * 3));
  const description = amharic
    ? pick(random, AMHARIC_DESCRIPTIONS)
    : [
        pick(random, OPENERS).replace('{label}', shape.label.toLowerCase()).replace('{place}', place).replace('{subcity}', subcity),
        ...features.map((f) => `${f}.`),
        pick(random, CLOSERS),
      ].join(' ');
  const rooms = (['living', 'bedroom', 'kitchen', 'bathroom'] as const).filter((r) => !(shape.bedrooms === 0 && r === 'bedroom'));
  // Three pictures each (the owner page asks for 3): drawing is most of the seeding time.
  const pictures = ['exterior' as const, ...[...rooms].sort(() => random() - 0.5).slice(0, 2)];
  // Half are posted through the wizard (a generated title), half with a title the poster typed.
  const titleGenerated = random() < 0.5;
  const title = titleGenerated
    ? englishListingTitle({ type: shape.type, bedrooms: shape.bedrooms, subcity })
    : `${pick(random, ['Spacious', 'Modern', 'Cozy', 'Bright', 'New', 'Furnished'])} ${shape.label} near ${place}`;
  return {
    title,
    titleGenerated,
    description,
    type: shape.type,
    priceEtb,
    bedrooms: shape.bedrooms,
    bathrooms: shape.bathrooms,
    areaSqm: Math.round(between(random, shape.area[0], shape.area[1])),
    subcity,
    specificLocation: place,
    contactPreference: random() < 0.3 ? 'hide' : 'show',
    hue: Math.floor(random() * 360),
    pictures,
  };
}

export const SHAPE_COUNT = SHAPES.length;

/**
 * A group of comparable listings (same subcity, type group and bedrooms), large enough for the
 * fair-price line (FAIR_PRICE.minComparables, 8). `shape` indexes SHAPES.
 */
export interface ComparableGroup {
  subcity: Subcity;
  shape: number;
  size: number;
}

export const COMPARABLE_GROUPS: ComparableGroup[] = [
  { subcity: 'Bole', shape: 3, size: 10 },
  { subcity: 'Yeka', shape: 6, size: 9 },
  { subcity: 'Kirkos', shape: 2, size: 8 },
  { subcity: 'Nefas Silk-Lafto', shape: 5, size: 8 },
];

/**
 * The price of each member against the group's usual price: the first well above (+35 %), the
 * second well below (-25 %), the rest within 8 % of it, so most members read 'about the usual
 * price' and two read clearly above or below.
 */
export function groupPriceFactors(random: Random, size: number): number[] {
  return Array.from({ length: size }, (_, i) => (i === 0 ? 1.35 : i === 1 ? 0.75 : 0.92 + random() * 0.16));
}
