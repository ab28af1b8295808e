import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TMessage } from '@betoch/contracts/conversations';
import { FakeEventSource } from '../test/fake-event-source';
import { CONVERSATION_ID, message, threadAnswer } from '../test/fixtures';
import { fakeApi } from '@/test/render';
import { renderChat } from '../test/render-chat';
import { ThreadPage } from './thread-page';

describe('An open thread without reloading', { timeout: 20_000 }, () => {
  it("shows the other side's new message when the stream says this conversation changed", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.all = [];
    let messages: TMessage[] = [message({ body_text: 'Is it free?' })];
    const api = fakeApi();
    api.answer('GET', `/conversations/${CONVERSATION_ID}/messages`, () => ({
      body: threadAnswer(messages, { is_reply_unlocked: true, owner_has_replied: true }),
    }));
    api.answer('POST', '/realtime/ticket', () => ({ body: { ok: true, ticket: 't', expires_in: 60, stream_url: '/api/realtime/stream?ticket=t' } }));
    renderChat({ routes: [{ path: '/chat/:id', element: <ThreadPage /> }], path: `/chat/${CONVERSATION_ID}` });
    await screen.findByText('Is it free?');
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    const stream = FakeEventSource.open[0]!;
    act(() => stream.onopen?.());

    // Another conversation changed: this thread is not asked again.
    const loads = () => api.callsTo('GET', `/conversations/${CONVERSATION_ID}/messages`).length;
    const before = loads();
    act(() => stream.emit('message', { conversation_id: 'another' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(loads()).toBe(before);

    messages = [...messages, message({ role: 'owner', mine: false, body_text: 'Yes, come on Saturday.' })];
    act(() => stream.emit('message', { conversation_id: CONVERSATION_ID }));
    await screen.findByText('Yes, come on Saturday.');
    expect(loads()).toBe(before + 1);
  });
});
