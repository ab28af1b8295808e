import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { listingMessageText } from './listing-message';

/** Where the posting flow stopped. */
export type PublishStage = 'verify' | 'draft' | 'upload' | 'attach' | 'publish';

export interface PublishFailureText {
  text: string;
  /** A second line (the credits hint, a block reason, the server's detail). */
  detail?: string;
  /** insufficient_post_credits: offer the link to /wallet. */
  walletLink?: boolean;
}

/** The code translated from the common namespace, else the server's message, else nothing. */
function serverText(t: TFunction, error: ApiError): string | undefined {
  if (error.code) {
    const translated = t(`common:errors.${error.code}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return error.status > 0 && error.message ? error.message : undefined;
}

/**
 * The texts for a failure at a stage of the posting flow:
 * no answer at all -> the network text; draft -> 'Failed to create draft'; photos -> 'Failed to
 * upload photos'; publish -> the landlord cap text, the post-credits text with the wallet link,
 * the posting block with its reason, else the server's message or 'Failed to publish listing.
 * Please try again.'
 */
export function publishFailureText(t: TFunction, stage: PublishStage, error: unknown): PublishFailureText {
  const api = error instanceof ApiError ? error : null;
  if (api?.code === NETWORK_ERROR) return { text: t('common:errors.network') };
  if (stage === 'verify') return { text: api ? (serverText(t, api) ?? t('common:errors.generic')) : t('common:errors.generic') };
  if (stage === 'draft') {
    const fieldTexts = api ? Object.values(api.fields).map((m) => listingMessageText(t, m) ?? m) : [];
    return { text: t('landlord:errors.createDraft'), detail: fieldTexts.length ? fieldTexts.join(' ') : api ? serverText(t, api) : undefined };
  }
  if (stage === 'upload' || stage === 'attach') return { text: t('landlord:errors.uploadPhotos') };
  if (api?.code === 'landlord_listing_limit_exceeded') return { text: t('landlord:errors.limitReached') };
  if (api?.code === 'insufficient_post_credits') {
    return { text: serverText(t, api) ?? t('common:errors.insufficient_post_credits'), detail: t('landlord:errors.needPostCredits'), walletLink: true };
  }
  if (api?.code === 'posting_blocked') {
    return {
      text: serverText(t, api) ?? t('common:errors.posting_blocked'),
      detail: api.reason ? t('landlord:errors.blockReason', { reason: api.reason }) : undefined,
    };
  }
  return { text: (api && serverText(t, api)) || t('landlord:errors.publishFailed') };
}
