import { useQuery } from '@tanstack/react-query';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { chatKeys } from './query-keys';

/** GET /conversations/{id}/messages: the thread as the viewer may read it; marks it read. */
export function getThread(id: string, signal?: AbortSignal) {
  return callApi(conversationsCalls.getMessages, { params: { id } }, { signal });
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
