import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * What a failed chat action shows: the server's error code in the user's language when the app
 * knows it (common:errors.<code>, e.g. rate_limited, network_error), else the action's own
 * fallback text ('Failed to send message', 'Failed to unlock messages').
 */
export function failureText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code) {
    const known = t(`common:errors.${error.code}`, { defaultValue: '' });
    if (known) return known;
  }
  return fallback;
}
