/**
 * The digits a run of digit characters stands for: ASCII and compatibility forms, Ge'ez numerals,
 * and the letters 'O' and 'l' written for 0 and 1 beside digits.
 */

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
export function digitsOf(token: string): string | undefined {
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

/** True for words of [oOlI] glued to digits: 'O9ll 22...' is 0911 22... */
export function lookalikeDigits(word: string): string | undefined {
  if (!/^[oOlI|]{1,4}$/.test(word)) return undefined;
  return word.replace(/[oO]/g, '0').replace(/[lI|]/g, '1');
}
