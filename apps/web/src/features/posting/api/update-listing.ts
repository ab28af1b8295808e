import type { TUpdateListingAnswer, TUpdateListingRequest } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';

/** PATCH /listings/{id}: edits fields, and/or sets the ordered photo keys (first = primary). */
export function updateListing(id: string, body: TUpdateListingRequest): Promise<TUpdateListingAnswer> {
  return apiRequest<TUpdateListingAnswer>(`/listings/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}
