import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type TConversationSummary } from '@betoch/contracts/conversations';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { summary, LISTING_ID } from '../test/fixtures';
import { fakeApi, fakeUser } from '@/test/render';
import { renderChat } from '../test/render-chat';
import { InboxPage } from './inbox-page';

const routes = [
  { path: '/chat', element: <InboxPage /> },
  { path: '/messages', element: <InboxPage /> },
];

function inbox(conversations: TConversationSummary[]) {
  const api = fakeApi();
  api.answer('GET', '/conversations', () => ({ body: { ok: true, conversations } }));
  return api;
}

const recent = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('InboxPage', { timeout: 20_000 }, () => {
  it('shows each row as the spec lists it, latest activity first, linking to the thread', async () => {
    inbox([
      summary({
        _id: 'older',
        updatedAt: recent(180),
        listing_id: {
          _id: 'L2',
          title: 'Studio in Kirkos',
          title_generated: false,
          type: 'studio',
          bedrooms: 0,
          subcity: 'Kirkos',
          price_etb: 8500,
          photos: [],
        },
        participants: { tenant_phone: null, tenant_name: 'Hana', owner_name: 'Meron Alemu' },
      }),
      summary({
        _id: 'newer',
        updatedAt: recent(5),
        owner_has_replied: true,
        unread_count: 2,
        last_message: { body_text: '', role: 'owner', blurred: true, masked: false, mine: false, createdAt: recent(5) },
      }),
    ]);
    renderChat({ routes, path: '/chat' });
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/chat/newer', '/chat/older']);

    const first = within(rows[0]!);
    first.getByText('Abebe Kebede');
    first.getByText('Locked');
    expect(first.getByTestId('last-message').textContent).toBe('Unlock to view messages');
    expect(first.getByTestId('row-unread').textContent).toBe('2 (2 unread)');
    first.getByText('2-Bedroom Apartment near Edna Mall');
    first.getByText('25,000 ETB');
    first.getByText('5 minutes ago');
    expect(rows[0]!.querySelector('img')).not.toBeNull();

    const second = within(rows[1]!);
    second.getByText('Meron Alemu');
    expect(second.queryByText('Locked')).toBeNull();
    expect(second.queryByTestId('row-unread')).toBeNull();
    second.getByText('8,500 ETB');
    second.getByText('3 hours ago');
    // No photo: the house placeholder.
    expect(rows[1]!.querySelector('img')).toBeNull();
    expect(rows[1]!.querySelector('svg')).not.toBeNull();
  });

  it("shows the owner the tenant's name and the text, with hidden contacts translated", async () => {
    inbox([
      summary({
        viewer_role: 'owner',
        owner_has_replied: true,
        unread_count: 120,
        // The row's time is the conversation's last activity: now, whatever the clock says.
        updatedAt: recent(0),
        participants: { tenant_phone: null, tenant_name: 'Hana Tesfaye', owner_name: 'Abebe Kebede' },
        last_message: { body_text: `Call me on ${CONTACT_MASK}`, role: 'tenant', blurred: false, masked: true, mine: false, createdAt: recent(0) },
      }),
    ]);
    renderChat({ routes, path: '/messages', user: fakeUser({ userType: 'landlord', roles: ['landlord'] }) });
    const row = within(await screen.findByTestId('conversation-row'));
    row.getByText('Hana Tesfaye');
    expect(row.queryByText('Locked')).toBeNull();
    expect(row.getByTestId('last-message').textContent).toBe('Call me on [contact hidden - unlock the contact to see it]');
    expect(row.getByTestId('row-unread').textContent).toMatch(/^99\+/);
    row.getByText('Just now');
  });

  it("says 'Message' for an empty body, 'No messages yet' without one, and names a deleted listing", async () => {
    inbox([
      summary({ _id: 'a', updatedAt: recent(1), last_message: { ...summary().last_message!, body_text: '' } }),
      summary({ _id: 'b', updatedAt: recent(2), last_message: null, listing_id: null }),
    ]);
    renderChat({ routes, path: '/chat' });
    const rows = await screen.findAllByTestId('conversation-row');
    expect(within(rows[0]!).getByTestId('last-message').textContent).toBe('Message');
    expect(within(rows[1]!).getByTestId('last-message').textContent).toBe('No messages yet');
    within(rows[1]!).getByText('Listing removed');
  });

  it('offers Browse Properties when there are no conversations', async () => {
    inbox([]);
    renderChat({ routes, path: '/chat' });
    await screen.findByRole('heading', { name: 'No conversations yet' });
    expect(screen.getByRole('link', { name: 'Browse Properties' }).getAttribute('href')).toBe('/');
  });

  it("shows one listing's conversations from the owner's 'view messages', and Show All Messages resets it", async () => {
    const api = fakeApi();
    api.answer('GET', '/conversations', (call) => ({
      body: { ok: true, conversations: call.query.get('listing_id') ? [] : [summary({ viewer_role: 'owner' })] },
    }));
    renderChat({
      routes,
      path: '/chat',
      state: { listingId: LISTING_ID, listingTitle: 'Flat in Bole' },
      user: fakeUser({ userType: 'landlord', roles: ['landlord'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Messages for "Flat in Bole"' });
    await screen.findByRole('heading', { name: 'No conversations for this listing' });
    screen.getByText('No tenants have messaged you about this listing yet.');
    expect(api.callsTo('GET', '/conversations')[0]!.query.get('listing_id')).toBe(LISTING_ID);

    fireEvent.click(screen.getByRole('button', { name: 'Show All Messages' }));
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    await screen.findByTestId('conversation-row');
    expect(api.callsTo('GET', '/conversations').at(-1)!.query.has('listing_id')).toBe(false);
  });

  it("shows the 'message sent' banner once, keeping the rest of the state", async () => {
    inbox([summary()]);
    const { router } = renderChat({ routes, path: '/chat', state: { messageSent: true, listingId: LISTING_ID } });
    await screen.findByText('Message sent! The owner will see it in their inbox.');
    await waitFor(() => expect(router.state.location.state).toEqual({ listingId: LISTING_ID }));
    screen.getByText('Message sent! The owner will see it in their inbox.');
  });

  it('says when the conversations failed to load, and Try Again loads them', async () => {
    const api = fakeApi();
    let fail = true;
    api.answer('GET', '/conversations', () =>
      fail
        ? { status: 500, body: { ok: false, error: 'internal_error', message: 'The server says why.' } }
        : { body: { ok: true, conversations: [summary()] } },
    );
    renderChat({ routes, path: '/chat' });
    await screen.findByText('Failed to load conversations');
    screen.getByText('Something went wrong on our side. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('conversation-row');
  });

  it('reads in Amharic', async () => {
    inbox([
      summary({
        owner_has_replied: true,
        updatedAt: recent(10),
        last_message: { body_text: '', role: 'owner', blurred: true, masked: false, mine: false, createdAt: recent(10) },
      }),
    ]);
    renderChat({ routes, path: '/chat', lng: 'am' });
    const row = within(await screen.findByTestId('conversation-row'));
    screen.getByRole('heading', { level: 1, name: 'መልዕክቶች' });
    row.getByText('ተቆልፏል');
    expect(row.getByTestId('last-message').textContent).toBe('መልዕክቶቹን ለማየት ይክፈቱ');
    row.getByText('25,000 ብር');
    row.getByText('ከ10 ደቂቃዎች በፊት');
  });

  it('reads the empty states in Amharic', async () => {
    inbox([]);
    renderChat({ routes, path: '/chat', lng: 'am', state: { listingId: LISTING_ID, listingTitle: 'ቤት በቦሌ' } });
    await screen.findByRole('heading', { level: 1, name: 'ስለ "ቤት በቦሌ" የመጡ መልዕክቶች' });
    await screen.findByText('እስካሁን ስለዚህ ማስታወቂያ መልዕክት የላከልዎ ተከራይ የለም።');
    screen.getByRole('button', { name: 'ሁሉንም መልዕክቶች ይመልከቱ' });
  });
});
