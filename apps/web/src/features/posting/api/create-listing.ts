import type { TCreateListingAnswer, TCreateListingRequest } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';

/** POST /listings: creates a draft; the server picks the source from the poster's account. */
export function createListing(body: TCreateListingRequest): Promise<TCreateListingAnswer> {
  return apiRequest<TCreateListingAnswer>('/listings', { method: 'POST', body });
}
