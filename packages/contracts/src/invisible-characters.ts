/**
 * Invisible format characters (Unicode category Cf) that names and listing text drop before they
 * are checked and stored, on both sides (the forms and the server read the same schemas).
 *
 * They include the bidirectional controls (U+202A-202E embeddings and overrides, U+2066-2069
 * isolates, U+200E/U+200F marks, U+061C the Arabic letter mark), which can make a name read
 * differently from what it holds ('moc.evil' shown as 'live.com'), and the zero-width space,
 * soft hyphen, word joiner and byte-order mark, which hide differences between names.
 *
 * Kept: U+200D ZERO WIDTH JOINER, which joins emoji into one picture (a family, a profession with
 * a skin tone). Amharic needs no joiner: Ge'ez letters are whole syllables and do not join, so
 * U+200C ZERO WIDTH NON-JOINER is dropped. Emoji tag sequences (subdivision flags) lose their tags
 * and show as a plain black flag, a small price for a rule with one exception.
 */
const INVISIBLE = /(?!\u200d)\p{Cf}/gu;

/** The text without invisible format characters (the joiner kept). */
export function dropInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
