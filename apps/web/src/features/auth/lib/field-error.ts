import type { TFunction } from 'i18next';

/**
 * Form messages are keys of the auth namespace: the contract schemas give bare keys
 * ('phone_required', read under validation.), the pages set full ones ('errors.invalid_code').
 */
export function fieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(message.includes('.') ? `auth:${message}` : `auth:validation.${message}`);
}
