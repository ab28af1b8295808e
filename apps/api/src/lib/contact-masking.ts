import { handleSpans, patternSpans } from './contact-masking/handles.ts';
import { phoneSpans, type Span } from './contact-masking/phone-numbers.ts';
import { readerView } from './contact-masking/reader-view.ts';

/**
 * Finds phone numbers, e-mail addresses and messenger handles written into free text (listings,
 * chat, names), judged as a reader sees the text: invisible and formatting characters dropped,
 * digits and letters of other scripts folded (./contact-masking/reader-view.ts); then numbers
 * (./contact-masking/phone-numbers.ts) and links, e-mails and handles
 * (./contact-masking/handles.ts) are found in that view, and each finding is mapped back to the
 * span of the original characters that show it. Linear in the text's length throughout.
 *
 * `maskContacts` replaces every span with a marker; the rest of the text stays as written.
 */

export type { Span };

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

/** Every contact detail in the text, as sorted, non-overlapping spans of the original text. */
export function findContactSpans(text: string): Span[] {
  const view = readerView(text);
  const found = merge([...patternSpans(view.text), ...handleSpans(view.text), ...phoneSpans(view.text)]);
  return merge(found.map(([start, end]) => [view.from[start]!, view.to[end - 1]!]));
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

/**
 * The masker's version, stored beside every masked text (masked_with). Raise it whenever the
 * finder changes what it masks: at the next start every row masked with an older version is masked
 * again (modules/listings/stored-text-masking.ts).
 */
export const MASKER_VERSION = 2;
