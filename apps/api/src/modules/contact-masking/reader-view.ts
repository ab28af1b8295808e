/**
 * The text as a reader sees it on screen, which is what the contact finder judges: characters that
 * draw nothing (Unicode format characters such as zero-width spaces, word joiners and soft hyphens,
 * combining marks, variation selectors, keycap marks, fillers, control characters) are dropped;
 * every kind of space is one space (line breaks stay line breaks); a digit of any script
 * (full-width, Arabic-Indic, mathematical, circled, superscript) is its ASCII digit; look-alike
 * letters from other scripts and compatibility forms (Cyrillic 'е', full-width 'ｔ', mathematical
 * bold '𝐭') are their Latin letter. Ge'ez numerals stay as they are (the number scanner reads them).
 *
 * Each character of the view remembers the span of the original it came from, so a finding in the
 * view masks exactly the original characters that show it. One pass; each code point is looked up
 * once per process and remembered, so the cost is linear in the text's length.
 */

export interface ReaderView {
  /** What the reader sees. */
  text: string;
  /** For each UTF-16 unit of `text`: where in the original the character it belongs to starts. */
  from: Int32Array;
  /** For each UTF-16 unit of `text`: where in the original that character ends. */
  to: Int32Array;
}

/** Characters that draw nothing: dropped from the view. */
const INVISIBLE = /^(?:[\p{Cf}\p{Mn}\p{Me}\p{Cc}]|[\u115F\u1160\u3164\uFFA0\u2800\u180E])$/u;
const SPACE = /^[\p{Zs}\t\v\f\r\u2028\u2029]$/u;

/** Letters of other scripts drawn like Latin ones (the ones people use to dodge a word filter). */
const LOOKALIKE_LETTERS: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  τ: 't',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Χ: 'X',
  Υ: 'Y',
  Ζ: 'Z',
};

const GEEZ_NUMERALS = /^[\u1369-\u137C]$/u;

/** The decimal value of a digit of any script: decimal digits come in runs of ten from zero. */
function decimalDigit(ch: string): string {
  let cp = ch.codePointAt(0)!;
  let offset = 0;
  while (offset < 60 && /^\p{Nd}$/u.test(String.fromCodePoint(cp - 1))) {
    cp -= 1;
    offset += 1;
  }
  return String(offset % 10);
}

/** What one non-ASCII character is in the view ('' for nothing). */
function fold(ch: string): string {
  if (INVISIBLE.test(ch)) return '';
  if (SPACE.test(ch)) return ' ';
  if (GEEZ_NUMERALS.test(ch)) return ch;
  if (/^\p{Nd}$/u.test(ch)) return decimalDigit(ch);
  const lookalike = LOOKALIKE_LETTERS[ch];
  if (lookalike) return lookalike;
  const nfkc = ch.normalize('NFKC');
  // Compatibility forms that are ASCII letters, digits or punctuation (１, ｔ, 𝐭, ①, ⁹, ＠, ．).
  if (nfkc !== ch && /^[\x20-\x7E]+$/.test(nfkc)) return nfkc;
  return ch;
}

const folded = new Map<number, string>();

function foldCached(cp: number, ch: string): string {
  let out = folded.get(cp);
  if (out === undefined) {
    out = fold(ch);
    folded.set(cp, out);
  }
  return out;
}

export function readerView(original: string): ReaderView {
  const parts: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < original.length;) {
    const cp = original.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    let shown: string;
    if (cp < 0x80) {
      shown = cp === 0x0a || (cp >= 0x20 && cp < 0x7f) ? original[i]! : cp === 0x09 || cp === 0x0d ? ' ' : '';
    } else {
      shown = foldCached(cp, original.slice(i, i + width));
    }
    for (let k = 0; k < shown.length; k++) {
      from.push(i);
      to.push(i + width);
    }
    if (shown) parts.push(shown);
    i += width;
  }
  return { text: parts.join(''), from: Int32Array.from(from), to: Int32Array.from(to) };
}
