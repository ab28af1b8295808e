/**
 * Phone numbers in a reader view (./reader-view.ts), in the ways people in Addis write them to get
 * around a marketplace: 09/07/+251/251 numbers with any short run of spaces, dots, dashes, blank
 * lines, brackets or a lone letter ('0912 x 34 x 56 x 78') between the digit groups; digits
 * spelled out in English, Amharic or romanised Amharic; Ge'ez numerals; 'O' and 'l' for 0 and 1.
 * Prices, dates, times and room counts stay readable.
 *
 * Linear in the text's length: one pass of a sticky tokenizer, then a constant amount of work per
 * token (glued spelled-out digits are only tried in words short enough to be a phone).
 */
import { unreachable } from '@betoch/contracts/exhaustive';

export type Span = [start: number, end: number];

/** A word that stands for digits. */
type NumberWord =
  | { kind: 'unit'; digit: string } // one digit: 'nine', 'ዘጠኝ', 'zetegn'
  | { kind: 'teen'; digits: string } // two digits on its own: 'eleven', 'አስር'
  | { kind: 'tens'; digit: string } // 'twenty' (20, or 2X before a unit)
  | { kind: 'teen_prefix' } // Amharic 'አስራ' + unit = 1X
  | { kind: 'repeat'; times: number } // 'double', 'triple'
  | { kind: 'plus' };

const UNIT_WORDS: Record<string, string> = {
  // English
  zero: '0', oh: '0', o: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
  // Romanised Amharic ('and' is one: it only counts inside a run of other digits)
  and: '1', hulet: '2', hulett: '2', sost: '3', sosit: '3', arat: '4', amist: '5', amst: '5', sidist: '6', sdst: '6',
  sebat: '7', simint: '8', siment: '8', smnt: '8', zetegn: '9', zetegna: '9', zeteny: '9', zeten: '9',
  // Amharic (with the spellings that use ሥ and ሦ)
  ዜሮ: '0', ዚሮ: '0', ዜሮው: '0', አንድ: '1', ሁለት: '2', ሶስት: '3', ሦስት: '3', ሶሥት: '3', ሦሥት: '3', አራት: '4',
  አምስት: '5', አምሥት: '5', ስድስት: '6', ስድሥት: '6', ሰባት: '7', ስምንት: '8', ዘጠኝ: '9',
};

const TEEN_WORDS: Record<string, string> = {
  ten: '10', eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17',
  eighteen: '18', nineteen: '19', asir: '10', aser: '10', አስር: '10', አሥር: '10',
};

const TENS_WORDS: Record<string, string> = {
  twenty: '2', thirty: '3', forty: '4', fourty: '4', fifty: '5', sixty: '6', seventy: '7', eighty: '8', ninety: '9',
  haya: '2', selasa: '3', arba: '4', hamsa: '5', silsa: '6', sidsa: '6', seba: '7', semanya: '8', zetena: '9',
  ሃያ: '2', ሀያ: '2', ኻያ: '2', ሰላሳ: '3', ሠላሳ: '3', ሰላሣ: '3', አርባ: '4', ሃምሳ: '5', ሀምሳ: '5', ሃምሣ: '5',
  ስልሳ: '6', ስድሳ: '6', ስልሣ: '6', ሰባ: '7', ሰማንያ: '8', ሰማኒያ: '8', ዘጠና: '9',
};

const TEEN_PREFIXES = new Set(['asra', 'አስራ', 'አሥራ']);
const REPEAT_WORDS: Record<string, number> = { double: 2, triple: 3, dabal: 2 };
const PLUS_WORDS = new Set(['plus', 'ፕላስ']);

/** English and romanised unit words a glued word ('ninefouroneone') may be made of. */
const GLUEABLE = Object.keys(UNIT_WORDS).filter((w) => /^[a-z]+$/.test(w) && w.length > 1 && w !== 'and');

/** A word made only of unit words: tested before the exact split is worked out. */
const GLUED = new RegExp(`^(?:${[...GLUEABLE].sort((a, b) => b.length - a.length).join('|')})+$`);

/** The longest glued word tried: fifteen spelled digits of at most five letters. */
const GLUED_MAX = 80;

/** 'ninefouroneone' -> '9411'; undefined unless the whole word is two or more unit words. */
function gluedDigits(word: string): string | undefined {
  if (word.length < 6 || word.length > GLUED_MAX || !GLUED.test(word)) return undefined;
  const best: Array<string | undefined> = [''];
  for (let i = 1; i <= word.length; i++) {
    for (const w of GLUEABLE) {
      const start = i - w.length;
      if (start >= 0 && best[start] !== undefined && word.slice(start, i) === w) {
        best[i] = best[start] + UNIT_WORDS[w]!;
        break;
      }
    }
  }
  const digits = best[word.length];
  return digits && digits.length >= 2 ? digits : undefined;
}

/** Own keys only: 'constructor' or 'toString' in a message are words, not digits. */
function numberWord(raw: string): NumberWord | undefined {
  const word = raw.toLowerCase();
  if (Object.hasOwn(UNIT_WORDS, word)) return { kind: 'unit', digit: UNIT_WORDS[word]! };
  if (Object.hasOwn(TEEN_WORDS, word)) return { kind: 'teen', digits: TEEN_WORDS[word]! };
  if (Object.hasOwn(TENS_WORDS, word)) return { kind: 'tens', digit: TENS_WORDS[word]! };
  if (TEEN_PREFIXES.has(word)) return { kind: 'teen_prefix' };
  if (Object.hasOwn(REPEAT_WORDS, word)) return { kind: 'repeat', times: REPEAT_WORDS[word]! };
  if (PLUS_WORDS.has(word)) return { kind: 'plus' };
  const glued = gluedDigits(word);
  if (glued) return { kind: 'teen', digits: glued };
  return undefined;
}

/** Ge'ez numerals: ፩..፱ are 1..9, ፲..፺ are 10..90. ፻ (100) and ፼ are not digits of a phone. */
const GEEZ_UNIT_FIRST = 0x1369;
const GEEZ_TENS_FIRST = 0x1372;
const GEEZ_TENS_LAST = 0x137a;

function isGeez(cp: number): boolean {
  return cp >= GEEZ_UNIT_FIRST && cp <= GEEZ_TENS_LAST;
}

/** The value of a digit character the view left as it is (ASCII, or a compatibility form such as '¼'). */
function digitValue(ch: string): string | undefined {
  if (/^[0-9]$/.test(ch)) return ch;
  const nfkc = ch.normalize('NFKC');
  return /^[0-9]+$/.test(nfkc) ? nfkc : undefined;
}

const ASCII_DIGITS = /^[0-9]+$/;

/**
 * The digits a run of digit characters stands for. Ge'ez tens before a Ge'ez unit make two digits
 * (፺፩ = 91); alone a tens numeral is X0.
 */
function digitsOf(token: string): string | undefined {
  if (ASCII_DIGITS.test(token)) return token;
  const chars = [...token];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const cp = chars[i]!.codePointAt(0)!;
    if (isGeez(cp)) {
      if (cp >= GEEZ_TENS_FIRST) {
        const tens = String(cp - GEEZ_TENS_FIRST + 1);
        const next = chars[i + 1]?.codePointAt(0);
        if (next !== undefined && next >= GEEZ_UNIT_FIRST && next < GEEZ_TENS_FIRST) {
          out += tens + String(next - GEEZ_UNIT_FIRST + 1);
          i += 1;
        } else {
          out += `${tens}0`;
        }
      } else {
        out += String(cp - GEEZ_UNIT_FIRST + 1);
      }
      continue;
    }
    const value = digitValue(chars[i]!);
    if (value === undefined) return undefined;
    out += value;
  }
  return out;
}

/**
 * The pieces of a text the number scanner reads, in order:
 * 1 thousands-grouped number (15,000); 2 digit characters and Ge'ez numerals; 3 a word (letters
 * and marks); 4 '+'; 5 anything else that is neither letter nor digit (spaces, line breaks, dots,
 * dashes, brackets, emoji...): what people put between digit groups.
 */
const ATOM = /(\d{1,3}(?:,\d{3})+(?![\d,]))|([\p{Nd}\p{No}]+)|(\p{L}[\p{L}\p{M}]*(?:['’]\p{L}+)?)|([+＋])|([^\p{L}\p{N}+＋]+)/gu;

/**
 * The longest gap still read as one number: up to this many characters that are neither letters
 * nor digits (a run of spaces and line breaks counts as one), or one lone letter ('0912 x 34').
 * A reader still sees '0912.....345678' or groups on lines of their own as one number; a word
 * between two numbers ends it.
 */
const MAX_GAP = 12;

function gapWidth(separator: string): number {
  return separator.replace(/\s+/g, ' ').length;
}

interface NumberPiece {
  start: number;
  end: number;
  /** Digits it stands for; empty for 'plus', 'double' and teen prefixes. */
  word?: NumberWord;
  digits?: string;
  /** Thousands-grouped: a price or a count, never part of a phone. */
  grouped?: boolean;
}

interface Run {
  pieces: NumberPiece[];
}

/** True for words of [oOlI] glued to digits: 'O9ll 22...' is 0911 22... */
function lookalikeDigits(word: string): string | undefined {
  if (!/^[oOlI|]{1,4}$/.test(word)) return undefined;
  return word.replace(/[oO]/g, '0').replace(/[lI|]/g, '1');
}

function collectRuns(text: string): Run[] {
  const runs: Run[] = [];
  let current: NumberPiece[] = [];
  let gap = 0;
  const close = () => {
    if (current.length) runs.push({ pieces: current });
    current = [];
    gap = 0;
  };
  const add = (piece: NumberPiece) => {
    current.push(piece);
    gap = 0;
  };

  const atoms = [...text.matchAll(ATOM)];
  for (let i = 0; i < atoms.length; i++) {
    const m = atoms[i]!;
    const start = m.index;
    const end = start + m[0].length;
    const [, grouped, digitChars, word, plus, separator] = m;
    if (grouped) {
      add({ start, end, digits: grouped.replace(/,/g, ''), grouped: true });
    } else if (digitChars) {
      const digits = digitsOf(digitChars);
      if (digits === undefined) close();
      else add({ start, end, digits });
    } else if (word) {
      const asNumber = numberWord(word);
      const prev = atoms[i - 1];
      const next = atoms[i + 1];
      const gluedToDigits = (prev?.[2] && prev.index + prev[0].length === start) || (next?.[2] && next.index === end);
      const lookalike = gluedToDigits ? lookalikeDigits(word) : undefined;
      if (asNumber) add({ start, end, word: asNumber });
      else if (lookalike) add({ start, end, digits: lookalike });
      else if (current.length && [...word].length === 1 && next?.[2] !== undefined) gap += 1;
      else if (current.length && [...word].length === 1 && next?.[5] !== undefined && atoms[i + 2]?.[2] !== undefined) gap += 1;
      else close();
    } else if (plus) {
      // A '+' opens a run; between digits it is a separator ('0911+22+33').
      if (current.length) gap += 1;
      else add({ start, end, word: { kind: 'plus' } });
    } else if (separator) {
      if (!current.length) continue;
      gap += gapWidth(separator);
      if (gap > MAX_GAP) close();
    }
  }
  close();
  return runs;
}

/** The digits of a run, spoken forms resolved ('twenty two' = 22, 'double nine' = 99). */
function runDigits(pieces: NumberPiece[]): { digits: string; starts: number[]; plus: boolean; onlyGrouped: boolean } {
  let digits = '';
  /** Where in `digits` each piece begins: a phone may start after other numbers of the run. */
  const starts: number[] = [];
  let plus = false;
  let repeat = 1;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const next = pieces[i + 1]?.word;
    const w = piece.word;
    if (starts[starts.length - 1] !== digits.length) starts.push(digits.length);
    if (!w) {
      const d = piece.digits ?? '';
      digits += repeat > 1 && d.length === 1 ? d.repeat(repeat) : d;
      repeat = 1;
      continue;
    }
    switch (w.kind) {
      case 'plus':
        if (digits === '') plus = true;
        break;
      case 'repeat':
        repeat = w.times;
        break;
      case 'unit':
        digits += w.digit.repeat(repeat);
        repeat = 1;
        break;
      case 'teen':
        digits += w.digits;
        repeat = 1;
        break;
      case 'tens':
        if (next?.kind === 'unit' && next.digit !== '0') {
          digits += w.digit + next.digit;
          i += 1;
        } else {
          digits += `${w.digit}0`;
        }
        repeat = 1;
        break;
      case 'teen_prefix':
        if (next?.kind === 'unit') {
          digits += `1${next.digit}`;
          i += 1;
        } else {
          digits += '10';
        }
        repeat = 1;
        break;
      default:
        unreachable(w, 'spoken number word');
    }
  }
  const onlyGrouped = pieces.every((p) => p.grouped || p.word?.kind === 'plus');
  return { digits, starts, plus, onlyGrouped };
}

/** Words that say a number nearby is a contact ('call', 'phone', 'ስልክ', 'whatsapp'...). */
const CONTACT_CONTEXT =
  /(?<![\p{L}])(?:call|phone|tel|telephone|mobile|cell|number|num|contact|whats\s?app|watsapp|viber|imo|telegram|sms|text me|ስልክ\p{L}*|ደውል\p{L}*|ቁጥር\p{L}*|ቴሌግራም|ዋትስአፕ|ቫይበር|ኢሞ)(?![\p{L}])/iu;

/**
 * A run of digits is a phone when it is (or holds) an Ethiopian mobile or Addis landline in any of
 * its forms, an international number written with + or 00, or, in a message that talks about
 * calling, any 9 to 15 digits. Prices written with thousands commas are never phones.
 */
function isPhoneRun(digits: string, starts: number[], plus: boolean, onlyGrouped: boolean, contactContext: boolean): boolean {
  if (onlyGrouped || digits.length < 7) return false;
  if (plus) return digits.length >= 8 && digits.length <= 15;
  if (/^00\d{8,14}$/.test(digits)) return true;
  if (/^(?:251|0)?[79]\d{8}$/.test(digits)) return true;
  if (/^(?:251|0)?11\d{7}$/.test(digits)) return true;
  if (/(?:0|251)[79]\d{8}/.test(digits)) return true;
  // A phone after other numbers of the run ('Block 3 / 911 22 33 44'), tried where each piece starts.
  for (const start of starts) {
    PHONE_AT.lastIndex = start;
    if (PHONE_AT.test(digits)) return true;
  }
  return contactContext && digits.length >= 9 && digits.length <= 15;
}

/** A mobile or Addis landline starting at a given place: with its 0 or 251, or ending the run. */
const PHONE_AT = /(?:0|251)11\d{7}|[79]\d{8}$|11\d{7}$/y;

/**
 * Round amounts ('10000-15000'), runs holding a thousands-grouped amount ('built in 2015, 25,000
 * ETB') and dates with a year ('2017/05/12 10:30') are not phones.
 */
function looksLikePricesOrDate(pieces: NumberPiece[]): boolean {
  if (pieces.some((p) => p.grouped)) return true;
  const numbers = pieces.filter((p) => p.digits !== undefined).map((p) => p.digits!);
  if (numbers.length === 0) return false;
  if (numbers.every((d) => d.length >= 3 && d.endsWith('00'))) return true;
  return numbers.length >= 3 && numbers.some((d) => /^(?:19|20)\d\d$/.test(d));
}

export function phoneSpans(text: string): Span[] {
  const context = CONTACT_CONTEXT.test(text);
  const spans: Span[] = [];
  for (const run of collectRuns(text)) {
    const { digits, starts, plus, onlyGrouped } = runDigits(run.pieces);
    if (!isPhoneRun(digits, starts, plus, onlyGrouped, context && !looksLikePricesOrDate(run.pieces))) continue;
    // Trailing words that added nothing ('plus' alone) are still inside: the span is the run.
    spans.push([run.pieces[0]!.start, run.pieces[run.pieces.length - 1]!.end]);
  }
  return spans;
}

