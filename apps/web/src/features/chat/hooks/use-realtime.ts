import { useEffect, useRef, useState } from 'react';
import type { RealtimeListener } from '../lib/realtime-client';

/**
 * Listens to the tab's event stream while `token` is set (signed in); answers whether the stream
 * is connected. The stream client is loaded after the page has painted, in its own small file.
 * Handlers may change between renders; the latest ones are called.
 */
export function useRealtime(token: string | null, handlers: Omit<RealtimeListener, 'onStatus'> = {}): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!token) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const listener: RealtimeListener = {
      onMessage: (id) => latest.current.onMessage?.(id),
      onUnread: (count) => latest.current.onUnread?.(count),
      onStatus: setConnected,
    };
    const start = () => {
      import('../lib/realtime-client')
        .then(({ subscribeRealtime }) => {
          if (!cancelled) unsubscribe = subscribeRealtime(token, listener);
        })
        .catch((error: unknown) => console.warn('Could not load the message stream', error));
    };
    // After first paint: the stream is never in the way of the page itself.
    const timer = setTimeout(start, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe?.();
      setConnected(false);
    };
  }, [token]);

  return connected;
}
