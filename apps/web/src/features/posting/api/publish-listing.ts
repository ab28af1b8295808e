import type { TPublishListingAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';

/** POST /listings/{id}/publish: makes a draft live under the landlord cap or the broker's credits. */
export function publishListing(id: string): Promise<TPublishListingAnswer> {
  return apiRequest<TPublishListingAnswer>(`/listings/${encodeURIComponent(id)}/publish`, { method: 'POST' });
}
