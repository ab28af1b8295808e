import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNotification } from '@betoch/contracts/saved-searches';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const gone: TNotification = {
  _id: 'n-gone',
  kind: 'saved_listing_gone',
  listing: {
    _id: 'l-1',
    title: 'Sunny flat near Edna Mall',
    title_generated: false,
    type: 'apartment',
    bedrooms: 2,
    subcity: 'Bole',
    price: 18000,
    available: false,
  },
  search_name: null,
  read: false,
  created_at: minutesAgo(5),
};

const match: TNotification = {
  _id: 'n-match',
  kind: 'saved_search_match',
  listing: { _id: 'l-2', title: 'Villa with a garden', title_generated: false, type: 'villa', bedrooms: 4, subcity: 'Yeka', price: 45000, available: true },
  search_name: 'Yeka villas',
  read: true,
  created_at: minutesAgo(90),
};

function answer(unread = 1) {
  const api = fakeApi();
  api.answer('GET', '/notifications', () => ({ body: { ok: true, notifications: [gone, match], unread } }));
  api.answer('GET', '/notifications/unread-count', () => ({ body: { ok: true, count: unread } }));
  api.answer('POST', '/notifications/n-gone/read', () => ({ body: { ok: true, count: unread - 1 } }));
  return api;
}

function renderBellAndList(lng: 'en' | 'am') {
  return renderApp({
    routes: [
      {
        path: '/notifications',
        element: (
          <>
            <NotificationBell />
            <NotificationsPage />
          </>
        ),
      },
    ],
    path: '/notifications',
    lng,
    user: fakeUser(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the bell and its list: a saved home that left the market', { timeout: 20_000 }, () => {
  it('counts it and says so in English, with the title and subcity and no price; opening it marks it read and opens /saved', async () => {
    const api = answer();
    renderBellAndList('en');
    const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByTestId('notification-count').textContent).toBe('1');

    const item = await screen.findByRole('link', { name: /A home you saved is no longer available/ });
    expect(item.getAttribute('href')).toBe('/saved');
    expect(item.textContent).toContain('Unread');
    expect(item.textContent).toContain('Sunny flat near Edna Mall');
    expect(item.textContent).toContain('Bole');
    expect(item.textContent).not.toContain('18,000');
    // The new-match notification beside it keeps its own words, price and link.
    const other = screen.getByRole('link', { name: /New home for your search “Yeka villas”/ });
    expect(other.getAttribute('href')).toBe('/l/l-2');
    expect(other.textContent).toContain('45,000');

    await userEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/saved'));
    expect(api.callsTo('POST', '/notifications/n-gone/read')).toHaveLength(1);
  });

  it('says so in Amharic, with the subcity in Amharic', async () => {
    answer(2);
    renderBellAndList('am');
    await screen.findByRole('link', { name: 'ማሳወቂያዎች፣ 2 ያልተነበቡ' });
    const item = await screen.findByRole('link', { name: /ያስቀመጡት ቤት ከአሁን በኋላ አይገኝም/ });
    expect(item.getAttribute('href')).toBe('/saved');
    expect(item.textContent).toContain('ያልተነበበ');
    expect(item.textContent).toContain('Sunny flat near Edna Mall');
    expect(item.textContent).toContain('ቦሌ');
    screen.getByRole('link', { name: /ለፍለጋዎ “Yeka villas” አዲስ ቤት/ });
  });
});
