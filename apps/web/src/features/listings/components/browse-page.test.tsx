import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowsePage } from './browse-page';
import { fakeApi } from '@/test/render';
import { browseAnswer, card, fakeUser, myListing, renderListings } from '../test/render-listings';

const routes = [{ path: '/browse', element: <BrowsePage /> }];

const bole = card({ _id: 'a1', title: 'Apartment in Bole', subcity: 'Bole', price_etb: 25000 });
const yeka = card({ _id: 'a2', title: 'Villa in Yeka', type: 'villa', subcity: 'Yeka', price_etb: 90000, source: 'delala' });

describe('/browse', { timeout: 20_000 }, () => {
  it('shows the homes found with their count, price, facts and broker badge', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', () => ({ body: browseAnswer([bole, yeka]) }));
    renderListings({ routes, path: '/browse' });

    await screen.findByText('2 properties found');
    // The first card is drawn with the page, the next once that has been shown.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const cards = screen.getAllByRole('article');
    expect(within(cards[0]!).getByRole('link', { name: 'Apartment in Bole' }).getAttribute('href')).toBe('/l/a1');
    within(cards[0]!).getByText('25,000 ETB');
    within(cards[0]!).getByText('2 bedrooms');
    within(cards[0]!).getByText('Edna Mall, Bole');
    expect(within(cards[0]!).queryByText('Broker')).toBeNull();
    within(cards[1]!).getByText('Broker');
    // The first photo loads at once, the rest lazily.
    expect(cards[0]!.querySelector('img')!.getAttribute('loading')).toBe('eager');
    expect(cards[1]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    // The photo's files and blurred placeholder are built from its key, widths and tint.
    const img = cards[0]!.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe('/media/p1/320.webp 320w, /media/p1/640.webp 640w');
    expect(img.getAttribute('src')).toBe('/media/p1/640.webp');
    expect(img.style.backgroundImage).toContain('data:image/bmp;base64,');

    const call = api.callsTo('GET', '/listings')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ visibility: 'live', limit: '20' });
  });

  it('puts a filter in the URL and asks the API with it', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', (call) => ({
      body: browseAnswer(call.query.get('subcity') === 'Yeka' ? [yeka] : [bole, yeka]),
    }));
    const { router } = renderListings({ routes, path: '/browse' });
    await screen.findByText('2 properties found');

    fireEvent.change(screen.getByLabelText('Subcity'), { target: { value: 'Yeka' } });
    await screen.findByText('1 property found');
    expect(router.state.location.search).toBe('?subcity=Yeka');
    expect(api.calls.at(-1)!.query.get('subcity')).toBe('Yeka');

    fireEvent.change(screen.getByLabelText('Listed by'), { target: { value: 'delala' } });
    await waitFor(() => expect(router.state.location.search).toBe('?source=delala&subcity=Yeka'));
    expect(api.calls.at(-1)!.query.get('source')).toBe('delala');
  });

  it('reads the filters of a shared link, and Clear filters empties them', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', (call) => ({ body: browseAnswer(call.query.get('price_max') ? [] : [bole]) }));
    const { router } = renderListings({ routes, path: '/browse?type=villa&price_max=1000' });

    await screen.findByRole('heading', { name: 'No properties found' });
    expect((screen.getByLabelText('Property type') as HTMLSelectElement).value).toBe('villa');
    expect((screen.getByLabelText('Max price (ETB)') as HTMLInputElement).value).toBe('1000');
    expect(api.calls[0]!.query.get('price_max')).toBe('1000');

    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear[clear.length - 1]!);
    await screen.findByText('1 property found');
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('Max price (ETB)') as HTMLInputElement).value).toBe('');
  });

  it('applies a typed price after a pause, not on every key', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', () => ({ body: browseAnswer([bole]) }));
    const { router } = renderListings({ routes, path: '/browse' });
    await screen.findByText('1 property found');

    const min = screen.getByLabelText('Min price (ETB)');
    fireEvent.input(min, { target: { value: '20,000' } });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?price_min=20000'), { timeout: 2000 });
    await waitFor(() => expect((min as HTMLInputElement).value).toBe('20000'));
    expect(api.calls.at(-1)!.query.get('price_min')).toBe('20000');

    fireEvent.input(min, { target: { value: 'cheap' } });
    await screen.findByText('Enter an amount in birr, digits only.');
  });

  it('says Failed to load listings with the reason, and Try again asks again', async () => {
    const api = fakeApi();
    let fail = true;
    api.answer('GET', '/listings', () =>
      fail ? { status: 500, body: { ok: false, error: 'internal_error', message: 'Boom' } } : { body: browseAnswer([bole]) },
    );
    renderListings({ routes, path: '/browse' });

    await screen.findByText('Failed to load listings');
    screen.getByText('Something went wrong on our side. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('1 property found');
  });

  it('shows an empty state when nothing is listed', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', () => ({ body: browseAnswer([]) }));
    renderListings({ routes, path: '/browse' });
    await screen.findByRole('heading', { name: 'No properties found' });
    screen.getByText('No homes are listed right now. Please check back soon.');
  });

  it('offers more homes after the first 20 and counts them', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', (call) => (call.query.get('cursor') === 'next' ? { body: browseAnswer([yeka]) } : { body: browseAnswer([bole], 'next') }));
    renderListings({ routes, path: '/browse' });
    await screen.findByText('1+ properties found');
    // A link to the next page (what a phone without JavaScript follows); pressed here, the next
    // page comes in place and the results grow.
    const more = screen.getByRole('link', { name: 'Show more homes' });
    expect(more.getAttribute('href')).toBe('/browse?cursor=next');
    fireEvent.click(more);
    await screen.findByText('2 properties found');
    // The count changes first; the new card comes in the gradual list's next step (a transition).
    await screen.findByText(yeka.title);
    expect(screen.queryByRole('link', { name: 'Show more homes' })).toBeNull();
  });

  it('opened from that link, starts after the page before, with the filters, and leads back to the newest', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', (call) => (call.query.get('cursor') === 'next' ? { body: browseAnswer([yeka]) } : { body: browseAnswer([bole], 'next') }));
    renderListings({ routes, path: '/browse?type=apartment&cursor=next' });
    await screen.findByText('1 property found');
    screen.getByText(yeka.title);
    expect(screen.queryByText(bole.title)).toBeNull();
    const first = api.callsTo('GET', '/listings')[0]!;
    expect(first.query.get('cursor')).toBe('next');
    expect(first.query.get('type')).toBe('apartment');
    expect(screen.getByRole('link', { name: 'Back to the newest homes' }).getAttribute('href')).toBe('/browse?type=apartment');
  });

  it('sends brokers to /my-listings', async () => {
    fakeApi();
    renderListings({ routes, path: '/browse', user: fakeUser({ userType: 'delala', roles: ['delala'] }) });
    expect((await screen.findByTestId('location')).textContent).toBe('/my-listings');
  });

  it('shows landlords their own listings, filtered in the browser, without the source filter', async () => {
    const api = fakeApi();
    const mine = [
      myListing({ _id: 'm1', title: 'My Bole flat', subcity: 'Bole', price_etb: 20000 }),
      myListing({ _id: 'm2', title: 'My Yeka villa', type: 'villa', subcity: 'Yeka', price_etb: 80000 }),
    ];
    api.answer('GET', '/listings/my-listings', () => ({
      body: { ok: true, listings: mine, stats: { landlord_live: 2, delala_live: 0, live: 2, draft: 0, total: 2, remaining_slots: 1 } },
    }));
    renderListings({ routes, path: '/browse?subcity=Yeka&source=delala', user: fakeUser({ userType: 'landlord', roles: ['landlord'] }) });

    await screen.findByText('1 property found');
    screen.getByRole('link', { name: 'My Yeka villa' });
    expect(screen.queryByRole('link', { name: 'My Bole flat' })).toBeNull();
    expect(screen.queryByLabelText('Listed by')).toBeNull();
    expect(api.callsTo('GET', '/listings')).toHaveLength(0);
  });

  it('speaks Amharic: subcities as people say them, prices in ብር', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', () => ({ body: browseAnswer([bole, yeka]) }));
    renderListings({ routes, path: '/browse', lng: 'am' });
    await screen.findByText('2 ቤቶች ተገኝተዋል');
    screen.getByText('25,000 ብር');
    screen.getByText('Edna Mall, ቦሌ');
    const subcities = Array.from((screen.getByLabelText('ክፍለ ከተማ') as HTMLSelectElement).options).map((o) => o.text);
    expect(subcities).toEqual(expect.arrayContaining(['ቦሌ', 'የካ', 'አራዳ', 'ቂርቆስ', 'ልደታ', 'ጉለሌ', 'አዲስ ከተማ', 'ኮልፌ ቀራንዮ', 'ንፋስ ስልክ ላፍቶ', 'አቃቂ ቃሊቲ']));
  });
});

describe('/browse on a phone', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // A narrow screen: the results first, the filters in a sheet behind a bar.
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a bar, opens the filters in a sheet that applies them, and shows them as chips that remove them', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', (call) => ({ body: browseAnswer(call.query.get('subcity') === 'Yeka' ? [yeka] : [bole, yeka]) }));
    const { router } = renderListings({ routes, path: '/browse?q=Bole' });
    await screen.findByText('2 properties found');
    // The place search is in the bar; the other fields wait in the sheet.
    expect((screen.getByLabelText('Search by place') as HTMLInputElement).value).toBe('Bole');
    expect(screen.queryByLabelText('Subcity')).toBeNull();
    const open = screen.getByRole('button', { name: 'Filters' });

    fireEvent.click(open);
    const sheet = screen.getByRole('dialog', { name: 'Filter homes' });
    fireEvent.change(within(sheet).getByLabelText('Subcity'), { target: { value: 'Yeka' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=Bole&subcity=Yeka'));
    await within(sheet).findByRole('button', { name: 'Show 1 home' });
    fireEvent.change(within(sheet).getByLabelText('Listed by'), { target: { value: 'delala' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=Bole&source=delala&subcity=Yeka'));
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Show 1 home' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Two filters on (the place search is the bar's own): the count and a chip each.
    screen.getByRole('button', { name: 'Filters 2 active' });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Brokers only (remove filter)', 'Yeka (remove filter)']);
    fireEvent.click(within(chips).getByRole('button', { name: 'Yeka (remove filter)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Bole&source=delala'));
    await screen.findByText('2 properties found');
    screen.getByRole('button', { name: 'Filters 1 active' });

    // Clear all takes the sheet's filters off and keeps the place typed in the bar.
    fireEvent.click(screen.getByRole('button', { name: 'Filters 1 active' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Bole'));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('applies a price typed in the sheet when the sheet is closed before its pause ends', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings', () => ({ body: browseAnswer([bole]) }));
    const { router } = renderListings({ routes, path: '/browse' });
    await screen.findByText('1 property found');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filter homes' });
    const max = within(sheet).getByLabelText('Max price (ETB)');
    max.focus();
    fireEvent.input(max, { target: { value: '30000' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?price_max=30000'));
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toContain('Up to 30,000 ETB');
  });

  it('gives landlords no source filter in the sheet', async () => {
    const api = fakeApi();
    api.answer('GET', '/listings/my-listings', () => ({
      body: {
        ok: true,
        listings: [myListing({ _id: 'm1', title: 'My Bole flat' })],
        stats: { landlord_live: 1, delala_live: 0, live: 1, draft: 0, total: 1, remaining_slots: 2 },
      },
    }));
    renderListings({ routes, path: '/browse?source=delala', user: fakeUser({ userType: 'landlord', roles: ['landlord'] }) });
    await screen.findByText('1 property found');
    screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    screen.getByLabelText('Subcity');
    expect(screen.queryByLabelText('Listed by')).toBeNull();
  });
});
