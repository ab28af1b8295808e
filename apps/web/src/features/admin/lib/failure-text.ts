import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * Why an admin call failed, in the interface language: this screen's own words for the codes an
 * admin meets here (four eyes, an adjustment already reviewed), else the shared error texts.
 */
export function adminErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code) {
    const own = t(`admin:errors.${error.code}`, { defaultValue: '' });
    if (own) return own;
  }
  return errorText(t, error);
}

/** An alert's text: the spec's title ('Action failed') and, on the next line, why. */
export function failureAlert(t: TFunction, titleKey: string, error: unknown): string {
  return `${t(titleKey)}\n${adminErrorText(t, error)}`;
}
