/**
 * The runs of a text that may be one number as a reader sees it: digit groups, spelled-out digits
 * and '+', with short gaps of spaces, punctuation or a lone letter between them; and the digits a
 * run stands for, spoken forms resolved. One pass of a sticky tokenizer, then a constant amount of
 * work per token.
 */
import { unreachable } from '@betoch/contracts/exhaustive';
import { digitsOf, lookalikeDigits } from './digit-characters.ts';
import { numberWord, type NumberWord } from './number-words.ts';

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

export interface NumberPiece {
  start: number;
  end: number;
  /** Digits it stands for; empty for 'plus', 'double' and teen prefixes. */
  word?: NumberWord;
  digits?: string;
  /** Thousands-grouped: a price or a count, never part of a phone. */
  grouped?: boolean;
}

export interface Run {
  pieces: NumberPiece[];
}

export function collectRuns(text: string): Run[] {
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
export function runDigits(pieces: NumberPiece[]): { digits: string; starts: number[]; plus: boolean; onlyGrouped: boolean } {
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
