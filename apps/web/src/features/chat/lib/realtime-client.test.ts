import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_EVENTS, onAppEvent } from '@/lib/app-events';
import { FakeEventSource } from '../test/fake-event-source';
import { retryDelay, streamUrl, subscribeRealtime, type RealtimeListener } from './realtime-client';

/** The fake with a handle on the newest stream. */
class LastEventSource extends FakeEventSource {
  static get last(): FakeEventSource {
    return FakeEventSource.all[FakeEventSource.all.length - 1]!;
  }
}

let ticketStatus = 200;
let ticketCalls = 0;
let ticketAuth: string[] = [];

beforeEach(() => {
  FakeEventSource.all = [];
  ticketStatus = 200;
  ticketCalls = 0;
  ticketAuth = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      ticketCalls += 1;
      ticketAuth.push(String((init?.headers as Record<string, string>).authorization));
      const body =
        ticketStatus === 200
          ? { ok: true, ticket: `t${ticketCalls}`, expires_in: 60, stream_url: `/api/realtime/stream?ticket=t${ticketCalls}` }
          : { ok: false, error: ticketStatus === 401 ? 'invalid_token' : 'internal_error', message: 'The server says why.' };
      return new Response(JSON.stringify(body), { status: ticketStatus, headers: { 'content-type': 'application/json' } });
    }),
  );
});

let unsubscribers: Array<() => void> = [];
afterEach(() => {
  for (const u of unsubscribers) u();
  unsubscribers = [];
});

function listen(token: string, listener: RealtimeListener = {}) {
  const calls = { messages: [] as string[], unread: [] as number[], status: [] as boolean[] };
  const stop = subscribeRealtime(token, {
    onMessage: (id) => {
      calls.messages.push(id);
      listener.onMessage?.(id);
    },
    onUnread: (n) => calls.unread.push(n),
    onStatus: (s) => calls.status.push(s),
  });
  unsubscribers.push(stop);
  return { calls, stop };
}

describe('the realtime client', () => {
  it('opens one stream per tab with a ticket bought with the session token, and passes its events on', async () => {
    const first = listen('token-a');
    const second = listen('token-a');
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    expect(ticketCalls).toBe(1);
    expect(ticketAuth).toEqual(['Bearer token-a']);
    expect(LastEventSource.last.url).toBe('/api/realtime/stream?ticket=t1');

    const received = vi.fn();
    const off = onAppEvent(APP_EVENTS.messageReceived, received);
    LastEventSource.last.onopen?.();
    LastEventSource.last.emit('unread', '{"count":3}');
    LastEventSource.last.emit('message', '{"conversation_id":"c1"}');
    LastEventSource.last.emit('unread', 'not json');
    LastEventSource.last.emit('unread', '{"count":-1}');
    off();

    expect(first.calls.unread).toEqual([3]);
    expect(second.calls.unread).toEqual([3]);
    expect(first.calls.messages).toEqual(['c1']);
    expect(first.calls.status).toEqual([false, true]);
    // One browser event per stream event, however many screens listen.
    expect(received).toHaveBeenCalledTimes(1);
  });

  it('closes the stream when the last listener leaves', async () => {
    const a = listen('token-a');
    const b = listen('token-a');
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    a.stop();
    expect(LastEventSource.last.closed).toBe(false);
    b.stop();
    expect(LastEventSource.last.closed).toBe(true);
  });

  it('opens a new stream for another session (signed out and in as someone else)', async () => {
    const a = listen('token-a');
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    a.stop();
    listen('token-b');
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    expect(ticketAuth).toEqual(['Bearer token-a', 'Bearer token-b']);
  });

  it('reconnects with a new ticket after a failure, waiting longer each time', async () => {
    vi.useFakeTimers();
    const { calls } = listen('token-a');
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    LastEventSource.last.onopen?.();
    LastEventSource.last.onerror?.();
    expect(LastEventSource.last.closed).toBe(true);
    expect(calls.status.at(-1)).toBe(false);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(LastEventSource.last.url).toBe('/api/realtime/stream?ticket=t2');

    // Fails again before opening: the next wait is 10 s.
    LastEventSource.last.onerror?.();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(3));

    // Once open, the delay starts over at 5 s.
    LastEventSource.last.onopen?.();
    LastEventSource.last.onerror?.();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(4));
  });

  it('retries when the ticket call fails, and gives up when the session is gone (401)', async () => {
    vi.useFakeTimers();
    ticketStatus = 500;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    listen('token-a');
    await vi.waitFor(() => expect(ticketCalls).toBe(1));
    ticketStatus = 401;
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(ticketCalls).toBe(2));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ticketCalls).toBe(2);
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('grows the delay from 5 s to at most 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it('opens the stream on the API host when the API lives elsewhere', () => {
    expect(streamUrl('/api/realtime/stream?ticket=x', '/api')).toBe('/api/realtime/stream?ticket=x');
    expect(streamUrl('/api/realtime/stream?ticket=x', 'https://api.betoch.et/api')).toBe('https://api.betoch.et/api/realtime/stream?ticket=x');
  });
});
