import type { TFunction } from 'i18next';
import { LISTING_MESSAGES } from '@betoch/contracts/listings';

/**
 * The listing validation messages of the contracts (spec section 5, draft form) are English
 * sentences; each has a key in the landlord namespace ('draft.errors.<key>') so Amharic readers
 * get them in Amharic. A message not in the list is shown as it is.
 */
export function listingMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = (Object.keys(LISTING_MESSAGES) as (keyof typeof LISTING_MESSAGES)[]).find((k) => LISTING_MESSAGES[k] === message);
  return key ? t(`landlord:draft.errors.${key}`, { defaultValue: message }) : message;
}
