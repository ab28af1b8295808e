import { queryOptions, useQuery } from '@tanstack/react-query';
import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import { callApi } from '@/lib/api-client';

export const confirmLinkKeys = { link: (token: string) => ['confirm-link', token] as const };

/** GET /confirm-links/{token}: the listing an SMS link asks about (no sign-in); 410 once used or expired. */
export function getConfirmLink(token: string, signal?: AbortSignal) {
  return callApi(freshnessCalls.getConfirmLink, { params: { token } }, { signal });
}

export function confirmLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: confirmLinkKeys.link(token),
    queryFn: ({ signal }) => getConfirmLink(token, signal),
    // A spent link stays spent: asking again would not help.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfirmLink(token: string) {
  return useQuery(confirmLinkQueryOptions(token));
}
