import { SUBCITIES, type Subcity } from '@betoch/contracts/constants';
import { normalizePlace } from '../../db/place-fold.ts';

/**
 * The place search of /browse: `q` finds the same listings whether a person types the
 * place in Ge'ez or Latin letters, in any of the common spellings: ቦሌ or Bole, መገናኛ or
 * Megenagna / Megenagnya, ፒያሳ or Piassa / Piazza.
 *
 * 1. `normalizePlace` folds text to one searchable form: lower case; the Ge'ez letters people write
 *    for the same sound folded to one (ሀ/ሃ/ሐ/ሓ/ኀ/ኃ, ሰ/ሠ, አ/ኣ/ዐ/ዓ, ጸ/ፀ, each in all seven orders);
 *    spaces and punctuation dropped (so 'Sar Bet' = 'Sarbet', '4 ኪሎ' = '4ኪሎ'); doubled Latin
 *    letters made single ('Piassa' = 'Piasa', 'Jemmo' = 'Jemo').
 * 2. `expandPlaceQuery` looks the folded query up in PLACES and answers every spelling of the places
 *    it names (and the query itself, so any other word still searches the text), plus the subcity
 *    when the place is one.
 * 3. The repository matches those terms in the folded title and specific location (the stored
 *    place_text column, folded in SQL by `placeFoldSql` of db/place-fold.ts with the same rules),
 *    and the subcity column for subcity names.
 */

export interface Place {
  /** The name used in English. */
  name: string;
  /** The subcity this name is (only for the ten subcities). */
  subcity?: Subcity;
  /** Every spelling, Ge'ez and Latin; the name itself is included automatically. */
  spellings: string[];
}

export const PLACES: readonly Place[] = [
  // The ten subcities.
  { name: 'Addis Ketema', subcity: 'Addis Ketema', spellings: ['አዲስ ከተማ', 'Addis Katama'] },
  { name: 'Akaky Kaliti', subcity: 'Akaky Kaliti', spellings: ['አቃቂ ቃሊቲ', 'Akaki Kaliti', 'Akaki Kality', 'Akaky Kality'] },
  { name: 'Arada', subcity: 'Arada', spellings: ['አራዳ'] },
  { name: 'Bole', subcity: 'Bole', spellings: ['ቦሌ', 'Bolle'] },
  { name: 'Gullele', subcity: 'Gullele', spellings: ['ጉለሌ', 'Gulele', 'Gulelle'] },
  { name: 'Kirkos', subcity: 'Kirkos', spellings: ['ቂርቆስ', 'Qirqos', 'Kirkose', 'Chirkos', 'Cherkos'] },
  { name: 'Kolfe Keranio', subcity: 'Kolfe Keranio', spellings: ['ኮልፌ ቀራኒዮ', 'Kolfe Keraniyo', 'Kolfe Qeraniyo', 'Kolfe'] },
  { name: 'Lideta', subcity: 'Lideta', spellings: ['ልደታ', 'Ledeta', 'Lidata'] },
  { name: 'Nefas Silk-Lafto', subcity: 'Nefas Silk-Lafto', spellings: ['ንፋስ ስልክ ላፍቶ', 'Nifas Silk Lafto', 'Nifas Silk', 'Nefas Silk', 'Nefas Selk'] },
  { name: 'Yeka', subcity: 'Yeka', spellings: ['የካ'] },
  // Well-known neighbourhoods and landmarks.
  { name: 'Megenagna', spellings: ['መገናኛ', 'Megenagnya', 'Megenagn', 'Meganagna', 'Megnagna'] },
  { name: 'Piassa', spellings: ['ፒያሳ', 'ፒያሣ', 'Piazza', 'Piasa', 'Piyassa', 'Piyasa'] },
  { name: 'Kazanchis', spellings: ['ካዛንቺስ', 'Kasanchis', 'Kazanches', 'Kazanchiz'] },
  { name: 'Sarbet', spellings: ['ሳር ቤት', 'Sar Bet', 'Sar Biet'] },
  { name: 'CMC', spellings: ['ሲኤምሲ', 'ሲ ኤም ሲ', 'ሲ.ኤም.ሲ'] },
  { name: 'Goro', spellings: ['ጎሮ'] },
  { name: 'Ayat', spellings: ['አያት', 'Ayat Condominium'] },
  { name: 'Lebu', spellings: ['ለቡ', 'Lebu Music Sefer', 'ለቡ ሙዚቃ ሰፈር'] },
  { name: 'Jemo', spellings: ['ጀሞ', 'Jemmo'] },
  { name: 'Gerji', spellings: ['ገርጂ', 'Gergi', 'Gerje'] },
  { name: 'Summit', spellings: ['ሰሚት', 'Semit', 'Summet'] },
  { name: 'Merkato', spellings: ['መርካቶ', 'Mercato', 'Markato'] },
  { name: 'Arat Kilo', spellings: ['4 ኪሎ', 'አራት ኪሎ', '4 Kilo', 'Arat Killo', '4kilo'] },
  { name: 'Sidist Kilo', spellings: ['6 ኪሎ', 'ስድስት ኪሎ', '6 Kilo', 'Sedist Kilo'] },
  { name: 'Kality', spellings: ['ቃሊቲ', 'Kaliti', 'Qaliti', 'Qality'] },
  { name: 'Kotebe', spellings: ['ኮተቤ', 'Kotobe', 'Kottebe'] },
  { name: '22', spellings: ['ሃያ ሁለት', 'Haya Hulet', 'Hayahulet', '22 Mazoria', 'ሃያ ሁለት ማዞሪያ'] },
  { name: 'Bole Bulbula', spellings: ['ቦሌ ቡልቡላ', 'Bulbula', 'ቡልቡላ'] },
  { name: 'Bole Michael', spellings: ['ቦሌ ሚካኤል', 'Bole Mikael', 'Bole Michel'] },
  { name: 'Bole Arabsa', spellings: ['ቦሌ አራብሳ', 'Arabsa', 'አራብሳ'] },
  { name: 'Gurd Shola', spellings: ['ጉርድ ሾላ', 'Gurdshola'] },
  { name: 'Mexico', spellings: ['ሜክሲኮ', 'Meksiko'] },
  { name: 'Saris', spellings: ['ሳሪስ', 'Sarris'] },
  { name: 'Gotera', spellings: ['ጎተራ', 'Gottera'] },
  { name: 'Mekanisa', spellings: ['መካኒሳ', 'Mekanissa'] },
  { name: 'Bisrate Gabriel', spellings: ['ብስራተ ገብርኤል', 'Bisrate Gebriel', 'Bisrate Gabreal'] },
  { name: 'Hayat', spellings: ['ሃያት', 'Hayat Real Estate'] },
  { name: 'Tor Hailoch', spellings: ['ጦር ኃይሎች', 'Tor Hayloch', 'Torhayloch'] },
  { name: 'Meskel Square', spellings: ['መስቀል አደባባይ', 'Meskel Adebabay'] },
  { name: 'Stadium', spellings: ['ስታዲየም', 'Stadiam'] },
  { name: 'Wollo Sefer', spellings: ['ወሎ ሰፈር', 'Welo Sefer'] },
  { name: 'Atlas', spellings: ['አትላስ'] },
  { name: 'Gofa', spellings: ['ጎፋ', 'Gofa Camp', 'ጎፋ ካምፕ'] },
  { name: 'Jackros', spellings: ['ጃክሮስ', 'Jacros'] },
  { name: 'Tulu Dimtu', spellings: ['ቱሉ ዲምቱ'] },
  { name: 'Asko', spellings: ['አስኮ'] },
  { name: 'Lafto', spellings: ['ላፍቶ'] },
  { name: 'Kara', spellings: ['ካራ'] },
  { name: 'Shiromeda', spellings: ['ሽሮ ሜዳ', 'Shiro Meda'] },
];

/**
 * The words of a generated title: the title column keeps its English form
 * ('Apartment in Bole') while an Amharic reader reads 'በቦሌ የሚገኝ አፓርትመንት', so a search for a
 * word the reader sees in the title finds it in either language (the subcity names are places
 * above). The Amharic words are the web's (common.json listingTitle.types).
 */
export const TITLE_WORDS: readonly Place[] = [
  { name: 'Apartment', spellings: ['አፓርትመንት', 'አፓርታማ', 'Apartama'] },
  { name: 'House', spellings: ['መኖሪያ ቤት'] },
  { name: 'Studio', spellings: ['ስቱዲዮ'] },
  { name: 'Villa', spellings: ['ቪላ'] },
  { name: 'Condominium', spellings: ['ኮንዶሚኒየም', 'ኮንዶሚንየም', 'ኮንዶ', 'Condo'] },
];

interface IndexedPlace extends Place {
  keys: string[];
}

const INDEX: IndexedPlace[] = [...PLACES, ...TITLE_WORDS].map((p) => ({
  ...p,
  keys: [...new Set([p.name, ...p.spellings].map(normalizePlace).filter(Boolean))],
}));

export interface PlaceQuery {
  /** Folded texts to look for inside the folded title and specific location. */
  terms: string[];
  /** Subcities the query names (matched on the subcity column). */
  subcities: Subcity[];
  /** The places recognised, by their English name (for tests and logs). */
  places: string[];
}

/** Shortest folded query that may stand for the start of a longer place name ('Megen' -> Megenagna). */
const PREFIX_MIN = 3;

const DIGITS = /\p{N}/gu;
const HAS_DIGIT = /\p{N}/u;

/**
 * What to search for a typed place: every spelling of each place the query names (exactly, or as
 * the start of a name once it has three letters), the subcities among them, and the query itself.
 * Digits are never searched in the text (a search must not confirm a number digit by digit, even
 * one the masker missed): spellings with digits ('4 Kilo', '22') only name their place, whose
 * other spellings are searched, and the query is searched with its digits left out. A query of
 * digits alone searches nothing and finds nothing.
 * Null for a query with nothing searchable in it (only spaces or punctuation).
 */
export function expandPlaceQuery(q: string): PlaceQuery | null {
  const folded = normalizePlace(q);
  if (!folded) return null;
  const matched = INDEX.filter((p) => p.keys.some((k) => k === folded || (folded.length >= PREFIX_MIN && k.startsWith(folded))));
  const terms = new Set<string>();
  const withoutDigits = folded.replace(DIGITS, '');
  if (withoutDigits && (withoutDigits === folded || matched.length === 0)) terms.add(withoutDigits);
  const subcities = new Set<Subcity>();
  for (const place of matched) {
    for (const key of place.keys) if (!HAS_DIGIT.test(key)) terms.add(key);
    if (place.subcity) subcities.add(place.subcity);
  }
  // A term that contains a shorter term adds nothing to a LIKE '%term%' search.
  const sorted = [...terms].sort((a, b) => a.length - b.length);
  const minimal = sorted.filter((t, i) => !sorted.slice(0, i).some((shorter) => t.includes(shorter)));
  return { terms: minimal, subcities: [...subcities], places: matched.map((p) => p.name) };
}

// Every subcity has its entry (a new subcity without Ge'ez spellings would not be found in Amharic).
for (const subcity of SUBCITIES) {
  if (!PLACES.some((p) => p.subcity === subcity)) throw new Error(`place-search: no entry for the subcity ${subcity}`);
}

/**
 * The pieces of a folded term to look up in place_grams (migration 0020, written by the SQL
 * function betoch_place_grams): its distinct three-letter pieces, or the term itself when it has two
 * letters; none for one letter. Letters are code points, as PostgreSQL's substr counts them.
 */
export function placeGramsOf(folded: string): string[] {
  const letters = Array.from(folded);
  if (letters.length < 3) return letters.length === 2 ? [folded] : [];
  const pieces = new Set<string>();
  for (let i = 0; i + 2 < letters.length; i += 1) pieces.add(letters[i]! + letters[i + 1]! + letters[i + 2]!);
  return [...pieces];
}
