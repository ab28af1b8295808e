import { useQuery, type QueryKey } from '@tanstack/react-query';
import { UNREAD_REFRESH_MS } from '@betoch/contracts/constants';

/**
 * A badge's count while signed in (the bell, Messages): asked every 30 s and whenever its query is
 * invalidated. Signed out and back in as someone else: never the last account's count.
 */
export function useBadgeCount<T>(queryKey: QueryKey, ask: (signal: AbortSignal) => Promise<T>, enabled: boolean) {
  return useQuery({ queryKey, queryFn: ({ signal }) => ask(signal), enabled, staleTime: 0, refetchInterval: UNREAD_REFRESH_MS, gcTime: 0 });
}
