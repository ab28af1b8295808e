import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { type TMessage, type TMessagesAnswer } from '@betoch/contracts/conversations';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { APP_EVENTS, onAppEvent } from '@/lib/app-events';
import { blurredOwnerMessage, CONVERSATION_ID, message, threadAnswer } from '../test/fixtures';
import { fakeApi, fakeUser } from '@/test/render';
import { renderChat } from '../test/render-chat';
import { ThreadPage } from './thread-page';

const PATH = `/chat/${CONVERSATION_ID}`;
const MESSAGES = `/conversations/${CONVERSATION_ID}/messages`;
const routes = [{ path: '/chat/:id', element: <ThreadPage /> }];
const landlord = fakeUser({ userType: 'landlord', roles: ['landlord'], name: 'Abebe Kebede' });

function thread(answer: () => TMessagesAnswer | { status: number; body: unknown }) {
  const api = fakeApi();
  api.answer('GET', MESSAGES, () => {
    const a = answer();
    return 'status' in a ? a : { body: a };
  });
  return api;
}

const lockedThread = () => threadAnswer([message({ body_text: 'Is it still available?' }), blurredOwnerMessage()], { owner_has_replied: true });

describe('ThreadPage for a tenant', { timeout: 20_000 }, () => {
  it("shows the header, own messages right, the owner's reply blurred on the left, and the unlock offer", async () => {
    thread(lockedThread);
    renderChat({ routes, path: PATH });
    const items = await screen.findAllByTestId('message');
    screen.getByRole('heading', { level: 1, name: 'Property Conversation' });
    expect(screen.getByRole('link', { name: /Back to Inbox/ }).getAttribute('href')).toBe('/chat');
    screen.getByRole('button', { name: 'Report conversation' });
    screen.getByText('With Abebe Kebede');

    expect(items.map((i) => [i.dataset.role, i.dataset.side])).toEqual([
      ['tenant', 'end'],
      ['owner', 'start'],
    ]);
    within(items[0]!).getByText('Is it still available?');
    within(items[1]!).getByText('Message locked');
    expect(items[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-22T08:00:00.000Z');

    const banner = within(screen.getByTestId('unlock-banner'));
    banner.getByRole('heading', { name: 'Owner replies are locked' });
    banner.getByText('Unlock to view their response for 1 credit. Once unlocked, all future messages in this conversation remain unlocked.');
    banner.getByRole('button', { name: '🔓 Unlock for 1 Credit' });
    expect(screen.getByTestId('thread-footer').textContent).toBe('Owner replies are blurred until unlocked');
    // The meaning does not rest on an emoji font: the app's own lock icon, beside the words.
    expect(screen.getByTestId('thread-footer').querySelector('svg')).not.toBeNull();
    screen.getByText(/don't share phone numbers, e-mail or Telegram/);
  });

  it('offers no unlock before the owner has written, and says so when the thread is empty', async () => {
    thread(() => threadAnswer([]));
    renderChat({ routes, path: PATH });
    await screen.findByText('No messages yet. Start the conversation!');
    expect(screen.queryByTestId('unlock-banner')).toBeNull();
  });

  it('unlocks: Unlocking... meanwhile, then the new balance, the wallet badge told, and the reply shown', async () => {
    let unlocked = false;
    const api = thread(() =>
      unlocked
        ? threadAnswer([message(), message({ role: 'owner', mine: false, body_text: `Yes! Call ${CONTACT_MASK}` })], {
            is_reply_unlocked: true,
            owner_has_replied: true,
          })
        : lockedThread(),
    );
    let finish: () => void = () => undefined;
    api.answer('POST', `/conversations/${CONVERSATION_ID}/unlock-first-reply`, () => ({
      body: { ok: true, is_reply_unlocked: true, used_credit: true, already_unlocked: false, balance: { credits: 2 } },
    }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const walletUpdated = vi.fn();
    const off = onAppEvent(APP_EVENTS.walletUpdated, walletUpdated);
    // Hold the answer until the test has seen the busy state.
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const fetchMock = globalThis.fetch as Mock<typeof fetch>;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('unlock-first-reply')) {
        await gate;
        unlocked = true;
      }
      return original(input, init);
    });

    renderChat({ routes, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: '🔓 Unlock for 1 Credit' }));
    await screen.findByRole('button', { name: 'Unlocking...' });
    // Busy: presses are ignored, but the button keeps the keyboard focus (aria-disabled).
    expect(screen.getByRole('button', { name: 'Unlocking...' }).getAttribute('aria-disabled')).toBe('true');
    finish();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Messages unlocked! New balance: 2 credits'));
    expect(walletUpdated).toHaveBeenCalled();
    await screen.findByText('[contact hidden - unlock the contact to see it]');
    screen.getByText(/Yes! Call/);
    expect(screen.queryByTestId('unlock-banner')).toBeNull();
    expect(screen.getByTestId('thread-footer').textContent).toBe('Messages unlocked - you can see all replies');
    off();
  });

  it('without credits asks to go to the wallet and carries the way back', async () => {
    const api = thread(lockedThread);
    api.answer('POST', `/conversations/${CONVERSATION_ID}/unlock-first-reply`, () => ({
      status: 402,
      body: { ok: false, error: 'insufficient_credits', message: 'Not enough credits' },
    }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderChat({ routes, path: PATH });

    fireEvent.click(await screen.findByRole('button', { name: '🔓 Unlock for 1 Credit' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith("You don't have enough credits. Would you like to go to the wallet to buy more?"));
    // Declined: the thread stays.
    screen.getByRole('heading', { level: 1, name: 'Property Conversation' });

    fireEvent.click(await screen.findByRole('button', { name: '🔓 Unlock for 1 Credit' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/wallet');
    expect(JSON.parse(where.dataset.state!)).toEqual({ returnTo: PATH, returnAfterPurchase: true });
  });

  it('reports any other unlock failure in an alert', async () => {
    const api = thread(lockedThread);
    api.answer('POST', `/conversations/${CONVERSATION_ID}/unlock-first-reply`, () => ({
      status: 500,
      body: { ok: false, error: 'something_new', message: 'The server says why.' },
    }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderChat({ routes, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: '🔓 Unlock for 1 Credit' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to unlock messages'));
    screen.getByRole('button', { name: '🔓 Unlock for 1 Credit' });
  });
});

describe('ThreadPage message box', { timeout: 20_000 }, () => {
  it('keeps Send disabled while blank, and a blank submit asks for a message', async () => {
    thread(lockedThread);
    renderChat({ routes, path: PATH });
    const field = await screen.findByPlaceholderText('Type your message...');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.input(field, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a message');
  });

  it('sends the trimmed text, clears the box, shows the message and fires messageReceived', async () => {
    let messages: TMessage[] = [message({ body_text: 'Hello' })];
    const api = thread(() => threadAnswer(messages));
    api.answer('POST', `/conversations/${CONVERSATION_ID}/reply`, (call) => {
      const sent = message({ body_text: (call.body as { body: string }).body });
      messages = [...messages, sent];
      return { body: { ok: true, conversation_id: CONVERSATION_ID, message: sent } };
    });
    const received = vi.fn();
    const off = onAppEvent(APP_EVENTS.messageReceived, received);
    renderChat({ routes, path: PATH });
    const field = (await screen.findByPlaceholderText('Type your message...')) as HTMLTextAreaElement;
    await waitFor(() => expect(received).toHaveBeenCalled()); // after the load
    received.mockClear();

    fireEvent.input(field, { target: { value: '  Can I visit on Saturday?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Can I visit on Saturday?');
    expect(api.callsTo('POST', `/conversations/${CONVERSATION_ID}/reply`)[0]!.body).toEqual({ body: 'Can I visit on Saturday?' });
    expect(field.value).toBe('');
    expect(received).toHaveBeenCalled();
    off();
  });

  it('shows a send failure under the field and keeps the text', async () => {
    const api = thread(lockedThread);
    api.answer('POST', `/conversations/${CONVERSATION_ID}/reply`, () => ({
      status: 500,
      body: { ok: false, error: 'something_new', message: 'The server says why.' },
    }));
    renderChat({ routes, path: PATH });
    const field = (await screen.findByPlaceholderText('Type your message...')) as HTMLTextAreaElement;
    fireEvent.input(field, { target: { value: 'Hello again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send message');
    expect(field.value).toBe('Hello again');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it("names a known failure in the user's words (too many messages)", async () => {
    const api = thread(lockedThread);
    api.answer('POST', `/conversations/${CONVERSATION_ID}/reply`, () => ({
      status: 429,
      body: { ok: false, error: 'rate_limited', message: 'The server says why.', retry_after: 30 },
    }));
    renderChat({ routes, path: PATH });
    fireEvent.input(await screen.findByPlaceholderText('Type your message...'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
  });
});

describe('ThreadPage for the owner', { timeout: 20_000 }, () => {
  it("puts the owner's messages left and the tenant's right, with the owner's footer and no unlock", async () => {
    thread(() =>
      threadAnswer([message({ mine: false, body_text: 'Is it free?' }), message({ role: 'owner', mine: true, body_text: 'Yes, come and see it.' })], {
        viewer_role: 'owner',
        owner_has_replied: true,
        participants: { tenant_phone: null, tenant_name: 'Hana Tesfaye', owner_name: 'Abebe Kebede' },
      }),
    );
    renderChat({ routes, path: PATH, user: landlord });
    const items = await screen.findAllByTestId('message');
    expect(items.map((i) => i.dataset.side)).toEqual(['end', 'start']);
    within(items[1]!).getByText('Yes, come and see it.');
    within(items[1]!).getByText(/You ·/);
    screen.getByText('With Hana Tesfaye');
    expect(screen.queryByTestId('unlock-banner')).toBeNull();
    expect(screen.getByTestId('thread-footer').textContent).toBe('As the property owner, you can reply freely. Tenant will unlock to see your full messages.');
  });
});

describe('ThreadPage loading, errors and the report modal', { timeout: 20_000 }, () => {
  it('shows the load failure and a way back to the inbox', async () => {
    thread(() => ({ status: 404, body: { ok: false, error: 'not_found', message: 'Conversation not found' } }));
    renderChat({ routes, path: PATH });
    await screen.findByText('Failed to load messages');
    screen.getByText('Not found.');
    expect(screen.getByRole('link', { name: 'Back to Inbox' }).getAttribute('href')).toBe('/chat');
  });

  it('reports the conversation: harassment by default, then the confirmation and Continue; a failure shows on the details', async () => {
    const api = thread(lockedThread);
    let fail = true;
    api.answer('POST', '/reports', (call) =>
      fail
        ? { status: 409, body: { ok: false, error: 'already_reported', message: 'The server says why.' } }
        : {
            body: {
              ok: true,
              report: {
                _id: 'r1',
                targetType: 'conversation',
                targetId: CONVERSATION_ID,
                reason: 'harassment',
                details: null,
                createdAt: '2026-11-22T08:00:00.000Z',
                ...(call.body as object),
              },
            },
          },
    );
    renderChat({ routes, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Report conversation' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('Reason') as HTMLSelectElement).value).toBe('harassment');

    fireEvent.input(dialog.getByLabelText(/Details/), { target: { value: '  He insulted me  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit report' }));
    await dialog.findByText('You have already reported this.');
    expect(api.callsTo('POST', '/reports')[0]!.body).toEqual({
      targetType: 'conversation',
      targetId: CONVERSATION_ID,
      reason: 'harassment',
      details: 'He insulted me',
    });

    fail = false;
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'scam' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit report' }));
    await dialog.findByText('Report submitted');
    expect(api.callsTo('POST', '/reports')[1]!.body).toMatchObject({ reason: 'scam' });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again: a fresh form.
    fireEvent.click(screen.getByRole('button', { name: 'Report conversation' }));
    const again = within(await screen.findByRole('dialog'));
    expect((again.getByLabelText('Reason') as HTMLSelectElement).value).toBe('harassment');
    expect((again.getByLabelText(/Details/) as HTMLTextAreaElement).value).toBe('');
  });

  it('reads in Amharic', async () => {
    thread(lockedThread);
    renderChat({ routes, path: PATH, lng: 'am' });
    await screen.findByText('መልዕክቱ ተቆልፏል');
    screen.getByRole('heading', { level: 1, name: 'ስለ ቤቱ የሚደረግ ውይይት' });
    screen.getByRole('button', { name: '🔓 በ1 ክሬዲት ይክፈቱ' });
    screen.getByPlaceholderText('መልዕክትዎን ይጻፉ...');
    expect(screen.getByTestId('thread-footer').textContent).toBe('የባለቤቱ መልሶች እስኪከፍቷቸው ድረስ ደብዝዘው ይታያሉ');
  });
});
