import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { onAppEvent, type AppEventName } from './app-events';

interface CountRefresh {
  /** The browser event after which the count is asked for again. */
  event: AppEventName;
  queryKey: QueryKey;
  enabled: boolean;
  /** The query's error: only logged, with `what` could not be loaded. */
  error: unknown;
  what: string;
}

/**
 * For a count in the top bar: while `enabled`, each `event` makes the query stale and asks again
 * at once (a request already under way is kept, not cancelled); a failure is only logged.
 */
export function useCountRefresh({ event, queryKey, enabled, error, what }: CountRefresh): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onAppEvent(event, () => {
      void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    });
  }, [enabled, queryClient, event, queryKey]);
  useEffect(() => {
    if (error) console.warn(`Could not load ${what}`, error);
  }, [error, what]);
}
