/**
 * Phone numbers in a reader view (./reader-view.ts), in the ways people in Addis write them to get
 * around a marketplace: 09/07/+251/251 numbers with any short run of spaces, dots, dashes, blank
 * lines, brackets or a lone letter ('0912 x 34 x 56 x 78') between the digit groups; digits
 * spelled out in English, Amharic or romanised Amharic; Ge'ez numerals; 'O' and 'l' for 0 and 1.
 * Prices, dates, times and room counts stay readable.
 *
 * Linear in the text's length: one pass of a sticky tokenizer (./number-runs.ts), then a constant
 * amount of work per token (glued spelled-out digits are only tried in words short enough to be a
 * phone).
 */
import { collectRuns, runDigits, type NumberPiece } from './number-runs.ts';
import type { Span } from './spans.ts';

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
