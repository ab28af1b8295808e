import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi } from '@/lib/api-client';

/**
 * POST /listings/{id}/publish: a draft (or a listing marked rented) live, under the landlord cap
 * of 3 live listings or a broker's post credit or plan.
 */
export function publishListing(id: string) {
  return callApi(listingsCalls.publishListing, { params: { id } });
}
