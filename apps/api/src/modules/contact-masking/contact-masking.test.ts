import { describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { EVASIONS, INNOCENT } from './contact-masking.cases.ts';
import { findContactSpans, maskContacts } from './contact-masking.ts';
import { readerView } from './reader-view.ts';

describe('contact masking: evasions are masked', () => {
  it.each(EVASIONS)('$text', ({ text, gone }) => {
    const result = maskContacts(text, CONTACT_MASK);
    expect(result.masked).toBe(true);
    expect(result.text).toContain(CONTACT_MASK);
    // Judged as a reader sees the answer: invisible characters dropped, digits of any script folded.
    const seen = readerView(result.text).text;
    for (const piece of gone) expect(seen).not.toContain(piece);
  });

  it('covers at least 100 evasions', () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(100);
  });
});

describe('contact masking: ordinary messages stay untouched', () => {
  it.each(INNOCENT)('%s', (text) => {
    expect(findContactSpans(text)).toEqual([]);
    expect(maskContacts(text, CONTACT_MASK)).toEqual({ text, masked: false });
  });

  it('covers at least 50 innocent texts', () => {
    expect(INNOCENT.length).toBeGreaterThanOrEqual(50);
  });
});

describe('contact masking: what is left around the marker', () => {
  it('keeps the words around a number and replaces only the number', () => {
    expect(maskContacts('Call me on 0911 22 33 44 after 6pm', CONTACT_MASK).text).toBe(`Call me on ${CONTACT_MASK} after 6pm`);
  });

  it('masks two contacts in one message separately', () => {
    const result = maskContacts('0911223344 or abebe@gmail.com', CONTACT_MASK);
    expect(result.text).toBe(`${CONTACT_MASK} or ${CONTACT_MASK}`);
  });

  it('keeps the price next to a masked handle', () => {
    expect(maskContacts('15,000 birr, telegram @abebe_k', CONTACT_MASK).text).toBe(`15,000 birr, telegram ${CONTACT_MASK}`);
  });
});

describe('contact masking: the masked span is the number as drawn', () => {
  it('takes the invisible characters inside a number with it and keeps the words around it', () => {
    expect(maskContacts('call 0912\u200B34\u200B56\u200B78 please', CONTACT_MASK).text).toBe(`call ${CONTACT_MASK} please`);
    expect(maskContacts('ስልኬ ٠٩١٢٣٤٥٦٧٨ ነው', CONTACT_MASK).text).toBe(`ስልኬ ${CONTACT_MASK} ነው`);
  });
});

/** Texts of the longest allowed length (a description, 5,000 characters) built to cost the most. */
const WORST_CASES: Record<string, string> = {
  'one Ethiopic word': 'ሀ',
  'one Latin word': 'a',
  'spaced digits': '1 ',
  'spelled digits': 'nine ',
  'Amharic spelled digits': 'ዜሮ ዘጠኝ ',
  'words and digits': 'ቤት 2 ክፍል ',
  'lone-letter separators': '0912 x ',
  "'@' after every letter": 'a@',
  'dots after every letter': 'a.',
  'written-out e-mails': 'ab at cd dot ',
  'handles after a messenger': 'telegram abebe_k ',
  'zero-width spaces': '0\u200B',
  'thousands groups': '1,000 ',
  links: 't.me/a ',
  'glued spelled digits': 'zeronineoneone',
};

/** The least CPU time (ms) of several runs: time the process waited for a core on a busy machine is not the masker's. */
function bestOf(runs: number, work: () => void): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('contact masking: cost grows with the length of the text, not its square', () => {
  // Timed on a shared machine, so the proof is the growth, not a tight clock: four times the text
  // costs about four times as long (a square would cost sixteen times), and stays well under 25 ms
  // (a backtracking blow-up on 5,000 characters takes seconds). On a quiet machine it is ~1 ms.
  it.each(Object.entries(WORST_CASES))('a 5,000-character text of %s masks in time that grows with its length', (_name, unit) => {
    const text = unit.repeat(Math.ceil(5000 / unit.length)).slice(0, 5000);
    const quarter = text.slice(0, 1250);
    const short = bestOf(9, () => maskContacts(quarter, CONTACT_MASK));
    const long = bestOf(9, () => maskContacts(text, CONTACT_MASK));
    expect(long / Math.max(short, 0.05)).toBeLessThan(8);
    expect(long).toBeLessThan(25);
  });
});
