/**
 * Bulk seed for benchmarks (not the demo market): posters and listings written straight in SQL with
 * INSERT ... SELECT generate_series, so 100,000 listings take seconds. Used by bench-browse.ts and
 * by `npm run bench` (scripts/bench/).
 *
 * The rows: POSTERS users (every 4th a delala with an agency), listings spread over the types and
 * subcities, most naming a neighbourhood, 90% live and 10% draft, 1% hidden by moderation, 3 photos each, published over ~90 days.
 */
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import type { Database } from '../src/db/client.ts';
import { MASKER_VERSION } from '../src/modules/contact-masking/contact-masking.ts';
import { tintOf } from '../src/modules/listings/card-tint.ts';
import { maskText } from '../src/modules/listings/listing-text-masking.ts';

export const BENCH_POSTERS = 2_000;

/** The phone of seeded poster n (1 ... BENCH_POSTERS): +2519 and n in 8 digits. */
export function benchPosterPhone(n: number): string {
  return `+2519${String(n).padStart(8, '0')}`;
}

function sqlList(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
}

/**
 * The seeded text holds no contact details, so its masked form (what the public reads, written
 * beside it as the app writes it) is the text itself: the rows are stored as a running server
 * leaves them, and its start has nothing to mask.
 */
const DESCRIPTION = 'A bright home with water and parking.';
const PLACEHOLDER =
  'data:image/webp;base64,UklGRlIAAABXRUJQVlA4IEYAAABQAQCdASoQAAsAA4BaJbAABYwAAP7Tef/8jTCRobMsDBCv1gffBqDjWyPvRefFj3/SsEQG/x/MbW1Kwf94lt60ppiXAAAA';
/** Specific locations: two rows in three name a neighbourhood (Latin or Ge'ez letters), the rest a numbered place. */
const NEIGHBOURHOODS = [
  'Megenagna',
  'መገናኛ',
  'Piassa',
  'ፒያሳ',
  'Kazanchis',
  'ካዛንቺስ',
  'Sarbet',
  'Ayat',
  'አያት',
  'Gerji',
  'ገርጂ',
  'Summit',
  'Jemo',
  'ጀሞ',
  'Lebu',
  'CMC',
  'Kotebe',
  'ኮተቤ',
  'Merkato',
  'Mexico',
  'Bole Bulbula',
  'Gotera',
  'Saris',
  'near Bole Medhanialem',
];
for (const sample of ['Listing 1', 'Listing 100000', 'Place 49', DESCRIPTION, ...NEIGHBOURHOODS]) {
  if (maskText(sample) !== sample) throw new Error(`seed-listings: the masker changes '${sample}'; write its masked form`);
}

export async function seedBenchListings(database: Database, listings: number, posters = BENCH_POSTERS): Promise<void> {
  await database.sql.exec(`
    INSERT INTO users (phone, name, user_type, agency_name)
    SELECT '+2519' || lpad(n::text, 8, '0'), 'Poster ' || n,
           CASE WHEN n % 4 = 0 THEN 'delala' ELSE 'landlord' END,
           CASE WHEN n % 4 = 0 THEN 'Agency ' || n END
    FROM generate_series(1, ${posters}) AS n;`);
  // Photos as a listing stores them: with the card's tint of their placeholder (made as the app makes it).
  const tint = await tintOf('bench-seed-placeholder', PLACEHOLDER);
  const photo = (i: number) =>
    `jsonb_build_object('key', md5(n::text || '${i}'), 'width', 1280, 'height', 853, 'placeholder', '${PLACEHOLDER}', 'tint', ${tint === null ? 'null' : `'${tint}'`},
      'sizes', jsonb_build_array(
        jsonb_build_object('width', 320, 'height', 213, 'key', '00000000-0000-0000-0000-000000000000/320.webp', 'bytes', 9000),
        jsonb_build_object('width', 640, 'height', 427, 'key', '00000000-0000-0000-0000-000000000000/640.webp', 'bytes', 30000),
        jsonb_build_object('width', 1280, 'height', 853, 'key', '00000000-0000-0000-0000-000000000000/1280.webp', 'bytes', 90000)))`;
  const batch = 20_000;
  for (let from = 1; from <= listings; from += batch) {
    const to = Math.min(listings, from + batch - 1);
    await database.sql.exec(`
      INSERT INTO listings (poster_id, title, description, type, price_etb, bedrooms, bathrooms, area_sqm, specific_location,
                            subcity, source, contact_preference, visibility, admin_hidden, photos, published_at, created_at, updated_at,
                            title_masked, description_masked, specific_location_masked, masked_with)
      SELECT u.id, 'Listing ' || n, repeat('${DESCRIPTION} ', 8),
             (${sqlList(LISTING_TYPES)})[1 + n % ${LISTING_TYPES.length}],
             6000 + (n * 7919) % 244000, n % 6, 1 + n % 3, 30 + n % 400, CASE WHEN n % 3 = 0 THEN 'Place ' || (n % 50) ELSE (${sqlList(NEIGHBOURHOODS)})[1 + (n / 3) % ${NEIGHBOURHOODS.length}] END,
             (${sqlList(SUBCITIES)})[1 + (n / 7) % ${SUBCITIES.length}],
             u.user_type, 'show',
             CASE WHEN n % 10 = 0 THEN 'draft' ELSE 'live' END,
             n % 100 = 0,
             jsonb_build_array(${photo(1)}, ${photo(2)}, ${photo(3)}),
             date_trunc('milliseconds', now() - ((n * 7717) % 7776000) * interval '1 second'),
             now() - interval '100 days', now(),
             'Listing ' || n, repeat('${DESCRIPTION} ', 8), CASE WHEN n % 3 = 0 THEN 'Place ' || (n % 50) ELSE (${sqlList(NEIGHBOURHOODS)})[1 + (n / 3) % ${NEIGHBOURHOODS.length}] END, ${MASKER_VERSION}
      FROM generate_series(${from}, ${to}) AS n
      JOIN users u ON u.phone = '+2519' || lpad((1 + n % ${posters})::text, 8, '0');`);
  }
  // A settled table, as a running database keeps it (PostgreSQL's autovacuum): statistics and the visibility map.
  await database.sql.exec('VACUUM ANALYZE');
}
