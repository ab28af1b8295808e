import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * What a screen shows for a failed call: the error code translated (common:errors.<code>), else
 * the server's own message, else a generic text in the user's language. `network_error` (no
 * answer at all) has its own translated text.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code) {
      const translated = t(`common:errors.${error.code}`, { defaultValue: '' });
      if (translated) return translated;
      if (error.status > 0 && error.message) return error.message;
    }
  }
  return t('common:errors.generic');
}
