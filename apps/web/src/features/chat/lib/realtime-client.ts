import type { TStreamTicketAnswer } from '@betoch/contracts/conversations';
import { realtimeCalls } from '@betoch/contracts/routes/realtime';
import { API_BASE, ApiError, callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';

/**
 * The tab's one event stream (docs/chat.md, "Realtime"): a one-time ticket from
 * POST /realtime/ticket, then an EventSource on the stream URL it names. Events:
 * `message` {conversation_id} (refetch that conversation; fires `messageReceived`) and
 * `unread` {count} (the badge's count). When the stream fails it is closed and opened again with a
 * new ticket after 5 s, 10 s, 20 s, 40 s, then every 60 s; a 401 for the ticket ends it (the
 * session is gone). It lives while something listens and the user is signed in: the last
 * listener leaving, or another token, closes it.
 *
 * Loaded on demand (hooks/use-realtime), so pages do not carry it in their first load. Payloads
 * are read by hand rather than with the zod contracts, to keep zod out of this small file.
 */

export interface RealtimeListener {
  onMessage?(conversationId: string): void;
  onUnread?(count: number): void;
  /** True while the stream is open (then polling can rest), false otherwise. */
  onStatus?(connected: boolean): void;
}

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

interface Connection {
  token: string;
  source: EventSource | null;
  timer: ReturnType<typeof setTimeout> | null;
  attempt: number;
  connected: boolean;
  stopped: boolean;
}

const listeners = new Set<RealtimeListener>();
let current: Connection | null = null;

/** Delay before reconnect attempt n (0-based): 5 s doubling up to 60 s. */
export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

/** The stream URL on the API's host: `/api/realtime/stream?...` stays as it is unless the API lives elsewhere. */
export function streamUrl(path: string, apiBase: string = API_BASE): string {
  if (/^https?:\/\//.test(apiBase)) return new URL(path, apiBase).toString();
  return path;
}

function setConnected(connection: Connection, connected: boolean): void {
  if (connection.connected === connected) return;
  connection.connected = connected;
  for (const l of listeners) l.onStatus?.(connected);
}

function readJson(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function scheduleReconnect(connection: Connection): void {
  if (connection.stopped || connection.timer) return;
  const delay = retryDelay(connection.attempt);
  connection.attempt += 1;
  connection.timer = setTimeout(() => {
    connection.timer = null;
    void connect(connection);
  }, delay);
}

async function connect(connection: Connection): Promise<void> {
  if (connection.stopped) return;
  let ticket: TStreamTicketAnswer;
  try {
    ticket = await callApi(realtimeCalls.streamTicket, {}, { headers: { authorization: `Bearer ${connection.token}` } });
  } catch (error) {
    // 401: the session has ended (the API client has already dealt with it); nothing to retry.
    if (error instanceof ApiError && error.status === 401) return;
    console.warn('Could not open the message stream', error);
    scheduleReconnect(connection);
    return;
  }
  if (connection.stopped) return;

  const source = new EventSource(streamUrl(ticket.stream_url));
  connection.source = source;
  source.onopen = () => {
    connection.attempt = 0;
    setConnected(connection, true);
  };
  source.addEventListener('message', (event) => {
    const data = readJson((event as MessageEvent).data);
    const id = data?.conversation_id;
    if (typeof id !== 'string') return;
    for (const l of listeners) l.onMessage?.(id);
    emitAppEvent(APP_EVENTS.messageReceived);
  });
  source.addEventListener('unread', (event) => {
    const count = readJson((event as MessageEvent).data)?.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return;
    for (const l of listeners) l.onUnread?.(count);
  });
  // Notifications (new matches, saved homes gone): the bell asks for its count again.
  source.addEventListener('notifications', () => emitAppEvent(APP_EVENTS.notificationsChanged));
  // A ticket works once, so the browser's own reconnect cannot succeed: close, and start over
  // with a new ticket.
  source.onerror = () => {
    source.close();
    if (connection.source === source) connection.source = null;
    setConnected(connection, false);
    scheduleReconnect(connection);
  };
}

function stop(): void {
  const connection = current;
  if (!connection) return;
  current = null;
  connection.stopped = true;
  if (connection.timer) clearTimeout(connection.timer);
  connection.source?.close();
  setConnected(connection, false);
}

/** After a network change, try at once instead of waiting out the delay. */
function onOnline(): void {
  const connection = current;
  if (!connection || connection.source || connection.stopped) return;
  if (connection.timer) clearTimeout(connection.timer);
  connection.timer = null;
  connection.attempt = 0;
  void connect(connection);
}

/**
 * Listens to the stream of the session with this token (opening it if needed); answers the
 * function that stops listening. Browsers without EventSource get no events (the poll remains).
 */
export function subscribeRealtime(token: string, listener: RealtimeListener): () => void {
  listeners.add(listener);
  if (typeof EventSource !== 'undefined' && current?.token !== token) {
    stop();
    const connection: Connection = { token, source: null, timer: null, attempt: 0, connected: false, stopped: false };
    current = connection;
    void connect(connection);
    window.addEventListener('online', onOnline);
  }
  listener.onStatus?.(current?.connected ?? false);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      stop();
      window.removeEventListener('online', onOnline);
    }
  };
}
