import { useQuery } from '@tanstack/react-query';
import type { TMessagesAnswer } from '@betoch/contracts/conversations';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from './query-keys';

/** GET /conversations/{id}/messages: the thread as the viewer may read it; marks it read. */
export function getThread(id: string, signal?: AbortSignal): Promise<TMessagesAnswer> {
  return apiRequest<TMessagesAnswer>(`/conversations/${encodeURIComponent(id)}/messages`, { signal });
}

/**
 * The open thread. `pollMs`: asked again this often (the fallback while the event stream is not
 * connected); false while live events keep it fresh.
 */
export function useThread(id: string, pollMs: number | false) {
  return useQuery({
    queryKey: chatKeys.thread(id),
    queryFn: ({ signal }) => getThread(id, signal),
    refetchOnMount: 'always',
    refetchInterval: pollMs,
  });
}
