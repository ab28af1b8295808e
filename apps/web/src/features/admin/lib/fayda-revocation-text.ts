import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { adminErrorText } from './failure-text';

/**
 * Why a revocation call failed, in the interface language: the revocation's own words for the
 * codes met here (four eyes, already decided, not verified), else the admin screen's texts.
 */
export function revocationErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code) {
    const own = t(`admin:faydaRevocations.errors.${error.code}`, { defaultValue: '' });
    if (own) return own;
  }
  return adminErrorText(t, error);
}
