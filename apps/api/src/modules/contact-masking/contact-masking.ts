import { handleSpans, patternSpans } from './handles.ts';
import { phoneSpans } from './phone-numbers.ts';
import { readerView } from './reader-view.ts';
import { mergeSpans, type Span } from './spans.ts';

/**
 * Finds phone numbers, e-mail addresses and messenger handles written into free text (listings,
 * chat, names), judged as a reader sees the text: invisible and formatting characters dropped,
 * digits and letters of other scripts folded (./reader-view.ts); then numbers (./phone-numbers.ts)
 * and links, e-mails and handles (./handles.ts) are found in that view, and the findings are merged
 * (./spans.ts) and mapped back to the spans of the original characters that show them. Linear in
 * the text's length throughout.
 *
 * `maskContacts` replaces every span with a marker; the rest of the text stays as written.
 */

/** Every contact detail in the text, as sorted, non-overlapping spans of the original text. */
export function findContactSpans(text: string): Span[] {
  const view = readerView(text);
  const found = mergeSpans([...patternSpans(view.text), ...handleSpans(view.text), ...phoneSpans(view.text)]);
  return mergeSpans(found.map(([start, end]) => [view.from[start]!, view.to[end - 1]!]));
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
