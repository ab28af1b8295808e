import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { FakeEventSource } from '../test/fake-event-source';
import { fakeApi, fakeUser } from '@/test/render';
import { renderChat } from '../test/render-chat';
import { UnreadBadge } from './unread-badge';

const routes = [{ path: '/', element: <UnreadBadge /> }];

function unread(counts: number[]) {
  const api = fakeApi();
  let i = 0;
  api.answer('GET', '/conversations/unread-count', () => ({ body: { ok: true, count: counts[Math.min(i++, counts.length - 1)] } }));
  return api;
}

describe('UnreadBadge', { timeout: 20_000 }, () => {
  it('shows the count with a spoken label, 99+ above 99, and nothing at 0', async () => {
    unread([150]);
    const view = renderChat({ routes, path: '/' });
    const badge = await screen.findByTestId('unread-badge');
    expect(badge.textContent).toBe('99+ (150 unread messages)');
    view.unmount();

    unread([0]);
    const api = fakeApi();
    api.answer('GET', '/conversations/unread-count', () => ({ body: { ok: true, count: 0 } }));
    renderChat({ routes, path: '/' });
    await waitFor(() => expect(api.callsTo('GET', '/conversations/unread-count')).toHaveLength(1));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('asks nothing for a visitor', async () => {
    const api = unread([3]);
    renderChat({ routes, path: '/', user: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('asks again on messageReceived', async () => {
    const api = unread([1, 4]);
    renderChat({ routes, path: '/' });
    expect((await screen.findByTestId('unread-badge')).textContent).toMatch(/^1 /);
    act(() => emitAppEvent(APP_EVENTS.messageReceived));
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toMatch(/^4 /));
    expect(api.callsTo('GET', '/conversations/unread-count')).toHaveLength(2);
  });

  it('asks again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = unread([1, 2]);
    renderChat({ routes, path: '/' });
    expect((await screen.findByTestId('unread-badge')).textContent).toMatch(/^1 /);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(api.callsTo('GET', '/conversations/unread-count')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toMatch(/^2 /));
  });

  it('only logs a failure', async () => {
    const api = fakeApi();
    api.answer('GET', '/conversations/unread-count', () => ({ status: 500, body: { ok: false, error: 'internal_error', message: 'The server says why.' } }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderChat({ routes, path: '/' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load the unread message count', expect.anything()));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('takes the count from the event stream at once, and closes the stream on sign-out', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.all = [];
    const api = unread([1]);
    api.answer('POST', '/realtime/ticket', () => ({ body: { ok: true, ticket: 't', expires_in: 60, stream_url: '/api/realtime/stream?ticket=t' } }));
    const view = renderChat({ routes, path: '/' });
    expect((await screen.findByTestId('unread-badge')).textContent).toMatch(/^1 /);
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    act(() => FakeEventSource.open[0]!.emit('unread', { count: 7 }));
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toMatch(/^7 /));
    expect(api.callsTo('GET', '/conversations/unread-count')).toHaveLength(1);

    // Signing out (another tab, here) ends the session: the badge goes and the stream closes.
    const stream = FakeEventSource.open[0]!;
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(stream.closed).toBe(true);
    view.unmount();
  });
});

describe('UnreadBadge in Amharic', { timeout: 20_000 }, () => {
  it('speaks Amharic', async () => {
    unread([3]);
    renderChat({ routes, path: '/', lng: 'am', user: fakeUser() });
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('3 (3 ያልተነበቡ መልዕክቶች)');
  });
});
