import type { TFunction } from 'i18next';
import { LISTING_MESSAGES } from '@betoch/contracts/listings';

const KEY_OF_LISTING_MESSAGE = new Map<string, string>(Object.entries(LISTING_MESSAGES).map(([key, text]) => [text, key]));

/**
 * The key of a validation message of the contracts: a listing message (an English sentence, as the
 * server also answers it in `fields`) by its name in LISTING_MESSAGES; the signup fields' messages
 * are already keys ('phone_required'); so is a posting form's own rule ('photosRequired').
 */
function messageKey(message: string): string {
  return KEY_OF_LISTING_MESSAGE.get(message) ?? message;
}

/**
 * A listing validation message in the reader's language, as the owner's draft form says it
 * ('draft.errors.<key>'; the English file holds each message exactly as the contracts write it).
 * A message not in the list is shown as it is.
 */
export function listingMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(`landlord:draft.errors.${messageKey(message)}`, { defaultValue: message });
}

/**
 * A validation message as the posting wizard says it: its own short texts for the same rules
 * ('validation.<key>'). A message without a text is shown as it is.
 */
export function wizardMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(`landlord:validation.${messageKey(message)}`, { defaultValue: message });
}
