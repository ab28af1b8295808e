import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * What a screen shows for a failed call, in the user's language: the error code translated
 * (common:errors.<code>; `network_error` when no answer came), else a generic text. The server's
 * own message is English, so it is not shown as such.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code) {
    const translated = t(`common:errors.${error.code}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return t('common:errors.generic');
}
