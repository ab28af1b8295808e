/**
 * Words that stand for digits, as people spell a phone out to get it past a marketplace: English,
 * romanised Amharic and Amharic units, teens and tens, 'double'/'triple', 'plus', and unit words
 * glued into one word ('ninefouroneone').
 */

/** A word that stands for digits. */
export type NumberWord =
  | { kind: 'unit'; digit: string } // one digit: 'nine', 'ዘጠኝ', 'zetegn'
  | { kind: 'teen'; digits: string } // two digits on its own: 'eleven', 'አስር'
  | { kind: 'tens'; digit: string } // 'twenty' (20, or 2X before a unit)
  | { kind: 'teen_prefix' } // Amharic 'አስራ' + unit = 1X
  | { kind: 'repeat'; times: number } // 'double', 'triple'
  | { kind: 'plus' };

const UNIT_WORDS: Record<string, string> = {
  // English
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  // Romanised Amharic ('and' is one: it only counts inside a run of other digits)
  and: '1',
  hulet: '2',
  hulett: '2',
  sost: '3',
  sosit: '3',
  arat: '4',
  amist: '5',
  amst: '5',
  sidist: '6',
  sdst: '6',
  sebat: '7',
  simint: '8',
  siment: '8',
  smnt: '8',
  zetegn: '9',
  zetegna: '9',
  zeteny: '9',
  zeten: '9',
  // Amharic (with the spellings that use ሥ and ሦ)
  ዜሮ: '0',
  ዚሮ: '0',
  ዜሮው: '0',
  አንድ: '1',
  ሁለት: '2',
  ሶስት: '3',
  ሦስት: '3',
  ሶሥት: '3',
  ሦሥት: '3',
  አራት: '4',
  አምስት: '5',
  አምሥት: '5',
  ስድስት: '6',
  ስድሥት: '6',
  ሰባት: '7',
  ስምንት: '8',
  ዘጠኝ: '9',
};

const TEEN_WORDS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  asir: '10',
  aser: '10',
  አስር: '10',
  አሥር: '10',
};

const TENS_WORDS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fourty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
  haya: '2',
  selasa: '3',
  arba: '4',
  hamsa: '5',
  silsa: '6',
  sidsa: '6',
  seba: '7',
  semanya: '8',
  zetena: '9',
  ሃያ: '2',
  ሀያ: '2',
  ኻያ: '2',
  ሰላሳ: '3',
  ሠላሳ: '3',
  ሰላሣ: '3',
  አርባ: '4',
  ሃምሳ: '5',
  ሀምሳ: '5',
  ሃምሣ: '5',
  ስልሳ: '6',
  ስድሳ: '6',
  ስልሣ: '6',
  ሰባ: '7',
  ሰማንያ: '8',
  ሰማኒያ: '8',
  ዘጠና: '9',
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
export function numberWord(raw: string): NumberWord | undefined {
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
