import { useCallback } from 'react';
import { useTexts } from './use-texts';
import { CONTACT_MASK } from '@betoch/contracts/constants';

/**
 * Text written by someone else, with every contact-masking marker the server put in
 * (docs/chat.md, docs/listings.md) replaced by the reader's own words.
 */
export function translateContactMask(text: string, hiddenText: string): string {
  return text.includes(CONTACT_MASK) ? text.split(CONTACT_MASK).join(hiddenText) : text;
}

/**
 * For listing text (title, location, description, a poster's name): a function that shows it with
 * each marker as '[contact hidden – use the contact button]' in the reader's language.
 */
export function useListingText(): (text: string) => string {
  const { t } = useTexts('common');
  const hidden = t('contactHidden');
  return useCallback((text: string) => translateContactMask(text, hidden), [hidden]);
}
