import { CONTACT_MASK } from '@betoch/contracts/constants';

/**
 * The one searchable form of a place text, in JavaScript (`normalizePlace`, for the place search
 * of /browse in modules/listings/place-search.ts) and as SQL (`placeFoldSql`, for the stored
 * place_text column of listings and the search's match): lower case; the Ge'ez letters people
 * write for the same sound folded to one; spaces and punctuation dropped; doubled Latin letters
 * made single. The database schema defines its generated column with it, so it lives beside it.
 */

// ---------------------------------------------------------------------------------------------
// Ge'ez letter folding. Each family is a row of seven orders (ä u i a e ə o) in Unicode; the
// variants below are written interchangeably for the same sound, so each folds to one row, and
// the 'a' order of ሀ and አ (ሃ, ኣ) folds to the first order as people also write them so.

function row(start: number): string[] {
  return Array.from({ length: 7 }, (_, i) => String.fromCodePoint(start + i));
}

const H = row(0x1200); // ሀ ሁ ሂ ሃ ሄ ህ ሆ
const GLOTTAL = row(0x12a0); // አ ኡ ኢ ኣ ኤ እ ኦ
const FOLD_PAIRS: [string, string][] = [
  ...row(0x1210).map((c, i) => [c, H[i]!] as [string, string]), // ሐ
  ...row(0x1280).map((c, i) => [c, H[i]!] as [string, string]), // ኀ
  ...row(0x1220).map((c, i) => [c, row(0x1230)[i]!] as [string, string]), // ሠ -> ሰ
  ...row(0x12d0).map((c, i) => [c, GLOTTAL[i]!] as [string, string]), // ዐ -> አ
  ...row(0x1340).map((c, i) => [c, row(0x1338)[i]!] as [string, string]), // ፀ -> ጸ
];
// The 'a' order to the first: ሃ -> ሀ, ኣ -> አ (after the row folds, so ሓ, ኃ, ዓ get there too).
const A_ORDER: Record<string, string> = { [H[3]!]: H[0]!, [GLOTTAL[3]!]: GLOTTAL[0]! };

const FOLD = new Map<string, string>();
for (const [from, to] of FOLD_PAIRS) FOLD.set(from, A_ORDER[to] ?? to);
for (const [from, to] of Object.entries(A_ORDER)) FOLD.set(from, to);

/** Characters for SQL translate(): GEEZ_FOLD_FROM[i] becomes GEEZ_FOLD_TO[i]. */
export const GEEZ_FOLD_FROM = [...FOLD.keys()].join('');
export const GEEZ_FOLD_TO = [...FOLD.values()].join('');

/** Whitespace, ASCII punctuation and the Ethiopic punctuation (፡ ። ፣ ፤ ፥ ፦ ፧ ፨). */
const DROPPED = /[\s!-/:-@[-`{-~\u1360-\u1368]/gu;
/** The same set for PostgreSQL's regexp_replace (ARE syntax). */
const DROPPED_SQL = '[[:space:][:punct:]\u1360-\u1368]';
const DOUBLED_LATIN = /([a-z])\1+/g;

/** The one searchable form of a place text (see the file comment). */
export function normalizePlace(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  let folded = '';
  for (const ch of lower) folded += FOLD.get(ch) ?? ch;
  return folded.replace(DROPPED, '').replace(DOUBLED_LATIN, '$1');
}

/**
 * The SQL text of the same fold over a column expression, for the repository: lower, translate
 * the Ge'ez variants, drop spaces and punctuation, single doubled Latin letters. Parameters are
 * constants of this file, never user input.
 */
export function placeFoldSql(column: string): string {
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return (
    `regexp_replace(regexp_replace(translate(lower(${column}), ${quote(GEEZ_FOLD_FROM)}, ${quote(GEEZ_FOLD_TO)}), ` +
    `${quote(DROPPED_SQL)}, '', 'g'), '([a-z])\\1+', '\\1', 'g')`
  );
}

/**
 * The stored place_text column: the masked title and specific location, the
 * masking marker left out, folded. A search reads only what the public reads.
 */
export const PLACE_TEXT_SQL = placeFoldSql(`replace(coalesce(title_masked, '') || ' ' || coalesce(specific_location_masked, ''), '${CONTACT_MASK}', ' ')`);
