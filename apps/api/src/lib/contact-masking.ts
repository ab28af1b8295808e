/**
 * Finds phone numbers, e-mail addresses and messenger handles written into a chat message, in the
 * ways people in Addis write them to get around a marketplace: 09/07/+251/251 numbers with spaces,
 * dots or dashes; digits spelled out in English, Amharic or romanised Amharic; Ge'ez numerals;
 * keycap emoji and full-width digits; '@handle', t.me links, 'telegram: handle'; e-mails written
 * with ' at ' and ' dot '. Prices, dates, times and room counts stay readable.
 *
 * Each finding is a span of the original text; `maskContacts` replaces every span with a marker.
 */

export type Span = [start: number, end: number];

// ---------------------------------------------------------------------------------------------
// Numbers: spoken and written digits
// ---------------------------------------------------------------------------------------------

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

/** 'ninefouroneone' -> '9411'; undefined unless the whole word is two or more unit words. */
function gluedDigits(word: string): string | undefined {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return undefined;
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

/** The decimal value of one digit character of any script (full-width, Arabic-Indic, ①, ⁹...). */
function digitValue(ch: string): string | undefined {
  if (/^[0-9]$/.test(ch)) return ch;
  const nfkc = ch.normalize('NFKC');
  if (/^[0-9]+$/.test(nfkc)) return nfkc;
  if (!/^\p{Nd}$/u.test(ch)) return undefined;
  // Decimal digits come in runs of ten starting at zero: count back to the run's start.
  let cp = ch.codePointAt(0)!;
  let offset = 0;
  while (offset < 60 && /^\p{Nd}$/u.test(String.fromCodePoint(cp - 1))) {
    cp -= 1;
    offset += 1;
  }
  return String(offset % 10);
}

/**
 * The digits a run of digit characters stands for. Ge'ez tens before a Ge'ez unit make two digits
 * (፺፩ = 91); alone a tens numeral is X0.
 */
function digitsOf(token: string): string | undefined {
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
 * 1 thousands-grouped number (15,000); 2 digit characters of any script and Ge'ez numerals;
 * 3 a word (letters and marks); 4 '+'; 5 separators people put between digit groups (spaces,
 * dots, dashes, brackets, slashes, commas, colons, Ethiopic punctuation, keycap emoji parts).
 */
const ATOM =
  /(\d{1,3}(?:,\d{3})+(?![\d,]))|([\p{Nd}\p{No}]+)|(\p{L}[\p{L}\p{M}]*(?:['’]\p{L}+)?)|([+＋])|((?:[\s.\-‐‑–—_()[\]{}/\\,|*~·•:;'"“”’፡፣፤።፥፦]|\uFE0F|\u20E3)+)|([\s\S])/gu;

/** The longest gap of separators still read as one number ('09 - 11' but not a new sentence). */
const MAX_GAP = 4;

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
      else close();
    } else if (plus) {
      // A '+' opens a run; between digits it is a separator ('0911+22+33').
      if (current.length) gap += 1;
      else add({ start, end, word: { kind: 'plus' } });
    } else if (separator) {
      if (!current.length) continue;
      gap += separator.length;
      if (gap > MAX_GAP || /\n\s*\n/.test(separator)) close();
    } else {
      close();
    }
  }
  close();
  return runs;
}

/** The digits of a run, spoken forms resolved ('twenty two' = 22, 'double nine' = 99). */
function runDigits(pieces: NumberPiece[]): { digits: string; plus: boolean; onlyGrouped: boolean } {
  let digits = '';
  let plus = false;
  let repeat = 1;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const next = pieces[i + 1]?.word;
    const w = piece.word;
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
    }
  }
  const onlyGrouped = pieces.every((p) => p.grouped || p.word?.kind === 'plus');
  return { digits, plus, onlyGrouped };
}

/** Words that say a number nearby is a contact ('call', 'phone', 'ስልክ', 'whatsapp'...). */
const CONTACT_CONTEXT =
  /(?<![\p{L}])(?:call|phone|tel|telephone|mobile|cell|number|num|contact|whats\s?app|watsapp|viber|imo|telegram|sms|text me|ስልክ\p{L}*|ደውል\p{L}*|ቁጥር\p{L}*|ቴሌግራም|ዋትስአፕ|ቫይበር|ኢሞ)(?![\p{L}])/iu;

/**
 * A run of digits is a phone when it is (or holds) an Ethiopian mobile or Addis landline in any of
 * its forms, an international number written with + or 00, or, in a message that talks about
 * calling, any 9 to 15 digits. Prices written with thousands commas are never phones.
 */
function isPhoneRun(digits: string, plus: boolean, onlyGrouped: boolean, contactContext: boolean): boolean {
  if (onlyGrouped || digits.length < 7) return false;
  if (plus) return digits.length >= 8 && digits.length <= 15;
  if (/^00\d{8,14}$/.test(digits)) return true;
  if (/^(?:251|0)?[79]\d{8}$/.test(digits)) return true;
  if (/^(?:251|0)?11\d{7}$/.test(digits)) return true;
  if (/(?:0|251)[79]\d{8}/.test(digits)) return true;
  return contactContext && digits.length >= 9 && digits.length <= 15;
}

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

function phoneSpans(text: string): Span[] {
  const context = CONTACT_CONTEXT.test(text);
  const spans: Span[] = [];
  for (const run of collectRuns(text)) {
    const { digits, plus, onlyGrouped } = runDigits(run.pieces);
    if (!isPhoneRun(digits, plus, onlyGrouped, context && !looksLikePricesOrDate(run.pieces))) continue;
    // Trailing words that added nothing ('plus' alone) are still inside: the span is the run.
    spans.push([run.pieces[0]!.start, run.pieces[run.pieces.length - 1]!.end]);
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------
// Links, e-mails, handles
// ---------------------------------------------------------------------------------------------

const DOT = String.raw`(?:\s*[.．。]\s*|\s*[([{]\s*dot\s*[)\]}]\s*|\s+dot\s+|\s*ዶት\s*)`;
const AT = String.raw`(?:\s*[@＠]\s*|\s*[([{]\s*at\s*[)\]}]\s*|\s+at\s+|\s*አት\s*)`;
const TLDS = 'com|net|org|et|io|co|me|info|edu|gov|biz|app|dev';
const MAIL_PROVIDERS = 'gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail|proton|aol|ethionet|zoho';

const PATTERNS: RegExp[] = [
  // Telegram links, with or without scheme, also written with spaces ('t . me / abebe').
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\s*[.．]\s*(?:me|dog)\s*\/\s*[+@\w-]+`, 'giu'),
  // Other messenger and social links.
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:https?:\/\/)?(?:www\.|m\.)?(?:wa\s*[.．]\s*me|api\.whatsapp\.com|chat\.whatsapp\.com|fb\.me|m\.me|facebook\.com|instagram\.com|instagr\.am|tiktok\.com|twitter\.com|x\.com|linkedin\.com|imo\.im|invite\.viber\.com|viber\.click|signal\.me)\s*\/\s*\S+`,
    'giu',
  ),
  /(?<![\p{L}\p{N}])(?:tg|viber|whatsapp|skype|imo|sms|tel|mailto):\/{0,2}\S+/giu,
  // E-mails: plain, and written out ('abebe at gmail dot com', 'abebe [at] yahoo [dot] com').
  /[\p{L}\p{N}._%+-]+[@＠][\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,24}(?![\p{L}\p{N}])/giu,
  new RegExp(String.raw`[\p{L}\p{N}._%+-]+${AT}[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*?${DOT}(?:${TLDS})(?![\p{L}\p{N}])`, 'giu'),
  new RegExp(String.raw`[\p{L}\p{N}._%+-]{2,}${AT}(?:${MAIL_PROVIDERS})(?![\p{L}\p{N}])(?:${DOT}(?:${TLDS}))?`, 'giu'),
  // '@handle' (5 to 32 characters, as Telegram and Instagram names are).
  /(?<![\p{L}\p{N}_.@＠])[@＠][A-Za-z][A-Za-z0-9_.]{3,31}(?![A-Za-z0-9_])/gu,
];

/** Names of messengers and mail, with the words people write between the name and the handle. */
const MESSENGERS =
  'telegram|telegeram|telegrm|tg|ቴሌግራም|ቴሌግራም|ቴሌ|instagram|insta|ig|snapchat|snap|tiktok|facebook|fb|skype|signal|wechat|imo|ኢሞ|whats\\s?app|whatsap|watsapp|watsap|ዋትስአፕ|ዋትሳፕ|viber|ቫይበር|gmail|e-?mail|mail|ኢሜይል|ኢሜል|ጂሜይል|username|user\\s?name';
const HANDLE_AFTER_NAME = new RegExp(
  String.raw`(?<![\p{L}])(?:${MESSENGERS})(?![\p{L}])\s*(?:(?:account|username|user\s?name|id|handle|name|ላይ|አድራሻ|አካውንት)\s*)?((?::|-|=|is|as|ነው|→|>)\s*)?([@＠]\s?)?([A-Za-z][A-Za-z0-9_.]{3,31})(?![A-Za-z0-9_])`,
  'giu',
);
const MESSENGER_MENTION = new RegExp(String.raw`(?<![\p{L}])(?:${MESSENGERS})(?![\p{L}])`, 'iu');
/** A word that looks like a handle rather than English: letters with digits or underscores. */
const HANDLE_LIKE = /(?<![\p{L}\p{N}_@])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9_]*|\d[A-Za-z0-9_]*)(?![\p{L}\p{N}_])/gu;

/** Words that follow 'telegram is ...' in ordinary sentences. */
const NOT_HANDLES = new Set([
  'better', 'good', 'fine', 'okay', 'best', 'easier', 'faster', 'blocked', 'down', 'slow', 'free', 'there', 'also', 'same',
  'available', 'working', 'enough', 'great', 'please', 'only', 'better.', 'easy', 'here', 'open', 'closed', 'broken',
  'preferred', 'allowed', 'banned', 'safer', 'safe', 'cheaper', 'simple', 'simpler', 'the', 'your', 'mine', 'yours',
]);

function handleSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(HANDLE_AFTER_NAME)) {
    const [, connector, at, handle] = m;
    if (!handle) continue;
    const explicit = Boolean(connector || at);
    const handleish = /[\d_.]/.test(handle);
    if (!explicit && !handleish) continue;
    if (!handleish && NOT_HANDLES.has(handle.toLowerCase())) continue;
    const end = m.index + m[0].length;
    spans.push([end - handle.length - (at?.length ?? 0), end]);
  }
  // In a message that names a messenger, handle-shaped words (abebe_k, selam21) anywhere.
  if (MESSENGER_MENTION.test(text)) {
    for (const m of text.matchAll(HANDLE_LIKE)) {
      if (m[0].length >= 5 && /[A-Za-z]{3}/.test(m[0])) spans.push([m.index, m.index + m[0].length]);
    }
  }
  return spans;
}

function patternSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of PATTERNS) {
    for (const m of text.matchAll(pattern)) spans.push([m.index, m.index + m[0].trimEnd().length]);
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------

function merge(spans: Span[]): Span[] {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([span[0], span[1]]);
  }
  return out;
}

/** Every contact detail in the text, as sorted, non-overlapping spans. */
export function findContactSpans(text: string): Span[] {
  return merge([...patternSpans(text), ...handleSpans(text), ...phoneSpans(text)]);
}

export interface MaskedText {
  text: string;
  /** True when at least one contact detail was replaced. */
  masked: boolean;
}

/** The text with each contact detail replaced by the marker. */
export function maskContacts(text: string, marker: string): MaskedText {
  const spans = findContactSpans(text);
  if (spans.length === 0) return { text, masked: false };
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += text.slice(at, start) + marker;
    at = end;
  }
  return { text: out + text.slice(at), masked: true };
}
