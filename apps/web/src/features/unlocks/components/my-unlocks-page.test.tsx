import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { MyUnlocksPage } from './my-unlocks-page';

function renderPage(lng: 'en' | 'am' = 'en') {
  renderApp({ routes: [{ path: '/my-unlocks', element: <MyUnlocksPage /> }], path: '/my-unlocks', lng, user: fakeUser() });
}

const photo = {
  url: '/media/a/1280.webp',
  key: 'a',
  width: 1280,
  height: 853,
  sizes: [{ url: '/media/a/320.webp', width: 320, height: 213 }],
  placeholder: 'data:image/webp;base64,AAAA',
};

const unlocks = [
  {
    _id: 'u2',
    listing: { _id: 'l-2', title: 'Villa in Bole', title_generated: false, subcity: 'Bole', type: 'villa', bedrooms: null, price_etb: 45000, photos: [] },
    poster_phone: '+251911000021',
    unlocked_at: '2026-11-21T09:00:00.000Z',
    used_credit: false,
    refund_claim_until: null,
    refund_claimable: false,
    refund: null,
  },
  {
    _id: 'u1',
    listing: {
      _id: 'l-1',
      title: 'Apartment in Yeka',
      title_generated: false,
      subcity: 'Yeka',
      type: 'apartment',
      bedrooms: 2,
      price_etb: 12500,
      photos: [photo],
    },
    poster_phone: '+251922334455',
    unlocked_at: '2026-11-20T09:00:00.000Z',
    used_credit: true,
    // A paid unlock whose 72 hours for a refund claim are over.
    refund_claim_until: '2026-11-23T09:00:00.000Z',
    refund_claimable: false,
    refund: null,
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/my-unlocks', () => {
  it('shows each unlock with photo or placeholder, place, price, a call link, its date and badge', async () => {
    fakeApi().answer('GET', '/listings/unlocked/my-unlocks', () => ({ body: { ok: true, unlocks } }));
    renderPage();
    const cards = await screen.findAllByTestId('unlock-card');
    expect(cards).toHaveLength(2);

    const [villa, flat] = cards as [HTMLElement, HTMLElement];
    within(villa).getByText('No photo');
    expect(villa.textContent).toContain('Bole · Villa');
    expect(villa.textContent).toContain('45,000 ETB');
    expect(villa.textContent).toContain('Unlimited subscription');
    expect(villa.textContent).toContain('Unlocked November 21, 2026');
    const call = within(villa).getByRole('link', { name: '0911 00 00 21, call the poster of Villa in Bole' });
    expect(call.getAttribute('href')).toBe('tel:+251911000021');
    expect(call.textContent).toBe('0911 00 00 21');

    expect(flat.querySelector('img')?.getAttribute('src')).toBe('/media/a/320.webp');
    expect(flat.textContent).toContain('Used 1 credit');
    expect(flat.textContent).toContain('12,500 ETB');

    // The card link and the call link are separate, neither inside the other.
    const open = within(flat).getByRole('link', { name: 'Apartment in Yeka' });
    const flatCall = within(flat).getByRole('link', { name: /0922 33 44 55/ });
    expect(open.contains(flatCall) || flatCall.contains(open)).toBe(false);
    await userEvent.click(open);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/l/l-1'));
  });

  it('with none yet: No Unlocked Contacts Yet and Browse Listings', async () => {
    fakeApi().answer('GET', '/listings/unlocked/my-unlocks', () => ({ body: { ok: true, unlocks: [] } }));
    renderPage();
    await screen.findByRole('heading', { name: 'No Unlocked Contacts Yet' });
    await userEvent.click(screen.getByRole('link', { name: 'Browse Listings' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/browse'));
  });

  it('a failed load says Failed to load unlocks with Try Again', async () => {
    let fail = true;
    fakeApi().answer('GET', '/listings/unlocked/my-unlocks', () =>
      fail ? { status: 500, body: { ok: false, error: 'internal_error', message: 'The server says why.' } } : { body: { ok: true, unlocks } },
    );
    renderPage();
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('Failed to load unlocks');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('unlock-card')).toHaveLength(2);
  });

  it('reads in Amharic, prices in ብር', async () => {
    fakeApi().answer('GET', '/listings/unlocked/my-unlocks', () => ({ body: { ok: true, unlocks } }));
    renderPage('am');
    const [villa] = (await screen.findAllByTestId('unlock-card')) as [HTMLElement];
    expect(villa.textContent).toContain('ቦሌ · ቪላ');
    expect(villa.textContent).toContain('45,000 ብር');
    expect(villa.textContent).toContain('ያልተገደበ ጥቅል');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('የከፈትኳቸው ስልክ ቁጥሮች');
  });
});
