import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { adminErrorText } from './failure-text';

/** The codes a revocation call meets, in this screen's own words (undefined for any other). */
function ownWords(t: TFunction, code: string | undefined): string | undefined {
  switch (code) {
    case 'self_approval_forbidden':
      return t('admin:faydaRevocations.errors.self_approval_forbidden');
    case 'revocation_not_pending':
      return t('admin:faydaRevocations.errors.revocation_not_pending');
    case 'revocation_pending':
      return t('admin:faydaRevocations.errors.revocation_pending');
    case 'invalid_state':
      return t('admin:faydaRevocations.errors.invalid_state');
    case 'user_not_found':
      return t('admin:faydaRevocations.errors.user_not_found');
    default:
      return undefined;
  }
}

/**
 * Why a revocation call failed, in the interface language: the revocation's own words for the
 * codes met here (four eyes, already decided, not verified), else the admin screen's texts.
 */
export function revocationErrorText(t: TFunction, error: unknown): string {
  return (error instanceof ApiError ? ownWords(t, error.code) : undefined) ?? adminErrorText(t, error);
}
