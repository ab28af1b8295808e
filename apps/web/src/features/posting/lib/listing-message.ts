import type { TFunction } from 'i18next';

/**
 * The listing validation messages of the contracts (spec section 5, draft form) are English
 * sentences, answered by the server in `fields`. The English landlord file holds each of them under
 * 'draft.errors.<key>' (a test keeps it equal to LISTING_MESSAGES), so a message is found by its
 * English text and shown in the reader's language. A message not in the list is shown as it is.
 * Matching through the English file keeps zod (the contracts' schemas) out of the wizard's code.
 */
export function listingMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const english = t('landlord:draft.errors', { lng: 'en', returnObjects: true }) as unknown;
  if (english && typeof english === 'object') {
    const key = Object.entries(english as Record<string, unknown>).find(([, text]) => text === message)?.[0];
    if (key) return t(`landlord:draft.errors.${key}`, { defaultValue: message });
  }
  return message;
}
