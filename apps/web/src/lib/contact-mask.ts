import { CONTACT_MASK } from '@betoch/contracts/conversations';

/**
 * Text written by the other side, with every contact-masking marker the server put in
 * (docs/chat.md) replaced by the reader's own words, e.g. '[contact hidden - unlock the contact to
 * see it]'.
 */
export function translateContactMask(text: string, hiddenText: string): string {
  return text.includes(CONTACT_MASK) ? text.split(CONTACT_MASK).join(hiddenText) : text;
}
