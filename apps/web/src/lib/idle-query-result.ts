import { QueryClient, QueryObserver, type UseQueryResult } from '@tanstack/react-query';

let idle: UseQueryResult<never> | undefined;

/**
 * What useQuery answers for a read that is not asked (`enabled: false`) and has no data: pending,
 * idle, no error. The server's build answers a session's own reads with it
 * (lib/drawn-on-server.ts), as the browser's first, hydrating render does, without a query
 * observer per page. Made once, from a client of its own, and never changed.
 */
export function idleQueryResult<T>(): UseQueryResult<T> {
  idle ??= Object.freeze(new QueryObserver(new QueryClient(), { queryKey: ['idle'], enabled: false }).getCurrentResult()) as UseQueryResult<never>;
  return idle;
}
